// Cancellation in the browser: digital@ cancels FVN Premium from the home page with a
// reason (required: "Årsak er påkrevd" first), skips the winback offer, sees the end date on the
// receipt and on the home page, and undoes the cancellation, so the subscription is active again
// as before (other journeys sign in as digital@ and expect an active subscription), by the link of
// the receipt read from the outbox; the undo has its receipt too. /winback
// asks an anonymous visitor to log in (the logged-in offers are covered by the jest tests: the
// one cancelled demo user is reactivated by the purchase journey). axe on every page.
import { Selector } from 'testcafe';

import { currentUrl, emailsTo, expectAccessible, expectScreen, signIn, titleUrl } from './support';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);

fixture('Cancellation and undo').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

test.page(titleUrl('FVN', '/'))(
  'a subscriber cancels with a reason, skips the winback offer, sees the end date, then undoes it',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Hei, Dag!');
    await t.click(link('Avslutt abonnement'));

    // Step 1: the last day of access is shown before anything is chosen.
    await expectScreen(t, 'Avslutt abonnementet');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/avslutt-abonnement'));
    const intro = Selector('p').withText('Du har tilgang til og med');
    const introText = await intro.innerText;
    const endDate = /til og med (.+?), og/.exec(introText)?.[1];
    await t.expect(endDate).ok(`no end date in "${introText}"`);
    await expectAccessible(t);

    // A reason is required.
    await t.click(button('Gå videre'));
    await t.expect(link('Årsak er påkrevd').exists).ok();
    await t.expect(Selector('.ds-error-summary').focused).ok();
    await expectAccessible(t);

    await t.click(Selector('label').withExactText('Det er for dyrt'));
    await t.typeText(Selector('#cancel-comment'), 'Prøver noe annet en stund');
    await t.click(button('Gå videre'));

    // Step 2: the winback offer from the catalogue, skipped.
    await t.expect(Selector('h2').withText('Steg 2 av 2').focused).ok();
    await t
      .expect(main.withText('Behold Premium digital og betal for ett år om gangen').exists)
      .ok({ timeout: 20000 });
    await expectAccessible(t);
    await t.click(button('Nei takk, avslutt'));

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
    await t.expect(link('Avslutt abonnement').exists).ok();
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
