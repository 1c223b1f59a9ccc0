// Pause instead of leaving in the browser: pause@ (FVN digital, paused for two months ten days
// ago by the demo seed) sees «Pauset til …» on the home page, ends the pause early with «Avslutt
// pausen» (the result takes the focus and says the next payment), has the subscription active
// again, and is not offered a new pause on /avslutt-abonnement (one in 12 months). The offer
// itself, pausing from the cancellation page and its receipt are covered by the jest tests
// (test/app/features/PauseSubscription.test.tsx) and the server's (test/server/pause.test.ts):
// the demo readers other journeys use must stay active. axe on every page.
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
