// Webpack plugin: the titles' brand themes (public/brands/<code>.css, scripts/build-themes.ts)
// copied into the build as dist/brands/<code>.css, so that PrecompressPlugin writes their brotli
// (quality 11) and gzip copies like every other stylesheet's, and the server sends those instead
// of compressing each theme per request at a lower quality (src/server/plugins/spa.ts).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { Compiler } from 'webpack';

const PLUGIN = 'BrandThemesPlugin';

export class BrandThemesPlugin {
  constructor(private readonly brandsDir: string) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.contextDependencies.add(this.brandsDir);
          for (const file of readdirSync(this.brandsDir).filter((f) => f.endsWith('.css'))) {
            const source = readFileSync(path.join(this.brandsDir, file));
            compilation.emitAsset(`brands/${file}`, new sources.RawSource(source));
          }
        },
      );
    });
  }
}
