// Response compression for what is made per request: index.html (rendered per host), API JSON,
// the brand themes and problem+json, brotli (quality 4, the cheap end) or gzip by the request's
// Accept-Encoding, from 1 KB up. The build's hashed assets are compressed once at build time
// (scripts/precompress-plugin.ts) and sent as they are (plugins/spa.ts, `preCompressed`): the
// plugin leaves a reply that already has a Content-Encoding alone. Requests are not decompressed:
// no client of this API sends a compressed body.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller bodies gain less than the CPU and the Vary header cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Must be registered before the routes: it attaches itself to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
