// `npm run bench:bundle`: what a first visit of each route downloads. Builds the SPA if needed,
// reads dist/chunk-manifest.json (emitted by scripts/chunk-manifest-plugin.ts) and prints the
// gzip size (level 9) of the entry's initial JS and CSS plus each lazy route chunk group, with
// the bundle budgets as pass/fail text. A benchmark, not a test: it exits 0 whatever the sizes.
// BUNDLE_DIR measures another build folder instead of building and measuring dist/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { ChunkManifest } from './chunk-manifest-plugin';
import { distDir, ensureBuild } from './lib';

const HOME_JS_BUDGET_KB = 150;
const ROUTE_OWN_BUDGET_KB = 30;

const bundleDir = process.env.BUNDLE_DIR ? path.resolve(process.env.BUNDLE_DIR) : distDir;
if (!process.env.BUNDLE_DIR) await ensureBuild();

const manifestFile = path.join(bundleDir, 'chunk-manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `${manifestFile} is missing: rebuild with the ChunkManifestPlugin in webpack.config.ts ` +
      '(scripts/chunk-manifest-plugin.ts).',
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ChunkManifest;

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(bundleDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

interface Sizes {
  readonly js: number;
  readonly css: number;
  readonly total: number;
}

/** Gzip bytes of the JavaScript and CSS among `files` (source maps, licences etc. are not loaded). */
function sizes(files: Iterable<string>): Sizes {
  let js = 0;
  let css = 0;
  for (const file of new Set(files)) {
    if (file.endsWith('.js')) js += gzipSize(file);
    else if (file.endsWith('.css')) css += gzipSize(file);
  }
  return { js, css, total: js + css };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const groups = Object.entries(manifest.groups);
const locales = groups.filter(([name]) => name.startsWith('locale-'));
const routeGroups = groups.filter(([name]) => name.startsWith('route-'));
// Until the SPA names its lazy routes route-<name>, every other async group stands in for one.
const fallback = routeGroups.length === 0;
const routes = (fallback ? groups.filter(([name]) => !name.startsWith('locale-')) : routeGroups)
  .map(([name, files]) => ({
    name: fallback ? `${name} (async group)` : name.slice('route-'.length),
    home: name === 'route-home',
    firstLoad: sizes([...manifest.entry, ...files]),
    own: sizes(files.filter((file) => !manifest.entry.includes(file))),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
const entry = sizes(manifest.entry);

console.log(`Bundle: ${bundleDir} (gzip level 9, 1 KB = 1024 bytes)\n`);
if (fallback) {
  console.log('No route-* chunk groups yet: listing every other async chunk group instead.\n');
}
console.log('| route | JS gzip KB | CSS gzip KB | total first-load KB | own chunk KB |');
console.log('|---|--:|--:|--:|--:|');
console.log(
  `| entry \`main\` alone | ${kb(entry.js)} | ${kb(entry.css)} | ${kb(entry.total)} | — |`,
);
for (const route of routes) {
  const { js, css, total } = route.firstLoad;
  console.log(`| ${route.name} | ${kb(js)} | ${kb(css)} | ${kb(total)} | ${kb(route.own.total)} |`);
}

console.log('\n| locale chunk | gzip KB |');
console.log('|---|--:|');
for (const [name, files] of locales) console.log(`| ${name} | ${kb(sizes(files).total)} |`);

const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const home = routes.find((route) => route.home);
const homeJs = home ? home.firstLoad.js : entry.js;
console.log(
  `\nBudget: home route first-load JS ≤ ${HOME_JS_BUDGET_KB} KB gzip: ${kb(homeJs)} KB ` +
    `${home ? '' : '(no route-home group; entry alone) '}— ${verdict(homeJs / 1024 <= HOME_JS_BUDGET_KB)}`,
);
const others = routes.filter((route) => !route.home);
const over = others.filter((route) => route.own.total / 1024 > ROUTE_OWN_BUDGET_KB);
console.log(
  `Budget: every other route's own chunk ≤ ${ROUTE_OWN_BUDGET_KB} KB gzip: ` +
    (over.length === 0
      ? `${verdict(true)} (${others.length} checked)`
      : `${verdict(false)}: ${over.map((route) => `${route.name} ${kb(route.own.total)} KB`).join(', ')}`),
);
