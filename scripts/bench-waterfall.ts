// `npm run bench:waterfall`: the chain of sequential network round trips from navigation to the
// home page's content, for a signed-in subscriber. Builds the SPA if needed, starts the product
// on a free port with a fresh in-memory database, signs in as the digital demo user in headless
// Debian Chromium (playwright-core, no downloaded browser), then opens a fresh page with the
// browser cache disabled, navigates to http://fvn.localhost:PORT/ and records every request
// until the greeting and the product are on screen.
// A measurement, not a test: it exits 0 whenever it measured (whatever the count), 1 when it
// could not measure. Budget: at most 3 sequential round trips to the server before the content.
import { chromium, type Browser, type Page, type Request } from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS, ensureBuild, freePort, signIn, startProduct } from './lib';

const ROUND_TRIP_BUDGET = 3;
const DEMO_EMAIL = 'digital@demo.minside.no';
const GREETING = 'Hei, Dag!';
const PRODUCT = 'Premium digital';
const TIMEOUT_MS = 30_000;
/** Set in the page by the init script: ms since performance.timeOrigin when content appeared. */
const CONTENT_MARK = '__minsideContentAt';

interface Recorded {
  readonly request: Request;
  readonly url: URL;
  readonly method: string;
  readonly type: string;
  /** Wall-clock ms (epoch) the browser issued the request (Node's clock until it is known). */
  start: number;
  /** Wall-clock ms (epoch) the last byte arrived; undefined while pending or when it failed. */
  end?: number;
  status?: number | 'failed' | 'pending';
}

// ---------------------------------------------------------------------------------------------
// Browser

/** Signs in as the digital demo user and waits for the home page. */
async function signInAsDigital(page: Page, base: string) {
  await signIn(page, base, DEMO_EMAIL);
  await page
    .locator('h1', { hasText: GREETING })
    .waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

/**
 * Runs in the measured page before its scripts: marks when greeting and product are in the DOM.
 * Plain JavaScript source, not a function: tsx would wrap a function in helpers (`__name`) that
 * do not exist in the page.
 */
const markContent = (greeting: string, product: string, mark: string) => `(() => {
  const [greeting, product, mark] = ${JSON.stringify([greeting, product, mark])};
  const observer = new MutationObserver(() => {
    if (window[mark] !== undefined || !document.body) return;
    const greeted = [...document.querySelectorAll('h1')].some((h) =>
      (h.textContent || '').includes(greeting),
    );
    if (greeted && (document.body.textContent || '').includes(product)) {
      window[mark] = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

function record(page: Page): Recorded[] {
  const requests: Recorded[] = [];
  const byRequest = new Map<Request, Recorded>();
  page.on('request', (request) => {
    const entry: Recorded = {
      request,
      url: new URL(request.url()),
      method: request.method(),
      type: request.resourceType(),
      // The browser's timing is filled in once the request is done; until then, Node's clock.
      start: Date.now(),
      status: 'pending',
    };
    requests.push(entry);
    byRequest.set(request, entry);
  });
  page.on('requestfinished', (request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    const timing = request.timing();
    if (timing.startTime > 0) entry.start = timing.startTime;
    // responseEnd is relative to startTime, -1 when the browser did not report it.
    entry.end =
      timing.startTime > 0 && timing.responseEnd >= 0
        ? timing.startTime + timing.responseEnd
        : Date.now();
    void request.response().then((response) => (entry.status = response?.status() ?? 'failed'));
  });
  page.on('requestfailed', (request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    const { startTime } = request.timing();
    if (startTime > 0) entry.start = startTime;
    entry.status = 'failed';
  });
  return requests;
}

// ---------------------------------------------------------------------------------------------
// Analysis

type Finished = Recorded & { readonly end: number };

/**
 * Responses nothing else waits on: no request or render of the content follows from an image
 * (the header logo), a font or media, so they never lengthen the chain.
 */
const LEAF_TYPES = new Set(['image', 'font', 'media', 'texttrack', 'manifest']);

/**
 * The critical chain: the longest sequence of server requests in which each one started after
 * the previous one had ended (it waited on it), among those that ended before the content
 * (images, fonts and media left out).
 * Ties go to the predecessor that ended last (the likeliest one waited on), and to the chain that
 * ends last.
 */
function criticalChain(requests: readonly Recorded[], origin: string, contentAt: number) {
  const nodes = requests
    .filter((r): r is Finished => r.end !== undefined && r.status !== 'failed')
    .filter((r) => r.url.origin === origin && r.end <= contentAt && !LEAF_TYPES.has(r.type))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const depth = new Map<Finished, number>();
  const previous = new Map<Finished, Finished>();
  for (const node of nodes) {
    let best: Finished | undefined;
    for (const candidate of nodes) {
      if (candidate === node || candidate.end > node.start) continue;
      const d = depth.get(candidate) ?? 0;
      const bestDepth = best ? (depth.get(best) ?? 0) : 0;
      if (!best || d > bestDepth || (d === bestDepth && candidate.end > best.end)) best = candidate;
    }
    depth.set(node, best ? (depth.get(best) ?? 0) + 1 : 1);
    if (best) previous.set(node, best);
  }
  let last: Finished | undefined;
  for (const node of nodes) {
    const d = depth.get(node) ?? 0;
    const lastDepth = last ? (depth.get(last) ?? 0) : 0;
    if (!last || d > lastDepth || (d === lastDepth && node.end > last.end)) last = node;
  }
  const chain: Finished[] = [];
  for (let node = last; node; node = previous.get(node)) chain.unshift(node);
  return chain;
}

const where = (r: Recorded, origin: string) =>
  r.url.origin === origin ? `${r.url.pathname}${r.url.search}` : r.url.href;

function table(headers: readonly string[], rows: readonly (readonly string[])[], right: number[]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1
          ? cell
          : right.includes(i)
            ? cell.padStart(widths[i]!)
            : cell.padEnd(widths[i]!),
      )
      .join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

let browser: Browser | undefined;
let product: { stop: () => Promise<void> } | undefined;
let measured = false;
try {
  await ensureBuild();
  const port = await freePort();
  console.log(`Starting the server on port ${port}…`);
  product = await startProduct(port);
  const base = `http://fvn.localhost:${port}`;

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  const context = await browser.newContext();
  context.setDefaultTimeout(TIMEOUT_MS);

  console.log(`Signing in as ${DEMO_EMAIL} at ${base}/ …`);
  const signInPage = await context.newPage();
  await signInAsDigital(signInPage, base);
  await signInPage.close();

  console.log('Measuring a fresh navigation of the signed-in reader (browser cache disabled)…\n');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.addInitScript({ content: markContent(GREETING, PRODUCT, CONTENT_MARK) });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const requests = record(page);

  await page.goto(`${base}/`);
  await page.locator('h1', { hasText: GREETING }).waitFor({ state: 'visible' });
  await page.getByText(PRODUCT).first().waitFor({ state: 'visible' });
  const { timeOrigin, contentAt } = await page.evaluate(
    (mark) => ({
      timeOrigin: performance.timeOrigin,
      contentAt: (window as unknown as Record<string, number | undefined>)[mark],
    }),
    CONTENT_MARK,
  );
  if (contentAt === undefined) throw new Error('The content mark was never set in the page');
  // Let responses still in flight finish so the second table has their status.
  await page.waitForLoadState('networkidle').catch(() => undefined);

  const origin = new URL(base).origin;
  const contentWall = timeOrigin + contentAt;
  const ms = (wall: number | undefined) =>
    wall === undefined ? '–' : (wall - timeOrigin).toFixed(0);
  const chain = criticalChain(requests, origin, contentWall);

  console.log(`Critical chain to the home page's content (${base}/, ms from navigation start)`);
  console.log(
    table(
      ['step', 'start', 'end', 'type', 'method', 'path'],
      chain.map((r, i) => [
        String(i + 1),
        ms(r.start),
        ms(r.end),
        r.type,
        r.method,
        where(r, origin),
      ]),
      [0, 1, 2],
    ),
  );
  console.log(
    `\nContent ("${GREETING}" and "${PRODUCT}") in the DOM at ${contentAt.toFixed(0)} ms`,
  );

  console.log(`\nAll requests of the navigation (${requests.length})`);
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  console.log(
    table(
      ['start', 'end', 'type', 'method', 'status', 'path'],
      sorted.map((r) => [
        ms(r.start),
        ms(r.end),
        r.type,
        r.method,
        String(r.status ?? ''),
        `${where(r, origin)}${r.start > contentWall ? '  (after content)' : ''}`,
      ]),
      [0, 1],
    ),
  );

  const asked = (prefix: string) =>
    requests.some((r) => r.url.origin === origin && r.url.pathname.startsWith(prefix));
  const titleCode = asked('/api/retrieveTitleCode');
  const title = asked('/api/title/');
  const sessions = requests.filter(
    (r) => r.url.origin === origin && r.url.pathname === '/api/session',
  ).length;
  console.log('');
  if (pageErrors.length > 0) console.log(`Page errors: ${pageErrors.join(' | ')}`);
  console.log(`Total time to content: ${contentAt.toFixed(0)} ms`);
  console.log(`/api/retrieveTitleCode requested: ${titleCode ? 'yes (should not be)' : 'no'}`);
  console.log(`/api/title/{titleCode} requested: ${title ? 'yes (should not be)' : 'no'}`);
  console.log(
    `/api/session requests: ${sessions} (the page carries the session: none; at most one)`,
  );
  const n = chain.length;
  console.log(
    `Sequential round trips to content: ${n} (budget ${ROUND_TRIP_BUDGET}) — ` +
      (n <= ROUND_TRIP_BUDGET ? 'within budget' : `${n - ROUND_TRIP_BUDGET} over budget`),
  );
  measured = true;
} catch (error) {
  console.error(`Could not measure: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close().catch(() => undefined);
  await product?.stop().catch(() => undefined);
}
process.exit(measured ? 0 : 1);
