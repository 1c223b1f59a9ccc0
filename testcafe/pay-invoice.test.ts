// Paying an invoice in the browser: papir@'s overdue giro invoice (demo data) is paid
// with card in the sandbox; an unknown (or another reader's) invoice number says the invoice cannot be
// found and links to the overview; a new reader (ingen@) orders digital by card on LA (no other
// journey uses that title), approves the 1 kr payment in the sandbox, and the invoice of that
// order — its number read from the invoice list the way the overview reads it — opens on
// /betal-faktura as paid, without a pay button. axe on each page, bokmål and nynorsk.
import { ClientFunction, Selector } from 'testcafe';

import {
  chooseLanguage,
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

const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
const alert = Selector('[role="alert"]');
/** The value (<dd>) of a fact (<dt>). */
const fact = (label: string) => Selector('dt').withExactText(label).nextSibling('dd');

/** The invoices of the signed-in reader's account on a title, as GET /api/invoices answers. */
const invoicesOn = ClientFunction((titleCode: string) =>
  fetch('/api/session', { credentials: 'same-origin' })
    .then((response) => response.json())
    .then((session: { account: { ariaAccountNo: string } }) =>
      fetch(`/api/invoices/${session.account.ariaAccountNo}/${titleCode}`, {
        credentials: 'same-origin',
      }),
    )
    .then((response) => response.json())
    .then((list: { invoices: { ariaInvoiceNo: string; status: string; amount: number }[] }) =>
      list.invoices.map((invoice) => ({
        ariaInvoiceNo: invoice.ariaInvoiceNo,
        status: invoice.status,
        amount: invoice.amount,
      })),
    ),
);

fixture('Pay an invoice')
  .clientScripts({ path: require.resolve('axe-core/axe.min.js') })
  // A journey that resizes the window (phone, desktop) leaves it as the next one expects, also
  // when it fails halfway.
  .afterEach(async (t) => {
    await t.maximizeWindow();
  });

test.page(titleUrl('FVN', '/betal-faktura/899999999'))(
  'an unknown or foreign invoice number is not found, in bokmål and nynorsk',
  async (t) => {
    await signIn(t, 'digital@demo.minside.no');
    await expectScreen(t, 'Betal faktura');
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/betal-faktura/899999999'));
    await t
      .expect(alert.find('h2').withExactText('Vi finner ikke fakturaen 899999999').exists)
      .ok({ timeout: 20000 });
    await t.expect(button('Betal kr 99,00').exists).notOk();
    await t.expect(Selector('input[type="radio"]').exists).notOk();
    await t.expect(link('Til fakturaoversikten').getAttribute('href')).eql('/fakturaoversikt');
    await expectAccessible(t);

    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.expect(alert.find('h2').withExactText('Vi finn ikkje fakturaen 899999999').exists).ok();
    await expectAccessible(t);

    await t.click(link('Til fakturaoversikta'));
    await t.expect(currentUrl()).eql(titleUrl('FVN', '/fakturaoversikt'));
  },
);

test.page(titleUrl('LA', '/bestill-abonnement'))(
  'the paid invoice of a new order opens as paid, without a pay button',
  async (t) => {
    await signIn(t, 'ingen@demo.minside.no');
    await expectScreen(t, 'Bestill abonnement');
    await t.expect(button('Betal kr 1,00').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Betal kr 1,00'), paymentPage);
    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Godkjenn betalingen'), leftSandbox);
    await expectScreen(t, 'Takk for bestillingen!');

    const invoices = await invoicesOn('LA');
    await t.expect(invoices.length).eql(1);
    const [invoice] = invoices;
    await t
      .expect(invoice)
      .eql({ ariaInvoiceNo: invoice!.ariaInvoiceNo, status: 'PAID', amount: 100 });

    await t.navigateTo(titleUrl('LA', `/betal-faktura/${invoice!.ariaInvoiceNo}`));
    await expectScreen(t, `Faktura ${invoice!.ariaInvoiceNo} er betalt`);
    await t.expect(fact('Fakturanummer').textContent).eql(invoice!.ariaInvoiceNo);
    await t.expect(fact('Beløp').textContent).eql('kr 1,00');
    await t.expect(fact('Status').textContent).match(/^Betalt \d{1,2}\. \p{L}+ \d{4}$/u);
    await t.expect(Selector('dt').withExactText('KID').exists).notOk();
    await t.expect(Selector('button').withText('Betal kr').exists).notOk();
    await expectAccessible(t);

    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.expect(fact('Skildring').exists).ok();
    await t.expect(link('Til fakturaoversikta').exists).ok();
    await expectAccessible(t);
  },
);

// papir@ (FVN paper, AvtaleGiro) has the current quarter's giro invoice unpaid and overdue in the
// demo data. On a phone (390 px) the home page puts it first under «Trenger oppmerksomheten din»
// with a pay button; it is paid with card in the sandbox, shown as paid on the overview, and the
// home page (1280 px, bokmål and nynorsk) has nothing left that needs attention.
const attention = Selector('section').withAttribute('aria-labelledby', 'home-attention-heading');

test.page(titleUrl('FVN', '/'))(
  'papir sees the overdue invoice first on home, pays it from there with card, and it is gone',
  async (t) => {
    await t.resizeWindow(390, 844);
    await signIn(t, 'papir@demo.minside.no');
    await expectScreen(t, 'Hei, Per!');
    await t
      .expect(attention.find('h2').withExactText('Trenger oppmerksomheten din').exists)
      .ok({ timeout: 20000 });
    const first = attention.find('li').nth(0);
    await t
      .expect(first.textContent)
      .match(/Fakturaen på kr 1\u00a0749,00 forfalt \d{1,2}\. \p{L}+ \d{4} og er ikke betalt\./u);
    // Above the subscription summary, so it is the first thing read.
    const summaryTop = await Selector('#home-subscription-heading').getBoundingClientRectProperty(
      'top',
    );
    await t.expect(first.getBoundingClientRectProperty('top')).lt(summaryTop);
    await expectAccessible(t);

    await t.click(first.find('a').withExactText('Betal kr 1\u00a0749,00'));
    await expectScreen(t, 'Betal faktura');
    await t.expect(currentUrl()).match(/\/betal-faktura\/[0-9]+$/);
    await t.click(Selector('label').withText('Betalingskort'));
    await t.expect(button('Betal kr 1\u00a0749,00').exists).ok({ timeout: 20000 });
    await expectAccessible(t);
    await clickAway(t, button('Betal kr 1\u00a0749,00'), paymentPage);

    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await t.expect(Selector('dd').withExactText('kr 1\u00a0749,00').exists).ok();
    await clickAway(t, button('Godkjenn betalingen'), leftSandbox);

    await t
      .expect(Selector('h2, h1').withText('Fakturaen er betalt').exists)
      .ok({ timeout: 30000 });
    await t.expect(currentUrl()).match(/\/betal-faktura\/[0-9]+\?ordre=ord_[0-9a-f]+$/);
    await expectAccessible(t);
    // The receipt by e-mail names the invoice and what was paid.
    const invoiceNo = /\/betal-faktura\/([0-9]+)/.exec(await currentUrl())?.[1];
    const [receipt] = (await emailsTo('papir@demo.minside.no')).filter((body) =>
      body.startsWith('Kvittering for betalingen til Fædrelandsvennen'),
    );
    await t.expect(receipt).contains(`Faktura: ${invoiceNo}`);
    await t
      .expect(receipt)
      .match(/Betalt: kr 1\u00a0749,00 med betalingskort \d{1,2}\. \p{L}+ \d{4}/u);

    await t.navigateTo(titleUrl('FVN', '/fakturaoversikt'));
    await t.expect(Selector('h2').withExactText('Betalte fakturaer').exists).ok({ timeout: 20000 });
    await t
      .expect(
        Selector('section').withText('Ubetalte fakturaer').find('a').withText('Betal faktura')
          .exists,
      )
      .notOk();

    // Home again, on a desktop: nothing needs attention now.
    await t.resizeWindow(1280, 900);
    await t.navigateTo(titleUrl('FVN', '/'));
    await expectScreen(t, 'Hei, Per!');
    await t.expect(Selector('#home-subscription-heading').exists).ok({ timeout: 20000 });
    await t.expect(attention.exists).notOk();
    await t.expect(Selector('dt').withExactText('Neste faktura').exists).ok();
    await expectAccessible(t);
    // Where the window is narrower than asked, the language switch is behind the menu.
    const menu = Selector('header button').withText('Meny');
    if (await menu.visible) await t.click(menu);
    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t.expect(Selector('h2').withExactText('Kva vil du gjere?').exists).ok();
    await expectAccessible(t);
  },
);
