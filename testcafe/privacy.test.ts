// Privacy and legal pages in the browser. Every legal page renders with its title in
// bokmål on FVN and in nynorsk on Setesdølen (axe on each); ingen@ (no subscription) changes a
// consent on /personverninnstillinger and finds it kept after a reload and after signing in
// again; digital@ (a subscriber) answers /samtykke1 and sees it on the settings page. A page view
// reaches the embedded collector (/dev/events) only after analytics is accepted. papir@ makes a
// copy of her data on /schibstedTakeoutGateway, downloads it (it holds her invoices) and reads it
// on the page in words (kroner, no column names);
// sletting@ asks for her data to be deleted and calls it off. (planendring@'s segment message is
// closed in plan-change.test.ts, before that file's journey withdraws the change it is about.)
import { ClientFunction, Selector } from 'testcafe';

import { emailsTo, expectAccessible, expectScreen, port, signIn, titleUrl } from './support';

fixture('Privacy and legal pages')
  .clientScripts({ path: require.resolve('axe-core/axe.min.js') })
  // The window back to its full size for the fixtures after (some tests use a phone's width).
  .afterEach(async (t) => {
    await t.maximizeWindow();
  });

const PAGES: readonly (readonly [string, string, string])[] = [
  ['/vilkaar', 'Vilkår for abonnement', 'Vilkår for abonnement'],
  ['/vilkaar/bedrift', 'Vilkår for bedriftsabonnement', 'Vilkår for bedriftsabonnement'],
  ['/vilkaar-mer', 'Flere vilkår', 'Fleire vilkår'],
  ['/personvern', 'Personvernerklæring', 'Personvernerklæring'],
  ['/personverndetaljer', 'Personvern i detalj', 'Personvern i detalj'],
  ['/data', 'Dine data', 'Dataa dine'],
  ['/cookie-policy', 'Informasjonskapsler (cookies)', 'Informasjonskapslar (cookies)'],
  ['/tilgjengelighet', 'Tilgjengelighetserklæring', 'Tilgjengeerklæring'],
];

const main = Selector('main');
const button = (name: string) => Selector('button').withExactText(name);
const checkbox = (label: string) =>
  Selector('label').withExactText(label).parent().find('input[type="checkbox"]');
/**
 * The server's answers the page carries for its first screen (the session, the waiting deletion,
 * home's segment messages): what the screen rendered from, so the absence of a notice says
 * something as soon as the screen is there.
 */
const firstScreen = ClientFunction(() => {
  const text = document.getElementById('minside-first-screen')?.textContent;
  return text
    ? (JSON.parse(text) as {
        deletion?: { waiting: unknown };
        segment?: { answer: { messages: { id: string }[] } };
      })
    : null;
});

test.page(titleUrl('FVN', '/vilkaar'))('every legal page, in bokmål and nynorsk', async (t) => {
  await t.resizeWindow(1280, 900);
  for (const [path, nb] of PAGES) {
    await t.navigateTo(titleUrl('FVN', path));
    await expectScreen(t, nb);
    await t.expect(main.withText('Sist oppdatert 1. november 2026').exists).ok();
    await t.expect(main.withText('Fædrelandsvennen').exists).ok();
    await expectAccessible(t);
  }
  for (const [path, , nn] of PAGES) {
    await t.navigateTo(titleUrl('SET', path));
    await expectScreen(t, nn);
    await expectAccessible(t);
  }
  // The footer leads to the accessibility statement.
  await t.click(Selector('footer a').withExactText('Tilgjenge'));
  await expectScreen(t, 'Tilgjengeerklæring');
});

test.page(titleUrl('FVN', '/personverninnstillinger'))(
  'a reader without a subscription changes a consent; it is kept on the account',
  async (t) => {
    await signIn(t, 'ingen@demo.minside.no');
    await expectScreen(t, 'Personverninnstillinger');
    await t.expect(checkbox('Markedsføring').exists).ok({ timeout: 10000 });
    await expectAccessible(t);
    await t.click(checkbox('Markedsføring')).click(button('Lagre valgene'));
    await t.expect(main.withText('Valgene er lagret.').exists).ok({ timeout: 10000 });
    // Another device: this browser's choices gone, the account's come back.
    await t.eval(() => window.localStorage.clear());
    await t.navigateTo(titleUrl('FVN', '/personverninnstillinger'));
    await t.expect(checkbox('Markedsføring').checked).ok({ timeout: 10000 });
    await t.expect(checkbox('Annonser').checked).notOk();
    await expectAccessible(t);
  },
);

test.page(titleUrl('FVN', '/samtykke1'))(
  'a subscriber says yes to news by e-mail, and sees it among the settings',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Nyheter og tilbud på e-post');
    await t.expect(main.withText('Du har ikke svart ennå.').exists).ok({ timeout: 10000 });
    await expectAccessible(t);
    await t.click(button('Ja, send meg e-post'));
    await t
      .expect(main.withText('Lagret: du får nyheter og tilbud på e-post.').exists)
      .ok({ timeout: 10000 });
    await t.click(Selector('a').withExactText('Alle personverninnstillingene'));
    await expectScreen(t, 'Personverninnstillinger');
    const email = Selector('li').withText('Nyheter og tilbud på e-post');
    await t.expect(email.withText('Ja').exists).ok({ timeout: 10000 });
    await expectAccessible(t);
    await t.resizeWindow(1280, 900);
  },
);

interface CollectedEvent {
  readonly titleCode: string;
  readonly event: { readonly object: { readonly contentId: string } };
}

/** The page views the embedded collector holds for FVN's legal pages, newest first. */
async function legalPageViews(): Promise<string[]> {
  const response = await fetch(`http://localhost:${port}/dev/events`);
  const events = (await response.json()) as CollectedEvent[];
  return events
    .filter(
      (e) =>
        e.titleCode === 'FVN' &&
        ['vilkaar', 'personvern', 'cookie-policy'].includes(e.event.object.contentId),
    )
    .map((e) => e.event.object.contentId);
}

test.page(titleUrl('FVN', '/vilkaar'))(
  'a page view is recorded only after analytics is accepted',
  async (t) => {
    await t.resizeWindow(1280, 900);
    await t.eval(() => window.localStorage.clear());
    await t.navigateTo(titleUrl('FVN', '/vilkaar'));
    await expectScreen(t, 'Vilkår for abonnement');
    await t.click(Selector('footer a').withExactText('Informasjonskapsler'));
    await expectScreen(t, 'Informasjonskapsler (cookies)');
    const before = await legalPageViews();
    // Consent: analytics only, in the footer's dialog.
    await t.click(Selector('footer button').withExactText('Personverninnstillinger'));
    await t.click(checkbox('Analyse og statistikk')).click(button('Lagre valg'));
    await t.click(Selector('footer a').withExactText('Personvern'));
    await expectScreen(t, 'Personvernerklæring');
    let after = await legalPageViews();
    for (let i = 0; i < 20 && after.length === before.length; i++) {
      await t.wait(500);
      after = await legalPageViews();
    }
    await t.expect(after.length).eql(before.length + 1);
    await t.expect(after[0]).eql('personvern');
  },
);

/** The copy the download link leads to, fetched in the page with the reader's session. */
const downloadedCopy = ClientFunction(() => {
  const link = document.querySelector<HTMLAnchorElement>('a[download]');
  if (!link) return Promise.resolve(null);
  return fetch(link.href, { credentials: 'same-origin' }).then((response) =>
    response
      .json()
      .then((data: { invoicesAndPayments?: unknown[]; identity?: { email?: string } }) => ({
        status: response.status,
        invoices: data.invoicesAndPayments ? data.invoicesAndPayments.length : 0,
        email: data.identity && data.identity.email ? data.identity.email : '',
      })),
  );
});

test.page(titleUrl('FVN', '/schibstedTakeoutGateway'))(
  'a subscriber makes a copy of her data, downloads it and reads it',
  async (t) => {
    await t.resizeWindow(1280, 900);
    await signIn(t, 'papir@demo.minside.no');
    await expectScreen(t, 'Last ned dataene dine');
    await expectAccessible(t);
    await t.click(button('Lag en kopi'));
    await t.expect(main.withText('Kopien er klar.').exists).ok({ timeout: 10000 });
    const copy = await downloadedCopy();
    await t.expect(copy?.status).eql(200);
    await t.expect(copy?.email).eql('papir@demo.minside.no');
    await t.expect(copy?.invoices).gt(0);
    await t.click(button('Vis kopien her'));
    await t.expect(Selector('h2').withExactText('Kopien din').exists).ok({ timeout: 10000 });
    // Read in words, grouped: her invoices under payments, amounts in kroner, no column names.
    await t
      .expect(Selector('h3').withExactText('Bestillinger, fakturaer og betalinger').exists)
      .ok();
    const invoices = Selector('section').withAttribute(
      'aria-labelledby',
      'data-part-invoices-and-payments',
    );
    await t.expect(invoices.find('h4').withText('Fakturaer og betalinger').exists).ok();
    await t.expect(invoices.find('dt').withExactText('Beløp').exists).ok();
    await t.expect(invoices.find('dd').withText('kr ').exists).ok();
    await t.expect(main.withText('amount_ore').exists).notOk();
    await t.expect(main.withText('aria_plan_id').exists).notOk();
    await expectAccessible(t);
  },
);

// sletting@ (Setesdølen, nynorsk; no other journey uses her) reads the warning, is stopped until
// she ticks that she understands, asks, is signed out at once and e-mailed the day; signed in
// again she sees the request waiting (on every page too) and calls it off. At 390 px.
test.page(titleUrl('SET', '/schibstedDeleteGateway'))(
  'deletion requested and called off (nynorsk, phone width)',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, 'sletting@demo.minside.no');
    await expectScreen(t, 'Slett opplysningane dine');
    await t.expect(main.withText('bokføringslova').exists).ok();
    await expectAccessible(t);
    await t.click(button('Slett opplysningane mine'));
    await t.expect(main.withText('Kryss av for at du har lese kva som skjer.').exists).ok();
    await t.click(
      checkbox(
        'Eg forstår at opplysningane mine blir sletta, og at abonnementa mine blir avslutta',
      ),
    );
    await t.click(button('Slett opplysningane mine'));
    await expectScreen(t, 'Vi slettar opplysningane dine');
    await t.expect(main.withText('Du er no logga ut på alle einingar').exists).ok();
    await t.expect(main.withText('Abonnementet ditt blir ikkje fornya lenger.').exists).ok();
    await expectAccessible(t);
    const [mail] = await emailsTo('sletting@demo.minside.no');
    await t.expect(mail).contains('Du har bede oss slette opplysningane vi har om deg.');

    // Signed out everywhere: Mi side asks her to sign in again.
    await t.navigateTo(titleUrl('SET', '/'));
    await signIn(t, 'sletting@demo.minside.no');
    const notice = Selector('[aria-label="Sletting av opplysningane dine"]');
    await t.expect(notice.withText('Opplysningane dine blir sletta').exists).ok({ timeout: 20000 });
    await expectAccessible(t);
    await t.navigateTo(titleUrl('SET', '/schibstedDeleteGateway'));
    await expectScreen(t, 'Du har bede om sletting');
    await t.click(button('Avbryt slettinga'));
    await t.expect(main.withText('Slettinga er avbroten. Vi slettar ingenting.').exists).ok({
      timeout: 10000,
    });
    await t.expect(main.withText('Abonnementet ditt blir fornya som før.').exists).ok();
    await expectAccessible(t);
    await t.navigateTo(titleUrl('SET', '/'));
    await t.expect(Selector('h1').exists).ok({ timeout: 20000 });
    // The page came with the server's answer: nothing waits, so the notice is gone for good.
    await t.expect((await firstScreen())?.deletion).eql({ waiting: null });
    await t.expect(notice.exists).notOk();
  },
);
