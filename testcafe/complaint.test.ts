// Delivery complaints in the browser (/tilbakemelding): papir@ (paper on FVN) goes
// from the home page's paper section to the complaint form, chooses a day it has not reported
// yet and what was wrong, sends, sees the receipt with today's e-paper and what happens next,
// the case is in customer service's e-mail and the confirmation in the reader's (development
// outbox), and opens the e-paper (the title's site, mocked: there is no internet here); FVN
// credits no paper share, so nothing is said about money. The same in nynorsk (the language
// switch). avis-kom-ikke@ (Adresseavisen, paid by card) reports a paper that did not come: the
// receipt and the e-mail say what the next invoice takes off, and /fakturaoversikt shows last
// year's missed paper as a line of this year's invoice, and home's next charge the credit it will
// take. A digital subscriber is told why there is nothing to complain about and goes to customer
// service. axe on every page.
import { RequestMock, Selector } from 'testcafe';

import {
  chooseLanguage,
  currentUrl,
  emailsTo,
  expectAccessible,
  expectScreen,
  signIn,
  titleUrl,
} from './support';

fixture('Delivery complaint').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

const PAPER = 'papir@demo.minside.no';
/** Adresseavisen's paper, this year paid: a missed paper is credited on the next invoice. */
const CREDITED = 'avis-kom-ikke@demo.minside.no';
/** «Vi trekker kr 8,86 fra neste faktura.», whatever the amount. */
const CREDIT_SENTENCE = /Vi trekker kr \d+,\d{2} fra neste faktura\./;
const EPAPER = 'https://www.fvn.no/eavis';

/** Today's e-paper on the title's own site. */
const epaperPage = RequestMock()
  .onRequestTo(/^https:\/\/www\.fvn\.no\/eavis/)
  .respond(
    '<!DOCTYPE html><html lang="nb"><title>E-avis</title><h1>Fædrelandsvennen e-avis</h1></html>',
    200,
    { 'content-type': 'text/html; charset=utf-8' },
  );

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
/** The most recent day that has not been reported yet (a retried journey finds the next one). */
const firstOpenDay = Selector('.complaint-days input[type="checkbox"]:not([disabled])').nth(0);

test.page(titleUrl('FVN', '/')).requestHooks(epaperPage)(
  "a paper subscriber reports a missing paper from home, gets the receipt and opens today's e-paper",
  async (t) => {
    await signIn(t, PAPER);
    await expectScreen(t, 'Hei, Per!');
    await t.click(link('Meld fra om avisleveringen'));
    await expectScreen(t, 'Meld fra om avisleveringen');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/tilbakemelding'));
    await t.expect(link('Les dagens e-avis').getAttribute('href')).eql(EPAPER);
    // The demo complaint of five days ago is listed, and its day cannot be chosen again.
    await t
      .expect(Selector('h2').withExactText('Dette har du meldt fra om').exists)
      .ok({ timeout: 20000 });
    await t.expect(main.withText('Postkassen var tom da jeg gikk ut klokka sju.').exists).ok();
    await t.expect(Selector('label').withText('(meldt fra om)').exists).ok();
    await t.expect(Selector('label').withText('Avisen kom ikke').exists).ok({ timeout: 20000 });
    await expectAccessible(t);

    // Nothing chosen: told what to fix.
    await t.click(button('Send'));
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await t.expect(main.withText('Velg minst én dag').exists).ok();
    await t.expect(main.withText('Velg hva som var galt').exists).ok();
    await expectAccessible(t);

    const day = await firstOpenDay.nextSibling('label').innerText;
    await t
      .click(firstOpenDay)
      .click(Selector('label').withExactText('Avisen kom ikke'))
      .typeText(Selector('#field-comment'), 'Ingen avis i postkassen.')
      .click(button('Send'));

    await t
      .expect(Selector('h2').withExactText('Takk, vi har fått beskjeden').focused)
      .ok({ timeout: 20000 });
    await t.expect(main.withText('Klagen din er registrert med referanse KLAGE-').exists).ok();
    await t.expect(main.withText(day.replace(/ \(i dag\)$/, '')).exists).ok();
    await t.expect(main.withText('Kundeservice får klagen og følger den opp.').exists).ok();
    await t.expect(main.withText(`Vi har sendt en bekreftelse til ${PAPER}.`).exists).ok();
    // FVN credits no paper share: not a word about money.
    await t.expect(main.withText('neste faktura').exists).notOk();
    await expectAccessible(t);

    const [toCentre] = await emailsTo('kundesenter@fvn.no');
    await t.expect(toCentre).contains('Ny leveringsklage fra Min Side.');
    // The reader's words are quoted, so they cannot pass for lines of the message.
    await t.expect(toCentre).contains('Kommentar fra abonnenten:\n> Ingen avis i postkassen.');
    await t.expect(toCentre).match(/\d+\. klage på denne adressen siste 30 dager\./);
    const [toReader] = await emailsTo(PAPER);
    await t.expect(toReader).contains(`Dagens e-avis kan du lese med en gang: ${EPAPER}`);

    // Today's e-paper, at once.
    await t.click(link('Åpne dagens e-avis'));
    await t
      .expect(Selector('h1').withExactText('Fædrelandsvennen e-avis').exists)
      .ok({ timeout: 20000 });
    await t.expect(currentUrl()).eql(EPAPER);
  },
);

test.page(titleUrl('FVN', '/tilbakemelding')).requestHooks(epaperPage)(
  'in nynorsk: the same form and receipt, and the e-paper',
  async (t) => {
    await signIn(t, PAPER);
    await expectScreen(t, 'Meld fra om avisleveringen');
    await chooseLanguage(t, 'Nynorsk');
    await expectScreen(t, 'Meld frå om avisleveringa');
    await t.expect(Selector('legend').withExactText('Kva dagar gjeld det?').exists).ok();
    await t.expect(Selector('label').withText('Avisa kom ikkje').exists).ok({ timeout: 20000 });
    await expectAccessible(t);

    await t
      .click(firstOpenDay)
      .click(Selector('label').withExactText('Avisa var våt eller skadd'))
      .click(button('Send'));
    await t
      .expect(Selector('h2').withExactText('Takk, vi har fått beskjeden').focused)
      .ok({ timeout: 20000 });
    await t.expect(main.withText('Klaga di er registrert med referanse KLAGE-').exists).ok();
    await t.expect(main.withText('Kundeservice får klaga og følgjer ho opp.').exists).ok();
    await expectAccessible(t);

    await t.click(link('Opne dagens e-avis'));
    await t
      .expect(Selector('h1').withExactText('Fædrelandsvennen e-avis').exists)
      .ok({ timeout: 20000 });
    await t.expect(currentUrl()).eql(EPAPER);
  },
);

test.page(titleUrl('ADR', '/tilbakemelding'))(
  'a paper that did not come on a paid day is taken off the next invoice, and last year’s is a line of this year’s',
  async (t) => {
    await signIn(t, CREDITED);
    await expectScreen(t, 'Meld fra om avisleveringen');
    // Last year's complaint is listed.
    await t
      .expect(Selector('h2').withExactText('Dette har du meldt fra om').exists)
      .ok({ timeout: 20000 });
    await t.expect(main.withText('Ingen avis i postkassen i dag heller.').exists).ok();
    await t.expect(Selector('label').withText('Avisen kom ikke').exists).ok({ timeout: 20000 });
    await t
      .click(firstOpenDay)
      .click(Selector('label').withExactText('Avisen kom ikke'))
      .click(button('Send'));
    await t
      .expect(Selector('h2').withExactText('Takk, vi har fått beskjeden').focused)
      .ok({ timeout: 20000 });
    const next = Selector('section').withAttribute('aria-labelledby', 'complaint-next-heading');
    await t.expect(next.find('li').nth(0).withText(CREDIT_SENTENCE).exists).ok();
    await expectAccessible(t);

    const [toReader] = await emailsTo(CREDITED);
    await t.expect(toReader).match(CREDIT_SENTENCE);
    const [toCentre] = await emailsTo('kundesenter@adressa.no');
    await t.expect(toCentre).match(/Trekk for avis som ikke kom: kr \d+,\d{2} trekkes automatisk/);

    // Last year's missed paper, a line of this year's invoice, before what was paid.
    await t.navigateTo(titleUrl('ADR', '/fakturaoversikt'));
    await expectScreen(t, 'Fakturaer');
    const line = Selector('dt').withText(/^Trekk for avis som ikke kom \d{1,2}\. [a-zø]+ \d{4}$/);
    await t.expect(line.exists).ok({ timeout: 20000 });
    await t.expect(line.nextSibling('dd').withText(/^-kr \d+,\d{2}$/).exists).ok();
    await expectAccessible(t);

    // Home's next charge tells the credit the renewal will take off.
    await t.navigateTo(titleUrl('ADR', '/'));
    await expectScreen(t, 'Hei, Aud!');
    const nextCharge = Selector('dt').withExactText('Neste trekk').nextSibling('dd');
    await t
      .expect(nextCharge.withText(/kr \d+,\d{2} er trukket fra for aviser som ikke kom\./).exists)
      .ok({ timeout: 20000 });
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/tilbakemelding'))(
  'a digital subscriber is told why and goes to customer service',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Meld fra om avisleveringen');
    const notice = Selector('section').withAttribute(
      'aria-labelledby',
      'complaint-unavailable-heading',
    );
    await t.expect(notice.withText('Gjelder bare papiravis').exists).ok({ timeout: 20000 });
    await t.expect(notice.withText('Abonnementet ditt (Premium digital) er digitalt').exists).ok();
    await t.expect(Selector('input[type="checkbox"]').exists).notOk();
    await expectAccessible(t);
    await t.click(notice.find('a').withExactText('Gå til kundeservice'));
    await expectScreen(t, 'Kundeservice');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/kundeservice'));
  },
);
