// `npm run bench:bundle`: what a first visit of each route downloads, measured as the server sends
// it. Builds the SPA if needed, starts the product on a free port (fresh in-memory database),
// reads dist/chunk-manifest.json (scripts/chunk-manifest-plugin.ts) and fetches every file of the
// entry and of each lazy route chunk group twice, as a browser that takes brotli and as one that
// takes only gzip, counting the bytes on the wire. The first-load total of a route is the page
// (index.html), the entry's JS and CSS, the title's brand theme and the route's own chunks; the
// fonts come separately (already compressed, and not needed to paint text: font-display swap).
// Prints the budgets as met / not met. A benchmark, not a test: it exits 0 whatever the sizes.
// BUNDLE_DIR measures another build folder instead of building and measuring dist/.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';

import type { ChunkManifest } from './chunk-manifest-plugin';
import { distDir, ensureBuild, freePort, startProduct } from './lib';

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

interface Sizes {
  readonly js: number;
  readonly css: number;
  readonly total: number;
}

/** Bytes as served of the JavaScript and CSS among `files` (+ `extra` URLs, e.g. the page). */
function sizes(files: Iterable<string>, encoding: Encoding, extra: readonly string[] = []): Sizes {
  let js = 0;
  let css = 0;
  let other = 0;
  for (const file of new Set(files)) {
    if (!isLoaded(file)) continue;
    const bytes = served.get(`/${file}`)![encoding].bytes;
    if (file.endsWith('.js')) js += bytes;
    else css += bytes;
  }
  for (const url of extra) {
    const bytes = served.get(url)![encoding].bytes;
    if (url.endsWith('.css')) css += bytes;
    else other += bytes;
  }
  return { js, css, total: js + css + other };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const PAGE = ['/', BRAND_THEME];

const groups = Object.entries(manifest.groups);
const locales = groups.filter(([name]) => name.startsWith('locale-'));
const routes = groups
  .filter(([name]) => name.startsWith('route-'))
  .map(([name, files]) => {
    const own = files.filter((file) => !manifest.entry.includes(file));
    return {
      name: name.slice('route-'.length),
      firstLoad: sizes([...manifest.entry, ...files], 'br', PAGE),
      firstLoadGzip: sizes([...manifest.entry, ...files], 'gzip', PAGE),
      own: sizes(own, 'br'),
      ownGzip: sizes(own, 'gzip'),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
const entry = sizes(manifest.entry, 'br', PAGE);
const entryGzip = sizes(manifest.entry, 'gzip', PAGE);
const page = served.get('/')!;
const vendorEncoding = served.get(`/${manifest.entry.find((file) => file.endsWith('.js'))}`)!;

console.log(
  `Bundle: ${bundleDir}, as served by the product (http://${HOST}), 1 KB = 1024 bytes.\n` +
    `Encodings sent: ${vendorEncoding.br.encoding} to a browser taking brotli, ` +
    `${vendorEncoding.gzip.encoding} to one taking gzip only; index.html ${kb(page.br.bytes)} KB ` +
    `(${page.br.encoding}). First load = index.html + entry JS/CSS + brand theme + the route's ` +
    'own chunks.\n',
);
console.log(
  '| route | JS KB | CSS KB | first load KB | first load KB (gzip) | own KB | own KB (gzip) |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|');
console.log(
  `| entry \`main\` alone | ${kb(entry.js)} | ${kb(entry.css)} | ${kb(entry.total)} | ` +
    `${kb(entryGzip.total)} | — | — |`,
);
for (const route of routes) {
  const { js, css, total } = route.firstLoad;
  console.log(
    `| ${route.name} | ${kb(js)} | ${kb(css)} | ${kb(total)} | ${kb(route.firstLoadGzip.total)} | ` +
      `${kb(route.own.total)} | ${kb(route.ownGzip.total)} |`,
  );
}

console.log('\n| locale chunk | KB | KB (gzip) |');
console.log('|---|--:|--:|');
for (const [name, files] of locales) {
  console.log(`| ${name} | ${kb(sizes(files, 'br').total)} | ${kb(sizes(files, 'gzip').total)} |`);
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const home = routes.find((route) => route.name === 'home');
const homeTotal = (home ?? { firstLoad: entry }).firstLoad.total;
console.log(
  `\nBudget: home first load (page, JS, CSS) ≤ ${HOME_FIRST_LOAD_BUDGET_KB} KB as served: ` +
    `${kb(homeTotal)} KB — ${verdict(homeTotal / 1024 <= HOME_FIRST_LOAD_BUDGET_KB)}`,
);
const others = routes.filter((route) => route !== home);
const over = others.filter((route) => route.own.total / 1024 > ROUTE_OWN_BUDGET_KB);
console.log(
  `Budget: every other route's own chunk ≤ ${ROUTE_OWN_BUDGET_KB} KB as served: ` +
    (over.length === 0
      ? `${verdict(true)} (${others.length} checked; largest ${[...others]
          .sort((a, b) => b.own.total - a.own.total)
          .slice(0, 1)
          .map((route) => `${route.name} ${kb(route.own.total)} KB`)
          .join('')})`
      : `${verdict(false)}: ${over.map((route) => `${route.name} ${kb(route.own.total)} KB`).join(', ')}`),
);
