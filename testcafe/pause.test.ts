// Pause instead of leaving in the browser:
// - ta-pause@ (Setesdølen digital, nynorsk, never paused; no other journey uses this reader)
//   follows «Ta pause frå abonnementet» from home to the pause on /avslutt-abonnement, pauses for
//   1 month with one choice and one button, reads the receipt (it takes the focus), sees «Pausa
//   til …» on home (the notice and the status line), and ends the pause there;
// - pause@ (FVN digital, paused for two months ten days ago by the demo seed) sees «Pauset til …»
//   on the home page, ends the pause early with «Avslutt pausen» (the result takes the focus and
//   says the next payment), has the subscription active again, and is not offered a new pause on
//   /avslutt-abonnement (one in 12 months).
// The rules are the server's tests' (test/server/pause.test.ts). axe on every page.
import { Selector } from 'testcafe';

import { expectAccessible, expectScreen, signIn, titleUrl } from './support';

const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);

fixture('Pause instead of leaving').clientScripts({
  path: require.resolve('axe-core/axe.min.js'),
});

test.page(titleUrl('FVN', '/'))(
  'a paused reader sees «Pauset til …» and ends the pause early',
  async (t) => {
    await signIn(t, 'pause@demo.minside.no');
    await expectScreen(t, 'Hei, Pål!');
    await t.expect(Selector('strong').withText('Pauset til').exists).ok();
    await expectAccessible(t);

    await t.click(button('Avslutt pausen'));
    const ended = Selector('.ds-alert').withText('Pausen er avsluttet, og du har tilgang igjen.');
    await t.expect(ended.exists).ok({ timeout: 10_000 });
    await t.expect(ended.focused).ok();
    await t.expect(Selector('strong').withText('Pauset til').exists).notOk();
    await t.expect(Selector('dd').withExactText('Aktivt').exists).ok();
    await expectAccessible(t);

    // One pause in 12 months: the cancellation page offers none now, only the reason.
    await t.click(link('Si opp abonnementet'));
    await expectScreen(t, 'Si opp abonnementet');
    await t.expect(Selector('h2').withExactText('Hvorfor sier du opp?').exists).ok();
    await t.expect(Selector('h2').withExactText('Ta pause i stedet?').exists).notOk();
    await expectAccessible(t);
  },
);

test.page(titleUrl('SET', '/'))(
  'a reader pauses from home in nynorsk, sees «Pausa til …» and ends the pause',
  async (t) => {
    await signIn(t, 'ta-pause@demo.minside.no');
    await expectScreen(t, 'Hei, Tone!');
    await t.click(link('Ta pause frå abonnementet'));
    await expectScreen(t, 'Sei opp abonnementet');
    await t.expect(Selector('h2').withExactText('Ta pause i staden?').exists).ok();
    await expectAccessible(t);

    await t.click(Selector('label').withExactText('1 månad'));
    await t.click(button('Sett på pause'));
    const receipt = Selector('.cancel-pause-receipt');
    await t
      .expect(receipt.find('h2').withExactText('Abonnementet er sett på pause').exists)
      .ok({ timeout: 10_000 });
    await t.expect(receipt.focused).ok();
    await t.expect(receipt.innerText).contains('Pausen varer frå');
    await expectAccessible(t);

    await t.navigateTo(titleUrl('SET', '/'));
    await expectScreen(t, 'Hei, Tone!');
    await t.expect(Selector('strong').withText('Pausa til').exists).ok();
    await t.expect(Selector('dd').withText('Pausa til').exists).ok();
    await t.expect(link('Ta pause frå abonnementet').exists).notOk();
    await expectAccessible(t);

    await t.click(button('Avslutt pausen'));
    const ended = Selector('.ds-alert').withText('Pausen er avslutta, og du har tilgang igjen.');
    await t.expect(ended.exists).ok({ timeout: 10_000 });
    await t.expect(ended.focused).ok();
    await t.expect(Selector('dd').withExactText('Aktivt').exists).ok();
  },
);
