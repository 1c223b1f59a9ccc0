// Webpack plugin for `npm run bench:bundle`: emits chunk-manifest.json next to the build, naming
// the files a first visit loads — the initial files of entrypoint `main` — and the files of every
// lazy chunk group, so the bundle benchmark can size each route without webpack's full stats.
import type { Chunk, ChunkGroup, Compiler } from 'webpack';

export interface ChunkManifest {
  /** Initial files (runtime, split vendor chunks, main and its CSS) of entrypoint `main`. */
  readonly entry: string[];
  /**
   * Files of every async chunk group, keyed by the group's name (webpackChunkName, e.g.
   * `route-home`, `locale-nb-common-json`), or for an unnamed group by its chunks' ids (`#309`).
   */
  readonly groups: Record<string, string[]>;
}

const PLUGIN = 'ChunkManifestPlugin';

const filesOf = (chunks: Iterable<Chunk>) => [...chunks].flatMap((chunk) => [...chunk.files]);

function keyOf(group: ChunkGroup): string {
  return group.name ?? group.chunks.map((chunk) => `#${chunk.id ?? '?'}`).join('+');
}

export class ChunkManifestPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After real content hashing has given the files their final names.
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const main = compilation.entrypoints.get('main');
          if (!main) throw new Error(`${PLUGIN}: the build has no entrypoint "main"`);
          const groups: Record<string, string[]> = {};
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue;
            groups[keyOf(group)] = filesOf(group.chunks);
          }
          const manifest: ChunkManifest = { entry: filesOf(main.chunks), groups };
          compilation.emitAsset(
            'chunk-manifest.json',
            new sources.RawSource(JSON.stringify(manifest, null, 2) + '\n'),
          );
        },
      );
    });
  }
}
