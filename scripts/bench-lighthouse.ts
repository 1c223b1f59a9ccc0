// `npm run bench:lighthouse`: Lighthouse's performance category on a phone, offline. Builds the
// SPA if needed, starts the product on a free port with a fresh in-memory database, signs the
// demo readers in through the embedded identity provider in headless Debian Chromium
// (playwright-core, no downloaded browser), then runs Lighthouse (the pinned devDependency, its
// default mobile settings: Moto G Power screen, simulated slow 4G and 4× CPU slowdown) in the
// same browser, LIGHTHOUSE_RUNS (default 5) times per page, the pages a reader opens first:
// - `/` signed in as the digital subscriber, as the paper reader (an overdue invoice in the
//   attention area) and as a family member (the session cookie as an extra request header),
// - `/kundeservice` signed out (no guard: the visitor who comes from the newspaper),
// - `/bestill-abonnement` signed in as the reader without a subscription (the page needs one),
// - `/endre-avislevering` and `/fakturaoversikt` signed in as the paper reader.
// `--pages home,kundeservice` measures some of them (labels' first word, `home` for `/`).
// Prints the median, min and max of each figure as a markdown table and the budgets as met /
// not met (CLS in every run), and writes every report (JSON and HTML) to bench-results/lighthouse/
// (with LIGHTHOUSE_TRACES=1 each run's trace too, for DevTools' Performance panel; with
// LIGHTHOUSE_ARTIFACTS=1 each run's artifacts, which `lighthouse -A=<dir>` audits again offline:
// Lighthouse's simulation of the phone can then be read, or tried on an edited network log).
// A measurement, not a test: it exits 0 whenever it measured (whatever the figures), 1 when it
// could not measure (or a page did not end where it was asked, e.g. on the sign-in page).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import lighthouse from 'lighthouse';
import { saveArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS, ensureBuild, freePort, root, signIn, startProduct } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error('LIGHTHOUSE_RUNS must be a whole number ≥ 1');
const { values: options } = parseArgs({ options: { pages: { type: 'string' } } });
/** LIGHTHOUSE_TRACES=1: each run's trace is written beside its report. */
const SAVE_TRACES = process.env.LIGHTHOUSE_TRACES === '1';
/** LIGHTHOUSE_ARTIFACTS=1: each run's artifacts (trace, network log, …) in a folder of its own. */
const SAVE_ARTIFACTS = process.env.LIGHTHOUSE_ARTIFACTS === '1';

interface LcpNode {
  readonly selector?: string;
  readonly nodeLabel?: string;
}

/**
 * The LCP element of a report: Lighthouse 13 names it in the `lcp-breakdown-insight` audit (a
 * list whose `node` item is the element); 12 had the `largest-contentful-paint-element` audit.
 */
function lcpNodeOf(audits: Record<string, { details?: unknown } | undefined>): LcpNode | null {
  const insight = audits['lcp-breakdown-insight']?.details as
    { items?: ({ type?: string } & LcpNode)[] } | undefined;
  const node = insight?.items?.find((item) => item.type === 'node');
  if (node) return node;
  const legacy = audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: LcpNode }[] }[] } | undefined;
  return legacy?.items?.[0]?.items?.[0]?.node ?? null;
}
/** Tries of one run when Lighthouse reports a runtime error. */
const ATTEMPTS = 3;
const TITLE = 'fvn';
/** The session cookie over plain HTTP (src/server/http/security.ts). */
const SESSION_COOKIE = 'minside';
const OUT_DIR = path.join(root, 'bench-results', 'lighthouse');

interface Target {
  readonly path: string;
  readonly label: string;
  /** The demo reader signed in for the page; none: a visitor. */
  readonly email?: string;
}

const ALL_TARGETS: readonly Target[] = [
  { path: '/', label: 'home (digital)', email: 'digital@demo.minside.no' },
  { path: '/', label: 'home (papir: overdue invoice)', email: 'papir@demo.minside.no' },
  { path: '/', label: 'home (familie)', email: 'familie@demo.minside.no' },
  { path: '/kundeservice', label: '/kundeservice (signed out)' },
  {
    path: '/bestill-abonnement',
    label: '/bestill-abonnement (ingen)',
    email: 'ingen@demo.minside.no',
  },
  {
    path: '/endre-avislevering',
    label: '/endre-avislevering (papir)',
    email: 'papir@demo.minside.no',
  },
  { path: '/fakturaoversikt', label: '/fakturaoversikt (papir)', email: 'papir@demo.minside.no' },
];
const pageKey = (target: Target) => (target.path === '/' ? 'home' : target.path.slice(1));
const wanted = options.pages?.split(',').map((p) => p.trim().replace(/^\//, ''));
const TARGETS = wanted ? ALL_TARGETS.filter((t) => wanted.includes(pageKey(t))) : ALL_TARGETS;
if (TARGETS.length === 0) throw new Error(`--pages matched none of: ${ALL_TARGETS.map(pageKey)}`);

interface Figures {
  readonly performance: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly fcpMs: number;
  readonly transferBytes: number;
}

/** Budgets of the issue: printed, never asserted. */
const BUDGETS: readonly {
  name: string;
  text: string;
  value: (f: Figures) => string;
  met: (f: Figures) => boolean;
}[] = [
  {
    name: 'performance',
    text: '≥ 95',
    value: (f) => String(f.performance),
    met: (f) => f.performance >= 95,
  },
  { name: 'LCP', text: '≤ 2.0 s', value: (f) => seconds(f.lcpMs), met: (f) => f.lcpMs <= 2000 },
  {
    name: 'TBT',
    text: '≤ 120 ms',
    value: (f) => `${Math.round(f.tbtMs)} ms`,
    met: (f) => f.tbtMs <= 120,
  },
];
/** CLS is held in every run, not in the median. */
const CLS_BUDGET = 0.01;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The session cookie once the SPA has finished the sign-in (signIn returns on /callback, before
 * the session exists), as a Cookie header.
 */
async function sessionCookie(context: BrowserContext, base: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const cookies = await context.cookies(base);
    if (cookies.some((c) => c.name === SESSION_COOKIE)) {
      return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    }
    if (Date.now() > deadline) throw new Error(`No ${SESSION_COOKIE} cookie after signing in`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One Lighthouse run: mobile defaults, performance only, JSON and HTML reports. A run whose trace
 * Lighthouse could not read (NO_NAVSTART, now and then with this Chromium) is tried again, twice.
 */
async function lighthouseRun(url: string, port: number, cookie: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Every run a first visit: the origin's local storage emptied too (Lighthouse keeps it by
      // default), so nothing an earlier run noted (lib/webFonts.ts) carries over.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'local_storage',
      ],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      // A saved trace carries the JavaScript samples, to see what a long task spent its time on.
      ...(SAVE_TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`  ${error.code}, trying again…`);
  }
}

const slug = (route: string) => route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'home';

let browser: Browser | undefined;
let product: { stop: () => Promise<void> } | undefined;
let measured = false;
try {
  await ensureBuild();
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const port = await freePort();
  console.log(`Starting the server on port ${port}…`);
  product = await startProduct(port);
  const base = `http://${TITLE}.localhost:${port}`;

  // One browser: Playwright signs in, Lighthouse drives it through the DevTools port.
  const debuggingPort = await freePort();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
    headless: true,
  });

  const results: {
    target: Target;
    figures: Figures;
    min: Figures;
    max: Figures;
    runs: Figures[];
    lcpElement: string;
  }[] = [];
  /** One sign-in per reader: the session cookie serves each of their pages. */
  const cookies = new Map<string, string>();
  let version = '';
  /** Lighthouse's CPU benchmark of each run: this machine's load moves TBT and LCP with it. */
  const cpuIndex: number[] = [];
  for (const target of TARGETS) {
    let cookie = target.email ? cookies.get(target.email) : undefined;
    if (target.email && !cookie) {
      console.log(`Signing in as ${target.email}…`);
      const context = await browser.newContext();
      await signIn(await context.newPage(), base, target.email, target.path);
      cookie = await sessionCookie(context, base);
      cookies.set(target.email, cookie);
      await context.close();
    }
    const runs: Figures[] = [];
    let lcpElement = '';
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`Lighthouse ${target.label} run ${run}/${RUNS}…`);
      const { lhr, report, artifacts } = await lighthouseRun(
        `${base}${target.path}`,
        debuggingPort,
        cookie,
      );
      version = lhr.lighthouseVersion;
      cpuIndex.push(lhr.environment.benchmarkIndex);
      const [json, html] = report as string[];
      const who = target.email ? `-${target.email.split('@')[0]}` : '';
      const name = `${slug(target.path)}${who}-${run}`;
      writeFileSync(path.join(OUT_DIR, `${name}.report.json`), json!);
      writeFileSync(path.join(OUT_DIR, `${name}.report.html`), html!);
      // The run's trace, to open in Chromium DevTools' Performance panel (about 10 MB a run).
      if (SAVE_TRACES) {
        writeFileSync(path.join(OUT_DIR, `${name}.trace.json`), JSON.stringify(artifacts.Trace));
      }
      if (SAVE_ARTIFACTS) await saveArtifacts(artifacts, path.join(OUT_DIR, `${name}.artifacts`));
      // A guarded page that sent the browser to the sign-in page measured the wrong thing.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== target.path) {
        throw new Error(`${target.path} ended on ${landed} (was the reader signed in?)`);
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcpMs: audit('first-contentful-paint'),
        transferBytes: audit('total-byte-weight'),
      });
      const lcpNode = lcpNodeOf(lhr.audits);
      if (!lcpElement && lcpNode) lcpElement = `${lcpNode.selector} "${lcpNode.nodeLabel}"`;
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
    }
    const each = (pick: (values: number[]) => number): Figures => {
      const of = (key: keyof Figures) => pick(runs.map((r) => r[key]));
      return {
        performance: of('performance'),
        lcpMs: of('lcpMs'),
        tbtMs: of('tbtMs'),
        cls: of('cls'),
        fcpMs: of('fcpMs'),
        transferBytes: of('transferBytes'),
      };
    };
    results.push({
      target,
      lcpElement,
      runs,
      figures: each(median),
      min: each((values) => Math.min(...values)),
      max: each((values) => Math.max(...values)),
    });
  }

  /** A figure as median (min–max). */
  const spread = (format: (f: Figures) => string, r: (typeof results)[number]) =>
    `${format(r.figures)} (${format(r.min)}–${format(r.max)})`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    `Lighthouse ${version} mobile (simulated throttling), ${base}, ` +
      `median (min–max) of ${RUNS} runs, ${new Date().toISOString()}, ` +
      `CPU benchmark index ${Math.min(...cpuIndex)}–${Math.max(...cpuIndex)}`,
    '',
    '| page | performance | LCP | TBT | CLS | FCP | total transfer |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.target.label} | ${spread((f) => String(f.performance), r)} ` +
        `| ${spread((f) => seconds(f.lcpMs), r)} | ${spread((f) => ms(f.tbtMs), r)} ` +
        `| ${spread((f) => f.cls.toFixed(3), r)} | ${seconds(r.figures.fcpMs)} ` +
        `| ${(r.figures.transferBytes / 1024).toFixed(0)} KiB |`,
    ),
    '',
    `Budgets (informational, not asserted): ${BUDGETS.map((b) => `${b.name} ${b.text}`).join(', ')} ` +
      `(medians); CLS ≤ ${CLS_BUDGET} in every run`,
    ...results.map(
      ({ target, figures, runs }) =>
        `- ${target.label}: ` +
        [
          ...BUDGETS.map(
            (b) => `${b.name} ${b.value(figures)} ${b.met(figures) ? 'met' : 'not met'}`,
          ),
          `CLS ${runs.every((r) => r.cls <= CLS_BUDGET) ? 'met in every run' : `not met (${runs.map((r) => r.cls.toFixed(3)).join(', ')})`}`,
        ].join(' · '),
    ),
    '',
    'LCP element (first run):',
    ...results.map(({ target, lcpElement }) => `- ${target.label}: ${lcpElement || '–'}`),
  ];
  const summary = lines.join('\n');
  writeFileSync(path.join(OUT_DIR, 'summary.md'), `${summary}\n`);
  console.log(`\n${summary}\n\nReports: ${path.relative(root, OUT_DIR)}/`);
  measured = true;
} catch (error) {
  console.error(`Could not measure: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close().catch(() => undefined);
  await product?.stop().catch(() => undefined);
}
process.exit(measured ? 0 : 1);
