// `npm run bench:bundle`: what a first visit of each route downloads, measured as the server sends
// it. Builds the SPA if needed, starts the product on a free port (fresh in-memory database),
// reads dist/chunk-manifest.json (scripts/chunk-manifest-plugin.ts) and fetches every file of the
// entry and of each lazy route chunk group twice, as a browser that takes brotli and as one that
// takes only gzip, counting the bytes on the wire. The first-load total of a route is the page
// (index.html), the entry's JS and CSS, the title's brand theme and the route's own chunks (with
// those of the first-screen parts its page carries, shared/page/first-screen.ts); the
// fonts come separately (already compressed, and not needed to paint text: font-display swap).
// Prints the budgets as met / not met. A benchmark, not a test: it exits 0 whatever the sizes.
// BUNDLE_DIR measures another build folder instead of building and measuring dist/.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';

import { FIRST_SCREEN_CHUNKS, FIRST_SCREEN_PATHS } from '../src/shared/page/first-screen';

import type { ChunkManifest } from './chunk-manifest-plugin';
import { distDir, ensureBuild, freePort, startProduct } from './lib';

type FirstScreenPart = keyof typeof FIRST_SCREEN_CHUNKS;

const HOME_FIRST_LOAD_BUDGET_KB = 150;
const ROUTE_OWN_BUDGET_KB = 25;
const HOST = 'fvn.localhost';
const BRAND_THEME = '/brands/fvn.css';

const bundleDir = process.env.BUNDLE_DIR ? path.resolve(process.env.BUNDLE_DIR) : distDir;
if (process.env.BUNDLE_DIR) process.env.DIST_DIR = bundleDir;
else await ensureBuild();

const manifestFile = path.join(bundleDir, 'chunk-manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `${manifestFile} is missing: rebuild with the ChunkManifestPlugin in webpack.config.ts ` +
      '(scripts/chunk-manifest-plugin.ts).',
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ChunkManifest;

type Encoding = 'br' | 'gzip';
interface Served {
  readonly bytes: number;
  readonly encoding: string;
}

/** Bytes on the wire for `url` (the body as sent, before any decompression). */
function fetchServed(port: number, url: string, encoding: Encoding, accept = '*/*') {
  return new Promise<Served>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        headers: { host: `${HOST}:${port}`, 'accept-encoding': encoding, accept },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' });
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const port = await freePort();
const product = await startProduct(port);
const served = new Map<string, Record<Encoding, Served>>();
async function measure(url: string, accept?: string) {
  if (!served.has(url)) {
    const [br, gzip] = await Promise.all([
      fetchServed(port, url, 'br', accept),
      fetchServed(port, url, 'gzip', accept),
    ]);
    served.set(url, { br, gzip });
  }
  return served.get(url)!;
}
const isLoaded = (file: string) => file.endsWith('.js') || file.endsWith('.css');
try {
  const files = new Set([...manifest.entry, ...Object.values(manifest.groups).flat()]);
  for (const file of [...files].filter(isLoaded)) await measure(`/${file}`);
  await measure('/', 'text/html');
  await measure(BRAND_THEME, 'text/css');
} finally {
  await product.stop();
}

interface FirstLoad {
  /** Scripts: the entry's and the route's own. */
  readonly js: number;
  /** Styles: the entry's, the route's own and the title's brand theme. */
  readonly css: number;
  /** The route's catalogues (common and its namespaces) in bokmål. */
  readonly texts: number;
  /** index.html. */
  readonly page: number;
  /** js + css: the budget's measure (what the issue measured). */
  readonly code: number;
  readonly total: number;
}

const bytes = (url: string, encoding: Encoding) => served.get(url)![encoding].bytes;
const sum = (files: readonly string[], encoding: Encoding, suffix: string) =>
  files
    .filter((file) => file.endsWith(suffix))
    .reduce((n, file) => n + bytes(`/${file}`, encoding), 0);

function firstLoad(
  files: readonly string[],
  texts: readonly string[],
  encoding: Encoding,
): FirstLoad {
  const all = [...new Set([...manifest.entry, ...files])];
  const js = sum(all, encoding, '.js');
  const css = sum(all, encoding, '.css') + bytes(BRAND_THEME, encoding);
  const text = sum(texts, encoding, '.js');
  const page = bytes('/', encoding);
  return { js, css, texts: text, page, code: js + css, total: js + css + text + page };
}

const kb = (n: number) => (n / 1024).toFixed(1);

/**
 * A route's files: its screen's, and the chunks of the first-screen parts its page carries (the
 * catalogue's endpoints on customer service, say), which the server preloads with it.
 */
const routeFiles = (route: ChunkManifest['routes'][number]) => [
  ...new Set([
    ...route.files,
    ...Object.entries(FIRST_SCREEN_PATHS)
      .filter(([, paths]) => paths.includes(route.path))
      .flatMap(([part]) => manifest.groups[FIRST_SCREEN_CHUNKS[part as FirstScreenPart]] ?? [])
      .filter((file) => /\.(js|css)$/.test(file) && !manifest.entry.includes(file)),
  ]),
];

const routes = manifest.routes
  .map((route) => ({ route, files: routeFiles(route) }))
  .map(({ route, files }) => ({
    name: route.path,
    br: firstLoad(files, route.locales.nb ?? [], 'br'),
    gzip: firstLoad(files, route.locales.nb ?? [], 'gzip'),
    own: sum(files, 'br', '.js') + sum(files, 'br', '.css'),
    ownGzip: sum(files, 'gzip', '.js') + sum(files, 'gzip', '.css'),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
const entry = firstLoad([], [], 'br');
const page = served.get('/')!;
const vendorEncoding = served.get(`/${manifest.entry.find((file) => file.endsWith('.js'))}`)!;

console.log(
  `Bundle: ${bundleDir}, as served by the product (http://${HOST}), 1 KB = 1024 bytes.\n` +
    `Encodings sent: ${vendorEncoding.br.encoding} to a browser taking brotli, ` +
    `${vendorEncoding.gzip.encoding} to one taking gzip only; index.html ${kb(page.br.bytes)} KB ` +
    `(${page.br.encoding}). A route's first load: the entry's scripts and styles, the brand ` +
    "theme, the route's own chunks (JS + CSS, the budget's measure), its texts in bokmål and " +
    'the page. Brotli unless marked gzip.\n',
);
console.log(
  '| route | JS KB | CSS KB | JS + CSS KB | texts KB | page KB | total KB | total KB (gzip) | own chunks KB | own KB (gzip) |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
console.log(
  `| entry \`main\` alone | ${kb(entry.js)} | ${kb(entry.css)} | ${kb(entry.code)} | — | ` +
    `${kb(entry.page)} | ${kb(entry.total)} | ${kb(firstLoad([], [], 'gzip').total)} | — | — |`,
);
for (const route of routes) {
  const { js, css, code, texts, page: html, total } = route.br;
  console.log(
    `| ${route.name} | ${kb(js)} | ${kb(css)} | ${kb(code)} | ${kb(texts)} | ${kb(html)} | ` +
      `${kb(total)} | ${kb(route.gzip.total)} | ${kb(route.own)} | ${kb(route.ownGzip)} |`,
  );
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const home = routes.find((route) => route.name === '/');
const homeCode = (home ?? { br: entry }).br.code;
console.log(
  `\nBudget: home first load JS + CSS ≤ ${HOME_FIRST_LOAD_BUDGET_KB} KB as served: ` +
    `${kb(homeCode)} KB (${homeCode.toLocaleString('en')} of ` +
    `${(HOME_FIRST_LOAD_BUDGET_KB * 1024).toLocaleString('en')} bytes) — ` +
    `${verdict(homeCode / 1024 <= HOME_FIRST_LOAD_BUDGET_KB)} ` +
    `(with its texts and the page: ${kb((home ?? { br: entry }).br.total)} KB)`,
);
const others = routes.filter((route) => route !== home);
const over = others.filter((route) => route.own / 1024 > ROUTE_OWN_BUDGET_KB);
const largest = [...others].sort((a, b) => b.own - a.own)[0];
console.log(
  `Budget: every other route's own chunks ≤ ${ROUTE_OWN_BUDGET_KB} KB as served: ` +
    (over.length === 0
      ? `${verdict(true)} (${others.length} checked; largest ${largest?.name} ${kb(largest?.own ?? 0)} KB)`
      : `${verdict(false)}: ${over.map((route) => `${route.name} ${kb(route.own)} KB`).join(', ')}`),
);
