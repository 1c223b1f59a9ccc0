// Plan change in the browser: planendring@ (FVN Premium monthly with a change to yearly
// waiting; no other journey uses this user) withdraws the waiting change, schedules a period
// change with the confirmation step, sees it on the receipt (/receipt2) and on the home page,
// and withdraws it again. The price list (/nye-priser) and the receipt without a session are
// checked too. axe on every page. The upgrade (pay the difference) journey needs the payment
// sandbox and is written with the purchase screens.
import { Selector } from 'testcafe';

import { currentUrl, expectAccessible, expectScreen, signIn, titleUrl } from './support';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const pending = Selector('section').withAttribute('aria-labelledby', 'plan-change-pending-heading');

fixture('Plan change').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

test.page(titleUrl('FVN', '/endre-abonnement'))(
  'a subscriber withdraws a waiting change, schedules a period change and withdraws it again',
  async (t) => {
    await signIn(t, 'planendring@demo.minside.no');
    await expectScreen(t, 'Endre abonnement');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/endre-abonnement'));
    await t.expect(pending.withText('Premium digital (Årlig').exists).ok({ timeout: 20000 });
    await t
      .expect(Selector('fieldset legend').withExactText('Nytt abonnement').exists)
      .ok({ timeout: 20000 });
    await expectAccessible(t);

    // The change to yearly that was waiting is withdrawn.
    await t.click(button('Angre den planlagte endringen'));
    await t
      .expect(main.withText('Den planlagte endringen er angret.').exists)
      .ok({ timeout: 20000 });
    await t.expect(pending.exists).notOk();

    // A period change: chosen, confirmed, scheduled for the renewal date.
    await t.click(Selector('label').withText('Premium digital, Kvartalsvis'));
    await t.click(button('Fortsett'));
    await t.expect(Selector('h2').withExactText('Bekreft endring').focused).ok();
    await expectAccessible(t);
    await t.click(button('Bekreft endring'));

    await expectScreen(t, 'Endringen er registrert');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/receipt2'));
    const effective = Selector('p').withText('Endringen gjelder fra');
    const text = await effective.innerText;
    const date = /Endringen gjelder fra (.+)\./.exec(text)?.[1];
    await t.expect(date).ok(`no date in "${text}"`);
    await expectAccessible(t);

    // Home shows it too, as a change of period (the plan stays the same).
    await t.click(Selector('a').withExactText('Tilbake til Min side'));
    await expectScreen(t, 'Hei, Petter!');
    await t
      .expect(
        main
          .withText(`Fra ${date} betaler du `)
          .withText('per kvartal for Premium digital i stedet for').exists,
      )
      .ok();

    // And it is withdrawn again.
    await t.navigateTo(titleUrl('FVN', '/endre-abonnement'));
    await expectScreen(t, 'Endre abonnement');
    await t.expect(pending.withText('Premium digital (Kvartalsvis').exists).ok({ timeout: 20000 });
    await t.click(button('Angre den planlagte endringen'));
    await t
      .expect(main.withText('Den planlagte endringen er angret.').exists)
      .ok({ timeout: 20000 });
    await t.navigateTo(titleUrl('FVN', '/'));
    await expectScreen(t, 'Hei, Petter!');
    await t.expect(main.withText('i stedet for').exists).notOk();
  },
);

test.page(titleUrl('FVN', '/nye-priser'))(
  'anyone sees the prices of the title in kroner',
  async (t) => {
    await expectScreen(t, 'Priser for Fædrelandsvennen');
    await t
      .expect(Selector('h2').withExactText('Premium digital').exists)
      .ok({ timeout: 20000 })
      .expect(Selector('td').withText('kr 279,00 per måned').exists)
      .ok();
    await t.expect(main.withText('uten bindingstid').exists).ok();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/receipt2'))(
  'the receipt asks a visitor who is not logged in to go to Min side',
  async (t) => {
    await expectScreen(t, 'Kvittering');
    await t
      .expect(main.withText('Logg inn på Min side for å se endringer').exists)
      .ok({ timeout: 20000 });
    await t.expect(Selector('a').withExactText('Tilbake til Min side').exists).ok();
    await expectAccessible(t);
  },
);
