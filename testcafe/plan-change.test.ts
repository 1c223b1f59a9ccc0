// Plan change in the browser: planendring@ (FVN Premium monthly with a change to yearly
// waiting; no journey of another file uses this user, so these run in one shard, in this order)
// first closes the price notice that the waiting change gives the home page, then withdraws the
// change, schedules a period change with the confirmation step, sees it on the receipt
// (/receipt2) and on the home page, and withdraws it again. The price list (/nye-priser) and the receipt without a session are
// checked too. axe on every page. The upgrade (pay the difference) journey needs the payment
// sandbox and is written with the purchase screens.
import { ClientFunction, Selector } from 'testcafe';

import { currentUrl, expectAccessible, expectScreen, signIn, titleUrl } from './support';

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const pending = Selector('section').withAttribute('aria-labelledby', 'plan-change-pending-heading');

fixture('Plan change').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

/** Home's segment messages as the page carried them for its first screen. */
const firstScreen = ClientFunction(() => {
  const text = document.getElementById('minside-first-screen')?.textContent;
  return text
    ? (JSON.parse(text) as { segment?: { answer: { messages: { id: string }[] } } })
    : null;
});

// A segment message on the home page: planendring@ (an FVN subscriber whose next renewal costs
// another amount) is told, follows it to /nye-priser, closes it, and it stays closed after a reload.
test.page(titleUrl('FVN', '/'))(
  'a subscriber closes the price notice on the home page',
  async (t) => {
    await t.resizeWindow(1280, 900);
    await signIn(t, 'planendring@demo.minside.no');
    await expectScreen(t, 'Hei, Petter!');
    const banner = Selector('section.segment-banner').withText('Ny pris fra neste fornying');
    await t.expect(banner.exists).ok({ timeout: 20000 });
    await expectAccessible(t);
    await t.click(banner.find('a').withExactText('Se prisene'));
    await expectScreen(t, 'Priser for Fædrelandsvennen');
    await t.navigateTo(titleUrl('FVN', '/'));
    await expectScreen(t, 'Hei, Petter!');
    await t.click(banner.find('button').withExactText('Lukk'));
    await t.expect(banner.exists).notOk({ timeout: 10000 });
    await t.expect(main.withText('Meldingen er lukket. Du ser den ikke igjen.').exists).ok();
    await t.navigateTo(titleUrl('FVN', '/'));
    await expectScreen(t, 'Hei, Petter!');
    // The messages came with the page, without the closed one: the screen shows what it has.
    const messages = (await firstScreen())?.segment?.answer.messages;
    await t.expect(messages).ok('the page carries the home page’s messages');
    await t.expect(messages?.map((m) => m.id)).notContains('nye-priser-2027');
    await t.expect(Selector('.segment-banner').exists).notOk();
  },
);

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
