// Shared helpers of the TestCafe journeys: per-title URLs on {code}.localhost, signing in at the
// embedded identity provider, and the axe check.
// No Content-Security-Policy check here: TestCafe switches CSP off for the pages it drives
// (Page.setBypassCSP in native automation; its proxy strips the header otherwise), so nothing
// here could see a violation. scripts/csp-check.ts does, with the policy enforced.
import { checkForViolations } from '@testcafe-community/axe';
import { ClientFunction, Selector } from 'testcafe';

export const port = Number(process.env.E2E_PORT ?? 8080);
export const DEMO_PASSWORD = 'minside-demo';

/** The URL of a path on a title's local host, e.g. http://fvn.localhost:PORT/ */
export const titleUrl = (code: string, path = '/') =>
  `http://${code.toLowerCase()}.localhost:${port}${path}`;

export const documentTitle = ClientFunction(() => document.title);
export const documentLang = ClientFunction(() => document.documentElement.lang);
export const rootClasses = ClientFunction(() => document.documentElement.className);
export const brandHref = ClientFunction(
  () => document.getElementById('brand-theme')?.getAttribute('href') ?? '',
);
export const currentUrl = ClientFunction(() => window.location.href);

/** Signs in with e-mail and password on the embedded provider's page. */
export async function signIn(t: TestController, email: string) {
  await t.expect(Selector('h1').withExactText('Logg inn').exists).ok({ timeout: 20000 });
  await t
    .typeText(Selector('#email'), email, { replace: true })
    .typeText(Selector('#password'), DEMO_PASSWORD, { replace: true });
  await clickAway(t, Selector('button[type="submit"]').withExactText('Logg inn'), leftSignIn);
}

/** The heading of the payment sandbox's hosted page. */
export const paymentPage = Selector('h1').withText('Betaling (testmiljø)');
/** The heading of the sandbox's agreement page (Vipps, a new card). */
export const agreementPage = Selector('h1').withExactText('Avtale (testmiljø)');
/** Any page's heading but the sandbox's: the browser is back from the payment sandbox. */
export const leftSandbox = Selector('h1').filter(
  (heading) => !(heading.textContent ?? '').includes('(testmiljø)'),
);
/** The embedded provider's sign-in page. */
export const signInPage = Selector('h1').withExactText('Logg inn');
/** Any page's heading but the sign-in page's: the provider let the reader in. */
const leftSignIn = Selector('h1').filter((heading) => heading.textContent !== 'Logg inn');

/**
 * Clicks a control that takes the browser to another document (the payment page, the sign-in
 * page) and waits until `arrived` shows there. TestCafe restarts an action when the page unloads
 * before the action has finished, and the restarted click then fails to find its control on the
 * new page although the first one went through (DevExpress/testcafe#7894; seen twice in full
 * runs: «Betal kr 1,00» not found with the payment page on the screenshot, and «Bli
 * studentabonnent» not found). Such a failure is passed over only when the next page is there;
 * a click that did not happen still fails, on `arrived`. TestCafe lists the screenshot of the
 * passed-over failure beside the journey, so a report shows when this happened.
 */
export async function clickAway(t: TestController, control: Selector, arrived: Selector) {
  try {
    await t.click(control);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // E24: TestCafe's "The specified selector does not match any element in the DOM tree."
    if (code !== 'E24' || !(await arrived.with({ timeout: 20000 }).exists)) throw error;
  }
  await t.expect(arrived.exists).ok({ timeout: 20000 });
}

/** Waits until the SPA shows the screen with this level-1 heading (the spinner is gone). */
export async function expectScreen(t: TestController, heading: string) {
  await t.expect(Selector('h1').withText(heading).exists).ok({ timeout: 20000 });
}

/** Fails the test on any WCAG 2.1 A/AA violation axe finds on the current page. */
export async function expectAccessible(t: TestController) {
  // `rules` must exist: the plugin switches off axe's document-title rule (TestCafe cannot see
  // <head>); the document title is asserted by the journeys themselves.
  await checkForViolations(t, undefined, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: {},
  });
}

/**
 * Switches the language with the header's button, opening the menu first when the window is at
 * phone width (there the language buttons are in the menu). A fixture before may leave the
 * window narrow whatever resizeWindow asked for, so a journey does not rely on the width.
 */
export async function chooseLanguage(t: TestController, name: 'Bokmål' | 'Nynorsk') {
  const target = Selector('button').withExactText(name);
  await revealInHeader(t, target);
  await t.click(target);
}

/**
 * Opens the header's menu when `control` (a language button, login or logout) is behind it, as
 * it is at phone width: a fixture before may leave the window narrow whatever resizeWindow asked.
 */
export async function revealInHeader(t: TestController, control: Selector) {
  if (!(await control.visible)) await t.click(Selector('header button').withText('Meny'));
  await t.expect(control.visible).ok({ timeout: 10000 });
}

interface OutboxMessage {
  readonly channel: string;
  readonly recipient: string;
  readonly body: string;
}

/** The e-mails sent to `recipient`, newest first (GET /dev/outbox on the same server). */
export async function emailsTo(recipient: string): Promise<string[]> {
  const response = await fetch(`http://localhost:${port}/dev/outbox`);
  const messages = (await response.json()) as OutboxMessage[];
  return messages
    .filter((m) => m.channel === 'email' && m.recipient === recipient)
    .map((m) => m.body);
}
