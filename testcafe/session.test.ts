// Login, guards and the shell in the browser (issue: login, session and the application shell):
// anonymous pages, a guarded route returning to itself after login, the no-subscription
// redirect, the home page and logout, /t/ and unknown paths, nb and nn — axe-checked.
import { RequestMock, Selector } from 'testcafe';

import {
  chooseLanguage,
  clickAway,
  currentUrl,
  expectAccessible,
  expectScreen,
  revealInHeader,
  signIn,
  titleUrl,
} from './support';

const loginButton = Selector('header button').withExactText('Logg inn');
const logoutButton = Selector('header button').withExactText('Logg ut');

/** The title's own front page (requirements §4: where logout lands); there is no internet here. */
const titlePage = RequestMock()
  .onRequestTo(/^https:\/\/www\.fvn\.no\//)
  .respond('<!DOCTYPE html><title>fvn.no</title><h1>Fædrelandsvennen forside</h1>', 200, {
    'content-type': 'text/html; charset=utf-8',
  });

fixture('Login, guards and the shell').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

test.page(titleUrl('FVN', '/kundeservice'))(
  'an anonymous visitor sees the login link and unguarded pages',
  async (t) => {
    await expectScreen(t, 'Kundeservice');
    await revealInHeader(t, loginButton);
    await t.expect(logoutButton.exists).notOk();
    await t.click(Selector('summary').withText('Hvordan logger jeg inn'));
    await t.expect(Selector('details[open]').exists).ok();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/?fane=1#abonnement'))(
  'a logged-out visit to a guarded route goes through login and returns to it',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Hei, Dag!');
    await t.expect(Selector('main').withText('Premium digital').exists).ok();
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/?fane=1#abonnement'));
    await revealInHeader(t, logoutButton);
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/'))(
  'a user without a subscription is sent to /ingen-abonnement',
  async (t) => {
    await signIn(t, 'ingen@demo.minside.no');
    await expectScreen(t, 'Du har ikke et aktivt abonnement');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/ingen-abonnement'));
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/')).requestHooks(titlePage)(
  'a subscriber sees the home page and logs out',
  async (t) => {
    await signIn(t, 'papir@demo.minside.no');
    await expectScreen(t, 'Hei, Per!');
    await t.expect(Selector('main').withText('Papir + digital').exists).ok();
    await revealInHeader(t, logoutButton);
    const everywhere = Selector('button').withExactText('Logg ut overalt');
    await clickAway(t, logoutButton, everywhere);
    // The provider asks whether to end its session too, then the browser lands on the title's
    // own page (requirements §4), not on Min Side's sign-in page.
    await clickAway(t, everywhere, Selector('h1').withExactText('Fædrelandsvennen forside'));
    await t.expect(currentUrl()).eql('https://www.fvn.no/');
    // Logged out everywhere: Min Side asks for the password again.
    await t.navigateTo(titleUrl('FVN', '/'));
    await t.expect(Selector('h1').withExactText('Logg inn').exists).ok({ timeout: 20000 });
    await t.expect(Selector('#password').exists).ok();
  },
);

test.page(titleUrl('FVN', '/t/kundeservice?kampanje=vinter'))(
  '/t/ links and unknown paths are redirected',
  async (t) => {
    await expectScreen(t, 'Kundeservice');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/kundeservice?kampanje=vinter&source=sms'));
    await t.navigateTo(titleUrl('FVN', '/finnes-ikke'));
    await expectScreen(t, 'Vi fant ikke siden');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/404'));
    // The address the reader typed is named.
    await t.expect(Selector('main code').withExactText('/finnes-ikke').exists).ok();
    await expectAccessible(t);
    // /order-timeout is /bestilling-feilet, a page for logged-in readers: login first.
    await t.navigateTo(titleUrl('FVN', '/order-timeout'));
    await t.expect(Selector('h1').withExactText('Logg inn').exists).ok({ timeout: 20000 });
  },
);

test.page(titleUrl('FIR', '/'))(
  'nynorsk: a subscriber of Firda sees the home page in nynorsk',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Hei, Dag!');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.expect(Selector('main').withText('Årleg').exists).ok();
    await t.expect(Selector('main').withText('2027').exists).ok();
    await t.expect(Selector('main').withText('June').exists).notOk(); // Norwegian month names
    await expectAccessible(t);
    await t.navigateTo(titleUrl('FIR', '/404'));
    await expectScreen(t, 'Vi fann ikkje sida');
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/kundeservice'))(
  'the language switch changes to nynorsk and is remembered',
  async (t) => {
    await expectScreen(t, 'Kundeservice');
    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.navigateTo(titleUrl('FVN', '/404'));
    await expectScreen(t, 'Vi fann ikkje sida');
    await expectAccessible(t);
  },
);
