// The Content-Security-Policy in a real browser, part of `npm run test:e2e`. TestCafe cannot
// prove it: in native automation it switches CSP off for the page (CDP Page.setBypassCSP) and
// through its proxy it strips the header, so no journey there would ever see a violation.
// This walks the main pages in headless Debian Chromium (playwright-core) with every policy
// enforced: the SPA anonymous and signed in, the identity provider's sign-in (its form post
// redirecting back to the title's /callback), paying an invoice on the payment sandbox's page,
// and logout through the provider, with and without a provider session (the second is
// oidc-provider's self-submitting form). Any violation, or a policy the browser rejects, fails.
import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS } from './lib';

const DEMO_PASSWORD = 'minside-demo';
const TIMEOUT_MS = 30_000;
/** What Chromium logs for a violation or a malformed policy. */
const POLICY_MESSAGE = /Content.Security.Policy|Permissions.Policy|Referrer.Policy/i;

/** Lazy screens beyond those the journey walks through (each its own chunk and CSS). */
const SUBSCRIBER_SCREENS = [
  '/endre-abonnement',
  '/avslutt-abonnement',
  '/leveringsadresse',
  '/kontakt',
  '/endre-betalingsmetode',
  '/legg-til-betalingskort',
  '/nye-priser',
  '/bestill-abonnement',
];

type ReportViolation = (text: string) => void;

/** Records every violation of every page of the context, and every message about a policy. */
async function recordViolations(context: BrowserContext, into: string[]) {
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => {
    into.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: ReportViolation })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`.trim(),
      );
    });
  });
  context.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text()))
      into.push(`${message.page()?.url() ?? '?'}: console ${message.type()}: ${message.text()}`);
  });
  context.on('weberror', (error) => into.push(`page error: ${error.error().message}`));
}

/**
 * The titles' own sites (favicon, logout target) are not reachable here: a stub answers the
 * requests it can (Playwright does not route a redirect's target; that navigation just fails).
 */
async function stubOtherSites(context: BrowserContext) {
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === 'localhost' || host.endsWith('.localhost')) return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Stub</title>',
    });
  });
}

const heading = (page: Page, text: string) =>
  page.locator('h1, h2').filter({ hasText: text }).first().waitFor();

async function signIn(page: Page, email: string) {
  await page.locator('h1', { hasText: 'Logg inn' }).waitFor();
  await page.fill('#email', email);
  await page.fill('#password', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
}

/**
 * Logs out from the SPA's header and waits until the browser navigates to the title's own site
 * (a redirect after a form post: form-action must allow it, or the request is never made).
 */
async function logOut(page: Page, confirm: boolean) {
  const leaving = page.waitForRequest(
    (request) =>
      request.isNavigationRequest() && !new URL(request.url()).hostname.endsWith('localhost'),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Logg ut', exact: true }).click();
  if (confirm) {
    await page.locator('h1', { hasText: 'Logg ut' }).waitFor();
    await page.getByRole('button', { name: 'Logg ut overalt' }).click();
  }
  await leaving;
}

/**
 * A positive control: an inline script added to the page must be reported, or the recorder
 * (and so this whole check) would pass whatever the policy.
 */
async function expectRecorderWorks(page: Page, violations: string[]) {
  const before = violations.length;
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.cspCanary = true';
    document.body.append(script);
  });
  const deadline = Date.now() + 5_000;
  while (!violations.slice(before).some((v) => v.includes('script-src'))) {
    if (Date.now() > deadline) throw new Error('CSP check: a planted inline script went unseen');
    await page.waitForTimeout(100);
  }
  if (await page.evaluate(() => 'cspCanary' in window))
    throw new Error('CSP check: the planted inline script ran; the SPA has no effective policy');
  violations.splice(before);
}

export async function checkContentSecurityPolicy(port: number): Promise<void> {
  const title = (code: string, path = '/') => `http://${code}.localhost:${port}${path}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  const violations: string[] = [];
  const step = async (name: string, action: () => Promise<void>) => {
    console.log(`  CSP: ${name}`);
    let failure: unknown;
    await action().catch((error: unknown) => (failure = error));
    if (violations.length > 0 || failure) {
      const cause = failure instanceof Error ? failure.message.split('\n')[0] : failure;
      throw new Error(
        `CSP check failed at "${name}"${failure ? ` (${String(cause)})` : ''}; violations:\n  ${violations.join('\n  ') || 'none'}`,
      );
    }
  };
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(TIMEOUT_MS);
    await recordViolations(context, violations);
    await stubOtherSites(context);
    const page = await context.newPage();

    await step('the recorder sees a violation', async () => {
      await page.goto(title('fvn', '/kundeservice'));
      await heading(page, 'Kundeservice');
      await expectRecorderWorks(page, violations);
    });
    await step('anonymous pages of the SPA', async () => {
      await page.goto(title('fvn', '/kundeservice'));
      await heading(page, 'Kundeservice');
      await page.goto(title('fvn', '/finnes-ikke'));
      await heading(page, 'Vi fant ikke siden');
    });
    await step('signing in on the provider and returning to /callback', async () => {
      await page.goto(title('fvn', '/fakturaoversikt'));
      await signIn(page, 'papir@demo.minside.no');
      await heading(page, 'Fakturaer');
    });
    await step('paying an invoice on the sandbox page', async () => {
      const unpaid = page.locator('section').filter({ hasText: 'Ubetalte fakturaer' });
      await unpaid.getByRole('link', { name: 'Betal faktura' }).first().click();
      await heading(page, 'Betal faktura');
      await page.locator('label', { hasText: 'Betalingskort' }).click();
      await page.getByRole('button', { name: /^Betal kr/ }).click();
      await heading(page, 'Betaling (testmiljø)');
      await page.getByRole('button', { name: 'Godkjenn betalingen' }).click();
      await heading(page, 'Fakturaen er betalt');
    });
    await step('the home page and the other screens of a subscriber', async () => {
      await page.goto(title('fvn'));
      await heading(page, 'Hei, Per!');
      for (const path of SUBSCRIBER_SCREENS) {
        await page.goto(title('fvn', path));
        await page.locator('h1').first().waitFor();
        // Lazy chunks, their CSS and the screen's API calls.
        await page.waitForLoadState('networkidle');
      }
    });
    await step('logging out on the provider (confirmed)', () => logOut(page, true));
    await step('logging out without a provider session (self-submitting form)', async () => {
      // A new tab: the last one is on the error page of the unreachable title site.
      const tab = await context.newPage();
      await tab.goto(title('fir'));
      await signIn(tab, 'digital@demo.minside.no');
      await heading(tab, 'Hei, Dag!');
      await context.clearCookies({ name: 'idp_session' });
      await logOut(tab, false);
    });
  } finally {
    await browser.close();
  }
}
