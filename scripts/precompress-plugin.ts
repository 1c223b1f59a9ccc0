// Webpack plugin: a brotli (.br, quality 11) and a gzip (.gz, level 9) file next to every text
// asset of the production build, so the server sends compressed bytes without compressing per
// request (@fastify/static `preCompressed`, src/server/plugins/spa.ts). index.html is not among
// them: the server renders it per host and compresses it on the way out (@fastify/compress).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Compiler } from 'webpack';

const PLUGIN = 'PrecompressPlugin';
const TEXT_ASSET = /\.(?:js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After content hashing (the names are final) and before the report stage.
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.entries(assets)
            .filter(([name, source]) => TEXT_ASSET.test(name) && source.size() >= MIN_BYTES)
            .map(async ([name, source]) => {
              const buffer = source.buffer();
              const [br, gz] = await Promise.all([
                brotli(buffer, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                }),
                gzipAsync(buffer, { level: 9 }),
              ]);
              compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}
