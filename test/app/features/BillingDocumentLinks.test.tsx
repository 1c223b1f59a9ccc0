// «Last ned PDF»: every invoice on /fakturaoversikt and the receipt of a completed purchase on
// /kvittering link to the PDF the server writes (GET /api/invoice/{no}/pdf, GET
// /api/orders/{id}/receipt/pdf). A plain same-origin link with `download`: the session cookie
// goes with it, and nothing is fetched through the store. Its accessible name says which invoice
// or receipt, beginning with the visible text (WCAG 2.5.3); in bokmål and nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import type { Invoice } from '../../../src/app/api/payment';
import InvoiceOverviewScreen from '../../../src/app/features/invoice-overview/InvoiceOverviewScreen';
import ReceiptScreen from '../../../src/app/features/purchase/ReceiptScreen';
import { subscriberState, subscriptionWith } from '../fixtures';
import { completedOrder, orderWith } from '../flows/order/fixtures';
import { json, renderWithState, route, serveApi } from '../render';

const invoice = (overrides: Partial<Invoice>): Invoice => ({
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
  paidWith: { provider: 'SWEDBANK-PPG', maskedCardNumber: '************0004' },
  ...overrides,
});

const invoices = [
  invoice({
    ariaInvoiceNo: '800000004',
    kid: '00005558000000048',
    status: 'UNPAID',
    dueDate: '2026-05-15',
    paymentProvider: 'BANKGIRO',
    paidAt: null,
    paidWith: null,
  }),
  invoice({ ariaInvoiceNo: '800000001' }),
];

async function renderOverview(language: 'nb' | 'nn') {
  const calls = serveApi([route('GET', '/api/invoices/A-2001/FVN', () => json({ invoices }))]);
  await renderWithState(<InvoiceOverviewScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['invoice-overview'],
    route: '/fakturaoversikt',
  });
  await screen.findByRole('article', { name: /Faktura 800000004/ });
  return calls;
}

describe('the PDF of an invoice on /fakturaoversikt', () => {
  it('is a download link on every invoice, paid and unpaid, naming its number', async () => {
    const calls = await renderOverview('nb');
    for (const no of ['800000004', '800000001']) {
      const card = screen.getByRole('article', { name: new RegExp(`Faktura ${no}`) });
      const link = within(card).getByRole('link', { name: `Last ned PDF av faktura ${no}` });
      expect(link).toHaveTextContent(/^Last ned PDF$/);
      expect(link).toHaveAttribute('href', `/api/invoice/${no}/pdf`);
      expect(link).toHaveAttribute('download');
    }
    // The unpaid one keeps its way to pay beside it.
    const unpaid = screen.getByRole('article', { name: /Faktura 800000004/ });
    expect(within(unpaid).getByRole('link', { name: 'Betal faktura 800000004' })).toBeVisible();
    // Nothing was fetched for it: the browser downloads it when the link is followed.
    expect(calls.map((r) => new URL(r.url).pathname)).toEqual(['/api/invoices/A-2001/FVN']);
  });

  it('reads in nynorsk', async () => {
    await renderOverview('nn');
    const link = screen.getByRole('link', { name: 'Last ned PDF av faktura 800000001' });
    expect(link).toHaveTextContent(/^Last ned PDF$/);
    expect(link).toHaveAttribute('href', '/api/invoice/800000001/pdf');
  });
});

describe('the PDF of a receipt on /kvittering', () => {
  async function renderReceipt(order = completedOrder(), language: 'nb' | 'nn' = 'nb') {
    serveApi([route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(order))]);
    await renderWithState(<ReceiptScreen />, {
      route: '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      namespaces: ['purchase'],
      language,
      preloadedState: subscriberState(subscriptionWith({ subscriptionNo: '500000001' })),
    });
  }

  it('is a download link for a completed purchase, naming its reference', async () => {
    await renderReceipt();
    const link = await screen.findByRole('link', { name: 'Last ned PDF av kvittering 7M3KQ2XA' });
    expect(link).toHaveTextContent(/^Last ned PDF$/);
    expect(link).toHaveAttribute('href', '/api/orders/ord_3f9a1c2b7d4e5f60/receipt/pdf');
    expect(link).toHaveAttribute('download');
  });

  it('is not offered for an order that was not paid', async () => {
    await renderReceipt(
      orderWith({ status: 'DECLINED', failureReason: 'DECLINED', redirectUrl: null }),
    );
    await screen.findByText('Denne bestillingen er ikke betalt, og abonnementet er ikke startet.');
    expect(screen.queryByRole('link', { name: /Last ned PDF/ })).toBeNull();
  });

  it('reads in nynorsk', async () => {
    await renderReceipt(completedOrder(), 'nn');
    const link = await screen.findByRole('link', { name: 'Last ned PDF av kvittering 7M3KQ2XA' });
    expect(link).toHaveTextContent(/^Last ned PDF$/);
  });
});
