// The web fonts in the browser (src/app/lib/webFonts.ts): a first visit (the browser's cache
// emptied; digital@ signed in, on home) is drawn in the system's fonts and asks for no font while the page loads; once it has
// loaded, the three fonts are fetched, and the reader's next link to another screen switches the
// page to them. The next page load uses them from the cache at once.
import { ClientFunction, Selector } from 'testcafe';

import { expectScreen, rootClasses, signIn, titleUrl } from './support';

/** The app's note that this browser fetched the fonts (lib/webFonts.ts). */
const forgetFonts = ClientFunction(() => window.localStorage.removeItem('minside.web-fonts'));
/** The body's font family as the browser resolved the page's styles. */
const bodyFont = ClientFunction(() => getComputedStyle(document.body).fontFamily);
/** The web font files the page has asked for so far (Resource Timing), and when. */
const fontRequests = ClientFunction(() =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('.woff2'))
    .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
);
/** When the page's load event began. */
const loadEventStart = ClientFunction(
  () =>
    (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
);
/** Faces of the two families the browser has loaded into this page. */
const loadedFaces = ClientFunction(() => {
  let loaded = 0;
  document.fonts.forEach((face) => {
    if (/Source (Sans 3|Serif 4)/.test(face.family) && face.status === 'loaded') loaded += 1;
  });
  return loaded;
});

fixture('Web fonts on a first visit and after').afterEach(async (t) => {
  await t.maximizeWindow();
});

test('a first visit draws at once in the system fonts; the fonts come after the page, for the next screen', async (t) => {
  // A phone's width, whatever the window was left at.
  await t.resizeWindow(390, 844);
  await t.navigateTo(titleUrl('FVN', '/'));
  await signIn(t, 'digital@demo.minside.no');
  await t.expect(Selector('h1').exists).ok({ timeout: 20000 });
  // Home again with the browser's cache and the app's hint emptied: a first visit, signed in.
  const cdp = await t.getCurrentCDPSession();
  await cdp.Network.clearBrowserCache();
  await forgetFonts();
  await t.navigateTo(titleUrl('FVN', '/'));
  await t.expect(Selector('section.home-summary').exists).ok({ timeout: 20000 });
  await t.expect(rootClasses()).notContains('web-fonts');
  await t.expect(bodyFont()).match(/^Arial/);

  // Fetched once the page has loaded: no font request began before the load event.
  await t.expect(loadedFaces()).eql(3, { timeout: 15000 });
  const requests = await fontRequests();
  await t.expect(requests.length).eql(3);
  const loaded = await loadEventStart();
  await t.expect(loaded).gt(0);
  for (const request of requests) await t.expect(request.startTime).gte(loaded);
  await t.expect(rootClasses()).notContains('web-fonts');

  // The reader's next link to another screen switches the page to them (a link in the page
  // itself: the header's are behind the menu button at a phone's width).
  await t.click(Selector('main a').withExactText('Kontakt kundeservice'));
  await expectScreen(t, 'Kundeservice');
  await t.expect(rootClasses()).contains('web-fonts');
  await t.expect(bodyFont()).match(/^"?Source Sans 3/);

  // The next page load finds them in the cache and uses them from the start.
  await t.navigateTo(titleUrl('FVN', '/kundeservice'));
  await expectScreen(t, 'Kundeservice');
  await t.expect(rootClasses()).contains('web-fonts');
  await t.expect(bodyFont()).match(/^"?Source Sans 3/);
});
