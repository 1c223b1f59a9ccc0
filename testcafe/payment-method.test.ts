// Changing how a subscription pays in the browser, with the embedded payment sandbox's
// agreement page. oppsagt@ (FVN Premium, paid by card •••• 4242, cancelled but running for ~18
// days, so it still has a payment method to change; no other journey uses this user): a declined
// Vipps approval leaves the card in place; a new card is added and verified; then the
// subscription moves to Vipps and is verified. The journeys run in this order (each builds on
// the last). The nynorsk screens are read on FIR (a nynorsk title) by digital@, without changing
// anything. axe on every screen of ours.
import { ClientFunction, Selector } from 'testcafe';

import {
  agreementPage,
  clickAway,
  currentUrl,
  expectAccessible,
  expectScreen,
  leftSandbox,
  signIn,
  titleUrl,
} from './support';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const factValue = (label: string) => Selector('dt').withExactText(label).nextSibling('dd');

/** The requirements §9 keys the flow keeps in session storage across the provider's page. */
const storedKeys = ClientFunction(() =>
  ['minside.payment-method-id', 'minside.agreement-id', 'minside.payment-method-source'].filter(
    (key) => window.sessionStorage.getItem(key) !== null,
  ),
);

/** The sandbox's agreement page: the tester picks what the provider answers. */
async function answerOnAgreementPage(t: TestController, choice: string) {
  await t.expect(Selector('h1').withExactText('Avtale (testmiljø)').exists).ok({ timeout: 20000 });
  await t.expect(currentUrl()).contains('/sandbox/agreement/');
  await clickAway(t, button(choice), leftSandbox);
}

fixture('Payment method: Vipps and a new card').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

test.page(titleUrl('FVN', '/'))(
  'a declined Vipps approval leaves the old card in place',
  async (t) => {
    await signIn(t, 'oppsagt@demo.minside.no');
    await expectScreen(t, 'Hei, Ola!');
    await t.expect(factValue('Betalingsmåte').withText('Betalingskort **** 4242').exists).ok();
    await t.click(link('Endre til Vipps'));

    await expectScreen(t, 'Endre betalingsmåte til Vipps');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-betalingsmetode'));
    await t.expect(factValue('Nå betaler du med').withText('Betalingskort **** 4242').exists).ok();
    await expectAccessible(t);
    await clickAway(t, button('Gå til Vipps for å godkjenne'), agreementPage);

    await answerOnAgreementPage(t, 'Avvis avtalen');

    await expectScreen(t, 'Endre betalingsmåte til Vipps');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-betalingsmetode/verify'));
    await t
      .expect(Selector('h2').withExactText('Endringen ble ikke godkjent').focused)
      .ok({ timeout: 20000 });
    await t
      .expect(main.withText('Betalingsmåten er ikke endret. Du betaler fortsatt som før.').exists)
      .ok();
    await t.expect(factValue('Nå betaler du med').withText('Betalingskort **** 4242').exists).ok();
    await t.expect(storedKeys()).eql([]);
    await expectAccessible(t);

    await t.click(link('Tilbake til Min side'));
    await expectScreen(t, 'Hei, Ola!');
    await t.expect(factValue('Betalingsmåte').withText('Betalingskort **** 4242').exists).ok();
    await t.expect(link('Endre til Vipps').exists).ok();
  },
);

test.page(titleUrl('FVN', '/'))('a subscriber adds a new card and it is verified', async (t) => {
  await signIn(t, 'oppsagt@demo.minside.no');
  await expectScreen(t, 'Hei, Ola!');
  await t.click(link('Legg til nytt betalingskort'));

  await expectScreen(t, 'Legg til nytt betalingskort');
  await t.expect(currentUrl()).eql(titleUrl('FVN', '/legg-til-betalingskort'));
  await expectAccessible(t);
  await clickAway(t, button('Gå til kortregistrering'), agreementPage);

  await answerOnAgreementPage(t, 'Godkjenn avtalen');

  await expectScreen(t, 'Legg til nytt betalingskort');
  await t.expect(currentUrl()).eql(titleUrl('FVN', '/legg-til-betalingskort/verify'));
  await t
    .expect(Selector('h2').withExactText('Det nye kortet er lagt til').focused)
    .ok({ timeout: 20000 });
  await t
    .expect(
      factValue('Du betaler nå med').withExactText('Betalingskort **** 0004, utløper 12/29').exists,
    )
    .ok();
  await t.expect(storedKeys()).eql([]);
  await expectAccessible(t);

  await t.click(link('Tilbake til Min side'));
  await expectScreen(t, 'Hei, Ola!');
  await t
    .expect(factValue('Betalingsmåte').withText('Betalingskort **** 0004, utløper 12/29').exists)
    .ok();
});

test.page(titleUrl('FVN', '/'))('a subscriber switches to Vipps and it is verified', async (t) => {
  await signIn(t, 'oppsagt@demo.minside.no');
  await expectScreen(t, 'Hei, Ola!');
  await t.click(link('Endre til Vipps'));

  await expectScreen(t, 'Endre betalingsmåte til Vipps');
  await clickAway(t, button('Gå til Vipps for å godkjenne'), agreementPage);
  await answerOnAgreementPage(t, 'Godkjenn avtalen');

  await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-betalingsmetode/verify'));
  await t
    .expect(Selector('h2').withExactText('Betalingsmåten er endret til Vipps').focused)
    .ok({ timeout: 20000 });
  await t.expect(factValue('Du betaler nå med').withExactText('Vipps').exists).ok();
  await t.expect(storedKeys()).eql([]);
  await expectAccessible(t);

  // Home: Vipps now, and no offer to switch to it again.
  await t.click(link('Tilbake til Min side'));
  await expectScreen(t, 'Hei, Ola!');
  await t.expect(factValue('Betalingsmåte').withText('Vipps').exists).ok();
  await t.expect(link('Endre til Vipps').exists).notOk();
  await t.expect(link('Legg til nytt betalingskort').exists).ok();

  // The verify screen again, with nothing stored: says so and offers to start again.
  await t.navigateTo(titleUrl('FVN', '/endre-betalingsmetode/verify'));
  await t
    .expect(Selector('h2').withExactText('Ingen endring å bekrefte').exists)
    .ok({ timeout: 20000 });
  await t.expect(link('Start på nytt').getAttribute('href')).eql('/endre-betalingsmetode');
  await expectAccessible(t);
});

test.page(titleUrl('FIR', '/legg-til-betalingskort'))(
  'the screens read in nynorsk (FIR), without changing anything',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Legg til nytt betalingskort');
    await t.expect(factValue('No betaler du med').withExactText('Vipps').exists).ok();
    await t.expect(button('Gå til kortregistrering').exists).ok();
    await t.expect(link('Tilbake til Mi side').exists).ok();
    await expectAccessible(t);

    await t.navigateTo(titleUrl('FIR', '/endre-betalingsmetode'));
    await expectScreen(t, 'Endre betalingsmåte til Vipps');
    await t.expect(main.withText('Abonnementet blir allereie betalt med Vipps.').exists).ok();
    await expectAccessible(t);
  },
);
