// Webpack plugin: emits chunk-manifest.json next to the build, naming the files a first visit
// loads — the initial files of entrypoint `main` — the files of every lazy chunk group, and per
// route of the SPA (src/app/routing/routes.ts) the files its first visit needs beyond the entry:
// its screen's chunks, those of the flow the screen starts, and per language its catalogues. The
// server preloads a route's files with the page (src/server/plugins/spa.ts); `npm run
// bench:bundle` sizes each route by it.
import type { Chunk, ChunkGroup, Compiler } from 'webpack';

import type { ChunkManifest } from '../src/shared/build/chunk-manifest';

export type { ChunkManifest } from '../src/shared/build/chunk-manifest';

/** What the plugin needs to know of a route (routes.ts's RouteDefinition). */
export interface RouteInput {
  readonly path: string;
  readonly chunk?: string;
  /** The chunk group of the flow the route's screen starts, fetched with the screen. */
  readonly flowChunk?: string;
  readonly namespaces?: readonly string[];
}

const PLUGIN = 'ChunkManifestPlugin';

const filesOf = (chunks: Iterable<Chunk>) => [...chunks].flatMap((chunk) => [...chunk.files]);
const loaded = (file: string) => file.endsWith('.js') || file.endsWith('.css');

function keyOf(group: ChunkGroup): string {
  return group.name ?? group.chunks.map((chunk) => `#${chunk.id ?? '?'}`).join('+');
}

export class ChunkManifestPlugin {
  constructor(
    private readonly routes: readonly RouteInput[] = [],
    private readonly languages: readonly string[] = [],
  ) {}

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
          const entry = filesOf(main.chunks);
          const group = (name: string) => {
            const files = groups[name];
            if (!files) throw new Error(`${PLUGIN}: no chunk group "${name}" in the build`);
            return files.filter((file) => loaded(file) && !entry.includes(file));
          };
          const routes = this.routes
            .filter((route) => route.chunk)
            .map((route) => ({
              path: route.path,
              files: [
                ...new Set([
                  ...group(route.chunk!),
                  ...(route.flowChunk ? group(route.flowChunk) : []),
                ]),
              ],
              locales: Object.fromEntries(
                this.languages.map((language) => [
                  language,
                  ['common', ...(route.namespaces ?? [])].flatMap((namespace) =>
                    group(`locale-${language}-${namespace}-json`),
                  ),
                ]),
              ),
            }));
          const manifest: ChunkManifest = { entry, groups, routes };
          compilation.emitAsset(
            'chunk-manifest.json',
            new sources.RawSource(JSON.stringify(manifest, null, 2) + '\n'),
          );
        },
      );
    });
  }
}
