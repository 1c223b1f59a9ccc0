// Dunning in the browser, with the demo reader purring@: the dunning job suspends
// purring's FVN and Setesdølen subscriptions when the product starts (their reminders went out a
// week ago) and sends the reminder of the Firda invoice, which is still within its grace period.
// On a phone, the FVN home page says first why the subscription is suspended and links to pay;
// another subscriber screen sends the reader to /ingen-abonnement, which says it is suspended
// and leads home; paying the invoice with card in the sandbox brings the subscription back
// (home says nothing more about it, bokmål and nynorsk). Setesdølen says it in nynorsk; Firda
// names the day it will be suspended. axe on every page.
import { Selector } from 'testcafe';

import {
  chooseLanguage,
  clickAway,
  currentUrl,
  expectAccessible,
  expectScreen,
  leftSandbox,
  paymentPage,
  signIn,
  titleUrl,
} from './support';

const EMAIL = 'purring@demo.minside.no';
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const attention = Selector('section').withAttribute('aria-labelledby', 'home-attention-heading');
/** The value (<dd>) of a fact (<dt>). */
const fact = (label: string) => Selector('dt').withExactText(label).nextSibling('dd');
const DATE = String.raw`\d{1,2}\. \p{L}+ \d{4}`;

fixture('Dunning')
  .clientScripts({ path: require.resolve('axe-core/axe.min.js') })
  .afterEach(async (t) => {
    await t.maximizeWindow();
  });

test.page(titleUrl('FVN', '/'))(
  'a suspended subscription says why, leads to the invoice, and paying it brings it back',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, EMAIL);
    await expectScreen(t, 'Hei, Pål!');
    await t
      .expect(attention.find('h2').withExactText('Trenger oppmerksomheten din').exists)
      .ok({ timeout: 20000 });
    const first = attention.find('li').nth(0);
    await t
      .expect(first.textContent)
      .match(
        new RegExp(
          `Abonnementet er stanset fordi faktura \\d+ på kr 799,00 forfalt ${DATE} og ikke er betalt\\.`,
          'u',
        ),
      );
    await t.expect(fact('Status').textContent).eql('Midlertidig stanset');
    // Only what a suspended subscriber can do is offered.
    await t.expect(link('Endre abonnement').exists).notOk();
    await t.expect(link('Fakturaer').exists).ok();
    await expectAccessible(t);

    // Another subscriber screen: the reader is told it is suspended and led home.
    await t.navigateTo(titleUrl('FVN', '/endre-abonnement'));
    await expectScreen(t, 'Du har ikke et aktivt abonnement');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/ingen-abonnement'));
    await t
      .expect(Selector('p').withText('er stanset fordi en faktura ikke er betalt').exists)
      .ok();
    await expectAccessible(t);
    await t.click(link('Se hva du skal betale'));
    await expectScreen(t, 'Hei, Pål!');

    await t.click(attention.find('li').nth(0).find('a').withExactText('Betal kr 799,00'));
    await expectScreen(t, 'Betal faktura');
    await t.expect(currentUrl()).match(/\/betal-faktura\/[0-9]+$/);
    await t.click(Selector('label').withText('Betalingskort'));
    await t.expect(button('Betal kr 799,00').exists).ok({ timeout: 20000 });
    await expectAccessible(t);
    await clickAway(t, button('Betal kr 799,00'), paymentPage);
    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Godkjenn betalingen'), leftSandbox);
    await t
      .expect(Selector('h2, h1').withText('Fakturaen er betalt').exists)
      .ok({ timeout: 30000 });
    await expectAccessible(t);

    // Home on a desktop: active again, nothing about the invoice left.
    await t.resizeWindow(1280, 900);
    await t.navigateTo(titleUrl('FVN', '/'));
    await expectScreen(t, 'Hei, Pål!');
    await t.expect(fact('Status').textContent).eql('Aktivt', { timeout: 20000 });
    await t.expect(attention.exists).notOk();
    await t.expect(link('Endre abonnement').exists).ok();
    await expectAccessible(t);
    const menu = Selector('header button').withText('Meny');
    if (await menu.visible) await t.click(menu);
    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.expect(fact('Status').textContent).eql('Aktivt');
    await expectAccessible(t);
  },
);

test.page(titleUrl('SET', '/'))('a suspended subscription says why in nynorsk', async (t) => {
  await signIn(t, EMAIL);
  await expectScreen(t, 'Hei, Pål!');
  const first = attention.find('li').nth(0);
  await t
    .expect(first.textContent)
    .match(
      new RegExp(
        `Abonnementet er stansa fordi faktura \\d+ på kr 799,00 forfall ${DATE} og ikkje er betalt\\.`,
        'u',
      ),
      { timeout: 20000 },
    );
  await t
    .expect(first.find('a').withExactText('Betal kr 799,00').getAttribute('href'))
    .match(/^\/betal-faktura\/[0-9]+$/);
  await t.expect(fact('Status').textContent).eql('Mellombels stansa');
  await expectAccessible(t);
});

test.page(titleUrl('FIR', '/'))(
  'an overdue invoice within the grace period names the day of suspension (nynorsk)',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, EMAIL);
    await expectScreen(t, 'Hei, Pål!');
    const first = attention.find('li').nth(0);
    await t
      .expect(first.textContent)
      .match(new RegExp(`Fakturaen på kr 799,00 forfall ${DATE} og er ikkje betalt\\.`, 'u'), {
        timeout: 20000,
      });
    await t
      .expect(first.textContent)
      .match(
        new RegExp(
          `Abonnementet blir stansa ${DATE} dersom fakturaen ikkje er betalt før det\\.`,
          'u',
        ),
      );
    await t.expect(fact('Status').textContent).eql('Aktivt');
    await expectAccessible(t);
  },
);
