// Cancellation in the browser: digital@ cancels FVN Premium from the home page on one page with a
// reason (required: "Årsak er påkrevd" first), passes the winback offer, sees the end date on the
// receipt and on the home page, and undoes the cancellation, so the subscription is active again
// as before (other journeys sign in as digital@ and expect an active subscription), by the link of
// the receipt read from the outbox; the undo has its receipt too. /winback
// asks an anonymous visitor to log in (the logged-in offers are covered by the jest tests: the
// one cancelled demo user is reactivated by the purchase journey). Leaving takes no more clicks
// than joining: a new reader orders a subscription and cancels it, and the clicks of each are
// counted from the home page. axe on every page.
import { Selector } from 'testcafe';

import {
  clickAway,
  currentUrl,
  emailsTo,
  expectAccessible,
  expectScreen,
  leftSandbox,
  paymentPage,
  signIn,
  titleUrl,
} from './support';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);

fixture('Cancellation and undo').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

test.page(titleUrl('FVN', '/'))(
  'a subscriber cancels on one page with a reason past the winback offer, sees the end date, then undoes it',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Hei, Dag!');
    await t.click(link('Si opp abonnementet'));

    // The last day of access is shown before anything is chosen.
    await expectScreen(t, 'Si opp abonnementet');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/avslutt-abonnement'));
    const intro = Selector('p').withText('Du har tilgang til og med');
    const introText = await intro.innerText;
    const endDate = /til og med (.+?), og/.exec(introText)?.[1];
    await t.expect(endDate).ok(`no end date in "${introText}"`);
    await expectAccessible(t);

    // The winback offer from the catalogue is on the same page, with its own button.
    await t
      .expect(main.withText('Behold Premium digital og betal for ett år om gangen').exists)
      .ok({ timeout: 20000 });
    await t.expect(button('Ja takk, bytt abonnement').exists).ok();

    // A reason is required.
    await t.click(button('Si opp abonnementet'));
    await t.expect(link('Årsak er påkrevd').exists).ok();
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await expectAccessible(t);

    await t.click(Selector('label').withExactText('Det er for dyrt'));
    await t.typeText(Selector('#cancel-comment'), 'Prøver noe annet en stund');
    await expectAccessible(t);
    await t.click(button('Si opp abonnementet'));

    // The receipt: cancelled, with access until the end date shown up front.
    await expectScreen(t, 'Abonnementet er sagt opp');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/abonnement-avsluttet'));
    await t.expect(main.withText(`Du har tilgang til og med ${endDate}.`).exists).ok();
    await expectAccessible(t);

    // The receipt by e-mail: the same last day, and a link that undoes it until then.
    const [cancelled] = (await emailsTo('digital@demo.minside.no')).filter((body) =>
      body.startsWith('Kvittering: Du har sagt opp abonnementet hos Fædrelandsvennen'),
    );
    await t.expect(cancelled).contains(`Du har tilgang til og med ${endDate}`);
    await t.expect(cancelled).contains(`kan du angre oppsigelsen fram til ${endDate}.`);
    const undoLink = /Angre oppsigelsen: (https:\/\/\S+)/.exec(cancelled ?? '')?.[1];
    await t.expect(undoLink).eql('https://minside.fvn.no/angre-oppsigelse');

    // The home page shows the cancellation and offers to undo it.
    await t.click(link('Tilbake til Min side'));
    await expectScreen(t, 'Hei, Dag!');
    await t.expect(main.withText(`Du har tilgang til og med ${endDate}.`).exists).ok();
    await t.expect(link('Angre oppsigelse').exists).ok();

    // Undo, by the link in the e-mail (its path on this server).
    await t.navigateTo(titleUrl('FVN', new URL(undoLink!).pathname));

    await expectScreen(t, 'Angre oppsigelsen');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/angre-oppsigelse'));
    await expectAccessible(t);
    await t.click(button('Angre oppsigelsen'));
    await expectScreen(t, 'Oppsigelsen er angret');
    await t.expect(main.withText('Abonnementet ditt fortsetter som før. Det fornyes').exists).ok();
    await expectAccessible(t);
    // …and its receipt, with the renewal date and price.
    const [undone] = (await emailsTo('digital@demo.minside.no')).filter((body) =>
      body.startsWith('Kvittering: Oppsigelsen hos Fædrelandsvennen er angret'),
    );
    await t
      .expect(undone)
      .contains('Oppsigelsen er angret, og Premium digital fortsetter som før.');
    await t.expect(undone).match(/Abonnementet fornyes automatisk \d{1,2}\. \p{L}+ \d{4} til kr /u);

    // Active again: home offers to change or cancel, not to undo.
    await t.click(link('Tilbake til Min side'));
    await expectScreen(t, 'Hei, Dag!');
    await t.expect(link('Si opp abonnementet').exists).ok();
    await t.expect(link('Angre oppsigelse').exists).notOk();
    await t.expect(main.withText('er sagt opp').exists).notOk();
  },
);

test.page(titleUrl('FVN', '/winback'))(
  'an anonymous visitor on /winback is asked to log in',
  async (t) => {
    await expectScreen(t, 'Et tilbud til deg');
    await t.expect(main.withText('3 måneder for prisen av 1').exists).ok();
    await t.expect(button('Logg inn og se tilbudet').exists).ok();
    await expectAccessible(t);
  },
);

test.page(titleUrl('TA', '/'))(
  'leaving takes no more clicks than joining: a new reader orders, then cancels, from home',
  async (t) => {
    let clicks = 0;
    const click = async (control: Selector) => {
      clicks += 1;
      await t.click(control);
    };
    const clickOff = async (control: Selector, arrived: Selector) => {
      clicks += 1;
      await clickAway(t, control, arrived);
    };
    await signIn(t, 'ingen@demo.minside.no');

    // Joining: from home to the receipt.
    await t.expect(link('Se abonnementene og bestill').exists).ok({ timeout: 20000 });
    await click(link('Se abonnementene og bestill'));
    await expectScreen(t, 'Bestill abonnement');
    await t.expect(button('Betal kr 1,00').exists).ok({ timeout: 20000 });
    await clickOff(button('Betal kr 1,00'), paymentPage);
    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await clickOff(button('Godkjenn betalingen'), leftSandbox);
    await expectScreen(t, 'Takk for bestillingen!');
    const joining = clicks;

    // Leaving: from home to the receipt (home itself is not counted, as for joining).
    await t.click(link('Tilbake til Min side'));
    await t.expect(link('Si opp abonnementet').exists).ok({ timeout: 20000 });
    clicks = 0;
    await click(link('Si opp abonnementet'));
    await expectScreen(t, 'Si opp abonnementet');
    await expectAccessible(t);
    await click(Selector('label').withExactText('Annen årsak'));
    await click(button('Si opp abonnementet'));
    await expectScreen(t, 'Abonnementet er sagt opp');
    const leaving = clicks;

    await t.expect(joining).eql(3, 'joining: the link, «Betal», «Godkjenn betalingen»');
    await t
      .expect(leaving)
      .lte(joining, `leaving took ${leaving} clicks, joining ${joining}`)
      .expect(leaving)
      .eql(3);
  },
);
