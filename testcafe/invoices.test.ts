// The invoice overview in the browser: a new reader (ingen@) orders digital by card on BA (no
// other journey uses that title, so the account has no other invoices there), approves the 1 kr
// payment in the sandbox, goes from the home page to /fakturaoversikt and finds the paid invoice
// with its amount and how it was paid (no KID: that is for paying), and reads it all in nynorsk.
// The receipt and the invoice each have «Last ned PDF», and what the link gives is a PDF (with
// the page's own session cookie; the server's tests read its text back). axe on the page in both
// languages.
import { ClientFunction, Selector } from 'testcafe';

import {
  chooseLanguage,
  clickAway,
  currentUrl,
  expectAccessible,
  expectScreen,
  leftSandbox,
  paymentPage,
  signIn,
  titleUrl,
} from './support';

const button = (name: string) => Selector('button').withExactText(name);
const link = (name: string) => Selector('a').withExactText(name);
/** The section under a level-2 heading. */
const region = (name: string) => Selector('h2').withExactText(name).parent('section');
/** The value (<dd>) of a fact (<dt>) inside `scope`. */
const fact = (scope: Selector, label: string) =>
  scope.find('dt').withExactText(label).nextSibling('dd');

/** What a same-origin link gives, fetched in the page: status, type and the file's first bytes. */
const download = ClientFunction((href: string) =>
  fetch(href, { credentials: 'same-origin' }).then((response) =>
    response.arrayBuffer().then((buffer) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      start: String.fromCharCode(...new Uint8Array(buffer).slice(0, 5)),
    })),
  ),
);
async function expectPdf(t: TestController, scope: Selector) {
  const pdf = scope.find('a').withExactText('Last ned PDF');
  await t.expect(pdf.exists).ok();
  await t.expect(pdf.hasAttribute('download')).ok();
  const answer = await download((await pdf.getAttribute('href')) ?? '');
  await t.expect(answer).eql({ status: 200, type: 'application/pdf', start: '%PDF-' });
}

fixture('Invoice overview').clientScripts({ path: require.resolve('axe-core/axe.min.js') });

test.page(titleUrl('BA', '/bestill-abonnement'))(
  'a new subscriber finds the paid invoice of the order, copies its KID, in bokmål and nynorsk',
  async (t) => {
    // The desktop header (its language buttons): a window an earlier fixture left at phone width
    // (Dunning's maximise does not restore the width in headless Chromium) hides them in the menu.
    await t.resizeWindow(1280, 900);
    await signIn(t, 'ingen@demo.minside.no');
    await expectScreen(t, 'Bestill abonnement');
    await t.expect(button('Betal kr 1,00').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Betal kr 1,00'), paymentPage);
    await t.expect(Selector('h1').withText('Betaling (testmiljø)').exists).ok({ timeout: 20000 });
    await clickAway(t, button('Godkjenn betalingen'), leftSandbox);
    await expectScreen(t, 'Takk for bestillingen!');
    await expectPdf(t, Selector('main'));

    // From the home page's settings to the overview.
    await t.click(link('Tilbake til Min side'));
    await expectScreen(t, 'Hei, ');
    await t.click(Selector('nav').find('a').withExactText('Fakturaer'));
    await expectScreen(t, 'Fakturaer');
    await t.expect(currentUrl()).eql(titleUrl('BA', '/fakturaoversikt'));

    const unpaid = region('Ubetalte fakturaer');
    const paid = region('Betalte fakturaer');
    await t.expect(paid.exists).ok({ timeout: 20000 });
    await t.expect(unpaid.withText('Du har ingen ubetalte fakturaer.').exists).ok();
    const invoice = paid.find('article');
    await t.expect(invoice.count).eql(1);
    await t.expect(invoice.find('h3').textContent).match(/^Faktura \d+$/);
    await t.expect(fact(invoice, 'Beløp').textContent).eql('kr 1,00');
    await t.expect(fact(invoice, 'Status').textContent).match(/^Betalt \d{1,2}\. \p{L}+ \d{4}$/u);
    // How it was actually paid: the card the sandbox charged.
    await t.expect(fact(invoice, 'Betalt med').textContent).eql('Betalingskort **** 0004');
    await t.expect(fact(invoice, 'Periode').textContent).match(/ til /);
    await t.expect(invoice.find('a').withText('Betal faktura').exists).notOk();
    await expectPdf(t, invoice);

    // The KID is for paying: a paid invoice shows neither the number nor a copy button (the
    // copy button of an unpaid one is proven by the component tests).
    await t.expect(invoice.find('dt').withExactText('KID').exists).notOk();
    await t.expect(invoice.find('button').withText('Kopier KID').exists).notOk();
    await expectAccessible(t);

    // Nynorsk.
    await chooseLanguage(t, 'Nynorsk');
    await t.expect(Selector('html').getAttribute('lang')).eql('nn');
    await t
      .expect(region('Ubetalte fakturaer').withText('Du har ingen ubetalte fakturaer.').exists)
      .ok();
    await t.expect(fact(invoice, 'Skildring').exists).ok();
    await t.expect(Selector('a').withExactText('Tilbake til Mi side').exists).ok();
    await expectAccessible(t);
  },
);
