// The build's chunk-manifest.json (written by scripts/chunk-manifest-plugin.ts): what a first
// visit of the SPA loads. Read by the server (plugins/spa.ts: a page's preloads) and by
// `npm run bench:bundle`.

export interface RouteFiles {
  /** The route's path pattern, e.g. `/betal-faktura/:ariaInvoiceNo`. */
  readonly path: string;
  /**
   * The screen's chunk files (JS and CSS) that are not part of the entry, then those of the flow
   * the screen starts (its saga, e.g. `flow-order`).
   */
  readonly files: string[];
  /** Per language, the catalogue chunk files of `common` and of the route's namespaces. */
  readonly locales: Record<string, string[]>;
}

export interface ChunkManifest {
  /** Initial files (runtime, split vendor chunks, main and its CSS) of entrypoint `main`. */
  readonly entry: string[];
  /**
   * Files of every async chunk group, keyed by the group's name (webpackChunkName, e.g.
   * `route-home`, `locale-nb-common-json`), or for an unnamed group by its chunks' ids (`#309`).
   */
  readonly groups: Record<string, string[]>;
  readonly routes: RouteFiles[];
}
