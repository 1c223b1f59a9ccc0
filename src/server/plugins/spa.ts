// Serves the built SPA: content-hashed assets cached as immutable, index.html never cached, and
// the history fallback (any other GET that accepts HTML gets index.html so the router decides).
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|svg|png|jpg|webp)$/;

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Our own cache policy below, not the plugin's max-age=0.
    cacheControl: false,
    setHeaders(res, file) {
      if (HASHED_ASSET.test(file)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
  return true;
}

export function sendIndex(request: FastifyRequest, reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').sendFile('index.html');
}
