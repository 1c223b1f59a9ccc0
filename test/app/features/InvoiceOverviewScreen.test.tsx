// /fakturaoversikt: the account's invoices on the title, unpaid (overdue marked in words) above
// paid, each with KID and its copy button, amount, dates, description, status, how it is paid,
// the account to pay a giro invoice to and a link to pay an unpaid one; the papers that did not
// come, each a line of its own; empty, loading and failed states; nynorsk.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';

import type { Invoice } from '../../../src/app/api/payment';
import InvoiceOverviewScreen from '../../../src/app/features/invoice-overview/InvoiceOverviewScreen';
import { formatBankAccount } from '../../../src/app/lib/format/bankAccount';
import { subscriberState } from '../fixtures';
import { type Answer, json, problem, renderWithState, route, serveApi } from '../render';

function invoiceWith(overrides: Partial<Invoice> = {}): Invoice {
  const invoice: Invoice = {
    ariaInvoiceNo: '800000001',
    kid: '00005558000000014',
    amount: 27_900,
    currency: 'NOK',
    status: 'PAID',
    overdue: false,
    issuedOn: '2026-02-01',
    dueDate: '2026-02-01',
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    description: 'Digital (månedlig), fornyelse',
    payeeAccountNumber: '15061234567',
    paymentProvider: 'SWEDBANK-PPG',
    subscriptionNo: 'S-1001',
    paidAt: '2026-02-01T09:15:00.000Z',
    paidWith: null,
    ...overrides,
  };
  // As the server answers: a paid invoice says how it was paid (here: as it was billed).
  const paidWith =
    invoice.status === 'PAID' && invoice.paymentProvider
      ? { provider: invoice.paymentProvider, maskedCardNumber: null }
      : null;
  return { ...invoice, paidWith: overrides.paidWith === undefined ? paidWith : invoice.paidWith };
}

/** Newest first, as the server lists them. */
const invoices: Invoice[] = [
  invoiceWith({
    ariaInvoiceNo: '800000004',
    kid: '00005558000000048',
    amount: 9_900,
    status: 'UNPAID',
    issuedOn: '2026-05-01',
    dueDate: '2026-05-15',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    description: 'Digital (månedlig), fornyelse',
    paymentProvider: 'BANKGIRO',
    paidAt: null,
  }),
  invoiceWith({
    ariaInvoiceNo: '800000003',
    kid: '00005558000000030',
    amount: 27_900,
    status: 'PAID',
    issuedOn: '2026-04-01',
    dueDate: '2026-04-01',
    periodStart: '2026-04-01',
    periodEnd: '2026-04-30',
    paymentProvider: 'VIPPS',
    paidAt: '2026-04-01T10:00:00.000Z',
  }),
  invoiceWith({
    ariaInvoiceNo: '800000002',
    kid: '00005558000000022',
    amount: 129_900,
    status: 'UNPAID',
    overdue: true,
    issuedOn: '2026-03-01',
    dueDate: '2026-03-15',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    description: 'Digital (månedlig), oppgradering, mellomlegg',
    paymentProvider: 'SWEDBANK-PPG',
    paidAt: null,
  }),
  invoiceWith(),
];

const invoicesRoute = (answer: Answer) => route('GET', '/api/invoices/A-2001/FVN', answer);

function serveInvoices(answer: Invoice[] | (() => Response) = invoices) {
  return serveApi([
    invoicesRoute(typeof answer === 'function' ? answer : () => json({ invoices: answer })),
  ]);
}

const renderOverview = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<InvoiceOverviewScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['invoice-overview'],
    route: '/fakturaoversikt',
  });

/** A section's invoices: the list under its level-2 heading. */
const section = (name: string) => screen.getByRole('region', { name });
const invoiceCard = (heading: string | RegExp) => screen.getByRole('article', { name: heading });

/** The value of a fact (<dt> label → its <dd>) inside an invoice. */
function fact(card: HTMLElement, label: string): HTMLElement {
  const term = within(card).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`No value for ${label}`);
  return value;
}

const originalClipboard = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  if (originalClipboard) Object.defineProperty(window.navigator, 'clipboard', originalClipboard);
});

describe('InvoiceOverviewScreen', () => {
  it('lists the unpaid invoices above the paid ones, newest first, with what it takes to pay', async () => {
    const calls = serveInvoices();
    await renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'Fakturaer' })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Ubetalte fakturaer' });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/invoices/A-2001/FVN']);

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Ubetalte fakturaer',
      'Betalte fakturaer',
    ]);
    const unpaid = within(section('Ubetalte fakturaer'))
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-labelledby'));
    expect(unpaid).toEqual(['invoice-800000004-heading', 'invoice-800000002-heading']);
    expect(
      within(section('Ubetalte fakturaer')).getByRole('list', { name: 'Ubetalte fakturaer' }),
    ).toBeVisible();
    expect(
      within(section('Betalte fakturaer'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Faktura 800000003', 'Faktura 800000001']);

    // An unpaid giro invoice: the account to pay to, formatted, and the link to pay it.
    const giro = invoiceCard('Faktura 800000004');
    expect(fact(giro, 'Beskrivelse')).toHaveTextContent('Digital (månedlig), fornyelse');
    expect(fact(giro, 'Beløp')).toHaveTextContent(/^kr 99,00$/);
    expect(fact(giro, 'Status')).toHaveTextContent(/^Ikke betalt$/);
    expect(fact(giro, 'Forfallsdato')).toHaveTextContent('15. mai 2026');
    expect(fact(giro, 'Periode')).toHaveTextContent('1. mai 2026 til 31. mai 2026');
    expect(fact(giro, 'Betalingsmåte')).toHaveTextContent('Faktura');
    expect(fact(giro, 'KID')).toHaveTextContent('00005558000000048');
    expect(fact(giro, 'Betal til kontonummer')).toHaveTextContent('1506.12.34567');
    expect(within(giro).getByRole('link', { name: 'Betal faktura 800000004' })).toHaveAttribute(
      'href',
      '/betal-faktura/800000004',
    );
    expect(within(giro).getByRole('link', { name: /Betal faktura/ })).toHaveTextContent(
      /^Betal faktura$/,
    );

    // Overdue: said in words in the heading and the status, not by colour alone.
    const overdue = invoiceCard('Faktura 800000002 Forfalt');
    expect(within(overdue).getByText('Forfalt', { selector: '.ds-tag' })).toBeVisible();
    expect(fact(overdue, 'Status')).toHaveTextContent(/^Forfalt, ikke betalt$/);
    expect(fact(overdue, 'Beløp').textContent).toBe('kr 1\u00a0299,00');
    expect(fact(overdue, 'Betalingsmåte')).toHaveTextContent('Betalingskort');
    expect(within(overdue).queryByText('Betal til kontonummer')).toBeNull();
    expect(within(overdue).getByRole('link', { name: 'Betal faktura 800000002' })).toHaveAttribute(
      'href',
      '/betal-faktura/800000002',
    );
    expect(screen.getAllByText('Forfalt', { selector: '.ds-tag' })).toHaveLength(1);

    // Paid: when, how, and nothing to pay.
    const paid = invoiceCard('Faktura 800000003');
    expect(fact(paid, 'Status')).toHaveTextContent(/^Betalt 1\. april 2026$/);
    // a paid invoice says how it was paid.
    expect(fact(paid, 'Betalt med')).toHaveTextContent('Vipps');
    expect(fact(paid, 'Beløp')).toHaveTextContent('kr 279,00');
    expect(within(paid).queryByRole('link', { name: /Betal faktura/ })).toBeNull();
    expect(within(paid).queryByText('Betal til kontonummer')).toBeNull();
    // The KID is for paying: a paid invoice has neither the number nor its copy button.
    expect(within(paid).queryByRole('button', { name: /Kopier KID/ })).toBeNull();
    expect(within(paid).queryByText('00005558000000030')).toBeNull();

    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('has no WCAG A/AA violations axe can see without a browser (unpaid, overdue, paid)', async () => {
    serveInvoices();
    const { container } = await renderOverview();
    await screen.findByRole('heading', { level: 2, name: 'Ubetalte fakturaer' });
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(0);
  });

  it('says how every payment method pays, and where an invoice with none is paid to', async () => {
    serveInvoices([
      invoiceWith({ ariaInvoiceNo: '1', paymentProvider: 'AVTALEGIRO', status: 'UNPAID' }),
      invoiceWith({ ariaInvoiceNo: '2', paymentProvider: 'STREX', status: 'UNPAID' }),
      invoiceWith({ ariaInvoiceNo: '3', paymentProvider: null, status: 'UNPAID' }),
      invoiceWith({ ariaInvoiceNo: '4', paymentProvider: 'VIPPS', status: 'UNPAID' }),
      invoiceWith({ ariaInvoiceNo: '5', paidAt: null }),
    ]);
    await renderOverview();
    await screen.findByRole('heading', { level: 2, name: 'Ubetalte fakturaer' });
    const method = (no: string) => fact(invoiceCard(`Faktura ${no}`), 'Betalingsmåte');
    expect(method('1')).toHaveTextContent('AvtaleGiro');
    expect(method('2')).toHaveTextContent('Mobilregning');
    expect(method('3')).toHaveTextContent('Ingen betalingsmåte registrert');
    expect(method('4')).toHaveTextContent('Vipps');
    const payee = (no: string) =>
      within(invoiceCard(`Faktura ${no}`)).queryByText('Betal til kontonummer');
    expect([payee('1'), payee('2'), payee('3'), payee('4')].map(Boolean)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(fact(invoiceCard('Faktura 5'), 'Status')).toHaveTextContent(/^Betalt$/);
  });

  it('copies a KID and says so, visibly and to screen readers', async () => {
    serveInvoices();
    const { user } = await renderOverview();
    const card = await screen.findByRole('article', { name: 'Faktura 800000004' });
    const button = within(card).getByRole('button', { name: 'Kopier KID 00005558000000048' });
    expect(button).toHaveTextContent(/^Kopier KID$/);
    const outcome = within(card).getByRole('status');
    expect(outcome).toBeEmptyDOMElement();

    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('00005558000000048');
    await waitFor(() => expect(outcome).toHaveTextContent(/^Kopiert$/));

    // Copying another KID moves the confirmation there.
    const other = screen.getByRole('article', { name: /^Faktura 800000002/ });
    await user.click(within(other).getByRole('button', { name: 'Kopier KID 00005558000000022' }));
    expect(await navigator.clipboard.readText()).toBe('00005558000000022');
    await waitFor(() => expect(within(other).getByRole('status')).toHaveTextContent('Kopiert'));
    expect(outcome).toBeEmptyDOMElement();
  });

  it('asks the reader to copy the KID themselves when the browser refuses, and selects it', async () => {
    serveInvoices();
    const { user } = await renderOverview();
    const card = await screen.findByRole('article', { name: 'Faktura 800000004' });
    const writeText = jest
      .fn<(text: string) => Promise<void>>()
      .mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    setClipboard({ writeText });

    await user.click(within(card).getByRole('button', { name: 'Kopier KID 00005558000000048' }));
    expect(writeText).toHaveBeenCalledWith('00005558000000048');
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent(
        'Vi fikk ikke kopiert KID-en. Merk nummeret og kopier det selv.',
      ),
    );
    expect(within(card).queryByText('Kopiert')).toBeNull();
    expect(window.getSelection()?.toString()).toBe('00005558000000048');
  });

  it('falls back the same way in a browser without a clipboard', async () => {
    serveInvoices();
    const { user } = await renderOverview();
    const card = await screen.findByRole('article', { name: 'Faktura 800000002 Forfalt' });
    setClipboard(undefined);
    await user.click(within(card).getByRole('button', { name: 'Kopier KID 00005558000000022' }));
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('Vi fikk ikke kopiert KID-en.'),
    );
  });

  it('says so when there are no invoices yet', async () => {
    serveInvoices([]);
    await renderOverview();
    expect(await screen.findByText('Du har ingen fakturaer ennå.')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows both groups when all invoices are paid, the unpaid one saying it is empty', async () => {
    serveInvoices([invoiceWith()]);
    await renderOverview();
    await screen.findByRole('heading', { level: 2, name: 'Betalte fakturaer' });
    expect(section('Ubetalte fakturaer')).toHaveTextContent('Du har ingen ubetalte fakturaer.');
    expect(within(section('Betalte fakturaer')).getAllByRole('article')).toHaveLength(1);
  });

  it('shows progress while loading, and offers to try again when the invoices cannot be had', async () => {
    let answer: () => Promise<Response> = () => Promise.resolve(problem(500, 'INTERNAL_ERROR'));
    serveApi([invoicesRoute(() => answer())]);
    const { user } = await renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke hentet fakturaene dine. Prøv igjen om litt.');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();

    // The retry waits: the button is disabled and the progress is said.
    let release: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: 'Prøv igjen' })).toBeDisabled(),
    );
    const progress = screen.getAllByRole('status').find((el) => el.textContent);
    expect(progress).toHaveTextContent('Prøver igjen …');

    release(json({ invoices }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ubetalte fakturaer' }),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Prøver igjen …')).toBeNull();
  });

  it('says it is fetching the invoices until they come', async () => {
    let release: (response: Response) => void = () => {};
    serveApi([invoicesRoute(() => new Promise<Response>((resolve) => (release = resolve)))]);
    await renderOverview();
    expect(await screen.findByText('Henter fakturaene …')).toHaveAttribute('role', 'status');
    release(json({ invoices: [] }));
    expect(await screen.findByText('Du har ingen fakturaer ennå.')).toBeVisible();
    expect(screen.queryByText('Henter fakturaene …')).toBeNull();
  });

  it('reads in nynorsk', async () => {
    serveInvoices();
    const { user } = await renderOverview('nn');
    await screen.findByRole('heading', { level: 2, name: 'Ubetalte fakturaer' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fakturaer' })).toBeVisible();
    const overdue = invoiceCard('Faktura 800000002 Forfallen');
    expect(fact(overdue, 'Status')).toHaveTextContent(/^Forfallen, ikkje betalt$/);
    expect(fact(overdue, 'Forfallsdato')).toHaveTextContent('15. mars 2026');
    expect(fact(invoiceCard('Faktura 800000004'), 'Status')).toHaveTextContent(/^Ikkje betalt$/);
    expect(fact(invoiceCard('Faktura 800000004'), 'Skildring')).toHaveTextContent(
      'Digital (månedlig), fornyelse',
    );
    await user.click(screen.getByRole('button', { name: 'Kopier KID 00005558000000022' }));
    await waitFor(() => expect(within(overdue).getByRole('status')).toHaveTextContent('Kopiert'));
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toBeVisible();
  });

  it('reads "ingen fakturaer" and a failure in nynorsk', async () => {
    serveInvoices([]);
    const first = await renderOverview('nn');
    expect(await screen.findByText('Du har ingen fakturaer enno.')).toBeVisible();
    first.unmount();
    serveInvoices(() => problem(500, 'INTERNAL_ERROR'));
    await renderOverview('nn');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fekk ikkje henta fakturaene dine. Prøv igjen om litt.',
    );
  });

  it('shows each paper that did not come as a line of its own, before the amount left to pay', async () => {
    const credited = invoiceWith({
      ariaInvoiceNo: '800000009',
      amount: 59_900 - 2 * 1_151,
      description: 'Papir + digital (månedlig), fornyelse',
      credits: [
        { kind: 'MISSED_PAPER', deliveryDate: '2026-03-03', amount: 1_151 },
        { kind: 'MISSED_PAPER', deliveryDate: '2026-03-05', amount: 1_151 },
      ],
    });
    serveInvoices([credited, invoiceWith()]);
    const first = await renderOverview();
    await screen.findByRole('heading', { level: 2, name: 'Betalte fakturaer' });
    const card = invoiceCard('Faktura 800000009');
    expect(fact(card, 'Trekk for avis som ikke kom 3. mars 2026')).toHaveTextContent(/^-kr 11,51$/);
    expect(fact(card, 'Trekk for avis som ikke kom 5. mars 2026')).toHaveTextContent(/^-kr 11,51$/);
    expect(fact(card, 'Beløp')).toHaveTextContent(/^kr 575,98$/);
    // The lines come between what the invoice is for and what is left to pay.
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Beskrivelse',
      'Trekk for avis som ikke kom 3. mars 2026',
      'Trekk for avis som ikke kom 5. mars 2026',
      'Beløp',
      'Status',
      'Forfallsdato',
      'Periode',
      'Betalt med',
    ]);
    // An invoice without credits has no such line.
    expect(within(invoiceCard('Faktura 800000001')).queryByText(/^Trekk for avis/)).toBeNull();
    first.unmount();

    serveInvoices([credited]);
    await renderOverview('nn');
    await screen.findByRole('heading', { level: 2, name: 'Betalte fakturaer' });
    expect(
      fact(invoiceCard('Faktura 800000009'), 'Trekk for avis som ikkje kom 3. mars 2026'),
    ).toHaveTextContent(/^-kr 11,51$/);
  });
});

describe('formatBankAccount', () => {
  it('groups an account number 4.2.5 and leaves anything else as it is', () => {
    expect(formatBankAccount('15061234567')).toBe('1506.12.34567');
    expect(formatBankAccount('1506123456')).toBe('1506123456');
    expect(formatBankAccount('1506.12.34567')).toBe('1506.12.34567');
  });
});
