// /betal-faktura/:ariaInvoiceNo in the real app store (the purchase saga runs): the invoice, the
// card/Vipps choice and one payment for a double click; a paid invoice; an unknown or foreign
// number; the outcome of a payment shown after the payment page (`?ordre=`); nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';

import type { Invoice } from '../../../src/app/api/payment';
import PayInvoiceScreen from '../../../src/app/features/pay-invoice/PayInvoiceScreen';
import {
  INVOICE_DUE_AMOUNT_STORAGE_KEY,
  INVOICE_NUMBER_STORAGE_KEY,
} from '../../../src/app/flows/order/attemptStorage';
import type { Language } from '../../../src/app/lib/i18n/i18n';
import { orderWith } from '../flows/order/fixtures';
import { renderInApp } from '../flows/order/renderInApp';
import { type ApiRoute, held, json, problem, route } from '../render';
import { activeSubscription } from '../session/harness';

function invoiceWith(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ariaInvoiceNo: '800000012',
    kid: '0080000001230',
    amount: 9900,
    currency: 'NOK',
    status: 'UNPAID',
    overdue: false,
    issuedOn: '2026-11-08',
    dueDate: '2026-11-22',
    periodStart: '2026-11-22',
    periodEnd: '2026-12-21',
    description: 'Premium digital, november–desember',
    payeeAccountNumber: '15030155555',
    paymentProvider: 'BANKGIRO',
    subscriptionNo: '500000001',
    paidAt: null,
    paidWith: null,
    ...overrides,
  };
}

const invoiceOrder = (overrides: Parameters<typeof orderWith>[0] = {}) =>
  orderWith({
    orderId: 'ord_invoice0000000001',
    kind: 'invoice',
    amount: 9900,
    ariaInvoiceNo: '800000012',
    ...overrides,
  });

const invoiceRoute = (answer: () => Response) => route('GET', '/api/invoice/800000012', answer);
const subscriptionRoute = route('GET', '/api/subscription/100000001/FVN', () =>
  json({ hasSubscription: true, subscription: activeSubscription, error: null }),
);

function open(
  location: string,
  routes: readonly ApiRoute[],
  language: Language = 'nb',
): ReturnType<typeof renderInApp> {
  return renderInApp(
    <Routes>
      <Route path="/betal-faktura/:ariaInvoiceNo" element={<PayInvoiceScreen />} />
    </Routes>,
    { location, routes, language },
  );
}

const payButton = () => screen.findByRole('button', { name: 'Betal kr 99,00' });
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('an unpaid invoice', () => {
  it('shows the invoice and pays it once for a double click, with the chosen provider', async () => {
    const paid = held(() => json(invoiceOrder({ paymentProvider: 'VIPPS' }), 201));
    const app = await open('/betal-faktura/800000012', [
      invoiceRoute(() => json(invoiceWith())),
      route('POST', '/api/invoice/800000012/pay', paid.answer),
    ]);
    const pay = await payButton();
    expect(screen.getByRole('heading', { level: 1, name: 'Betal faktura' })).toBeInTheDocument();
    expect(fact('Beløp')).toHaveTextContent('kr 99,00');
    expect(fact('Forfallsdato')).toHaveTextContent('22. november 2026');
    expect(fact('Periode')).toHaveTextContent('22. november 2026 til 21. desember 2026');
    expect(fact('Beskrivelse')).toHaveTextContent('Premium digital, november–desember');
    expect(fact('KID')).toHaveTextContent('0080000001230');
    expect(fact('Status')).toHaveTextContent('Ikke betalt');
    expect(screen.getByRole('radio', { name: 'Betalingskort' })).toBeChecked();

    await app.user.click(screen.getByRole('radio', { name: 'Vipps' }));
    await app.user.dblClick(pay);
    await app.user.click(pay);
    expect(await screen.findByText('Vi starter betalingen …')).toBeInTheDocument();
    expect(pay).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Betalingskort' })).toBeDisabled();
    // The invoice travels in session storage (requirements §9) while the payment runs.
    expect(app.storage.get(INVOICE_NUMBER_STORAGE_KEY)).toBe('800000012');
    expect(app.storage.get(INVOICE_DUE_AMOUNT_STORAGE_KEY)).toBe('9900');
    paid.release();
    await waitFor(() => expect(app.calls.redirects).toEqual([invoiceOrder().redirectUrl]));
    const posts = app.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({ paymentProvider: 'VIPPS' });
  });

  it('says in words that an invoice is overdue', async () => {
    await open('/betal-faktura/800000012', [
      invoiceRoute(() => json(invoiceWith({ overdue: true }))),
    ]);
    await payButton();
    expect(fact('Forfallsdato')).toHaveTextContent('22. november 2026 (forfalt)');
    expect(fact('Status')).toHaveTextContent('Ikke betalt – forfalt');
    expect(screen.getByText(/Fakturaen har forfalt/)).toBeInTheDocument();
  });

  it('shows a refused start and lets the reader pay again', async () => {
    const app = await open('/betal-faktura/800000012', [
      invoiceRoute(() => json(invoiceWith())),
      route('POST', '/api/invoice/800000012/pay', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const pay = await payButton();
    await app.user.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Vi kunne ikke starte betalingen. Ingen beløp er trukket. Prøv igjen om litt.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(pay).toBeEnabled();
  });

  it('shows the invoice as paid when it was paid meanwhile (409 INVOICE_PAID)', async () => {
    let reads = 0;
    const app = await open('/betal-faktura/800000012', [
      invoiceRoute(() =>
        json(
          ++reads === 1
            ? invoiceWith()
            : invoiceWith({ status: 'PAID', paidAt: '2026-11-22T10:05:00+01:00' }),
        ),
      ),
      route('POST', '/api/invoice/800000012/pay', () => problem(409, 'INVOICE_PAID')),
    ]);
    await app.user.click(await payButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Faktura 800000012 er betalt' }),
    ).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Betalt 22. november 2026');
    expect(screen.queryByRole('button', { name: /^Betal/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Last ned PDF av faktura 800000012' })).toHaveAttribute(
      'href',
      '/api/invoice/800000012/pdf',
    );
  });
});

describe('a paid invoice', () => {
  it('says it is paid, when, and offers no payment', async () => {
    await open('/betal-faktura/800000012', [
      invoiceRoute(() =>
        json(invoiceWith({ status: 'PAID', paidAt: '2026-11-20T09:00:00+01:00' })),
      ),
    ]);
    // Titled as what it is, «betalt» said only there and in the status, and no KID to pay with.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Faktura 800000012 er betalt' }),
    ).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Betalt 20. november 2026');
    expect(screen.getAllByText(/[Bb]etalt/).map((e) => e.textContent)).toEqual([
      'Faktura 800000012 er betalt',
      'Betalt 20. november 2026',
    ]);
    expect(screen.queryByText('KID')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Betal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Til fakturaoversikten' })).toHaveAttribute(
      'href',
      '/fakturaoversikt',
    );
  });
});

describe('an unknown or foreign invoice number', () => {
  it('says the invoice cannot be found and links to the overview', async () => {
    await open('/betal-faktura/899999999', [
      route('GET', '/api/invoice/899999999', () => problem(404, 'INVOICE_NOT_FOUND')),
    ]);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Vi finner ikke fakturaen 899999999' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('fakturaoversikten');
    expect(screen.getByRole('link', { name: 'Til fakturaoversikten' })).toHaveAttribute(
      'href',
      '/fakturaoversikt',
    );
    expect(screen.queryByRole('button', { name: /^Betal/ })).not.toBeInTheDocument();
  });

  it('offers to try again when the invoice could not be fetched', async () => {
    let reads = 0;
    const app = await open('/betal-faktura/800000012', [
      invoiceRoute(() => (++reads === 1 ? problem(500, 'INTERNAL_ERROR') : json(invoiceWith()))),
    ]);
    await app.user.click(await screen.findByRole('button', { name: 'Prøv igjen' }));
    expect(await payButton()).toBeEnabled();
  });
});

describe('back from the payment page (?ordre=)', () => {
  const back = '/betal-faktura/800000012?ordre=ord_invoice0000000001';
  const orderRoute = (status: 'COMPLETED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'PENDING') =>
    route('GET', '/api/orders/ord_invoice0000000001', () =>
      json(invoiceOrder({ status, redirectUrl: null })),
    );

  it('paid: says so and reloads the subscription', async () => {
    const app = await open(back, [
      invoiceRoute(() =>
        json(invoiceWith({ status: 'PAID', paidAt: '2026-11-22T10:05:00+01:00' })),
      ),
      orderRoute('COMPLETED'),
      subscriptionRoute,
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Fakturaen er betalt' })).toBeVisible();
    expect(alert).toHaveTextContent('Takk! Vi har mottatt kr 99,00.');
    await waitFor(() =>
      expect(
        app.requests.filter((r) => r.url.endsWith('/api/subscription/100000001/FVN')),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: /^Betal/ })).not.toBeInTheDocument();
  });

  it('declined: nothing charged, pay again', async () => {
    await open(back, [invoiceRoute(() => json(invoiceWith())), orderRoute('DECLINED')]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Betalingen ble avvist' })).toBeVisible();
    expect(alert).toHaveTextContent('Ingen beløp er trukket. Prøv igjen');
    expect(await payButton()).toBeEnabled();
  });

  it.each([
    ['CANCELLED', 'Betalingen ble avbrutt'],
    ['EXPIRED', 'Betalingen ble ikke fullført i tide'],
  ] as const)(
    '%s: says what happened and that the invoice is still unpaid',
    async (status, text) => {
      await open(back, [invoiceRoute(() => json(invoiceWith())), orderRoute(status)]);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: text })).toBeVisible();
      expect(alert).toHaveTextContent('fakturaen er fortsatt ubetalt');
      expect(await payButton()).toBeEnabled();
    },
  );

  it('pending: asks the reader to check again, and checks again', async () => {
    let reads = 0;
    const app = await open(back, [
      invoiceRoute(() => json(invoiceWith())),
      route('GET', '/api/orders/ord_invoice0000000001', () =>
        json(
          ++reads === 1
            ? invoiceOrder({ status: 'PENDING' })
            : invoiceOrder({ status: 'COMPLETED', redirectUrl: null }),
        ),
      ),
      subscriptionRoute,
    ]);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Betalingen er ikke bekreftet ennå' }),
    ).toBeVisible();
    await app.user.click(within(alert).getByRole('button', { name: 'Sjekk igjen' }));
    expect(await screen.findByRole('heading', { name: 'Fakturaen er betalt' })).toBeVisible();
  });

  it('an order of another invoice is not shown as this one', async () => {
    await open(back, [
      invoiceRoute(() => json(invoiceWith())),
      route('GET', '/api/orders/ord_invoice0000000001', () =>
        json(invoiceOrder({ status: 'COMPLETED', ariaInvoiceNo: '800000099' })),
      ),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi finner ikke betalingen for denne fakturaen.',
    );
    expect(screen.queryByText('Fakturaen er betalt')).not.toBeInTheDocument();
  });
});

describe('nynorsk', () => {
  it('shows the invoice, the choice and the outcome in nynorsk', async () => {
    await open(
      '/betal-faktura/800000012?ordre=ord_invoice0000000001',
      [
        invoiceRoute(() => json(invoiceWith({ overdue: true }))),
        route('GET', '/api/orders/ord_invoice0000000001', () =>
          json(invoiceOrder({ status: 'DECLINED', redirectUrl: null })),
        ),
      ],
      'nn',
    );
    expect(await screen.findByRole('heading', { name: 'Betalinga vart avvist' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Vel betalingsmåte' })).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Ikkje betalt – forfallen');
    expect(screen.getByRole('link', { name: 'Til fakturaoversikta' })).toBeInTheDocument();
  });

  it('says an unknown invoice cannot be found', async () => {
    await open(
      '/betal-faktura/899999999',
      [route('GET', '/api/invoice/899999999', () => problem(404, 'INVOICE_NOT_FOUND'))],
      'nn',
    );
    expect(
      await screen.findByRole('heading', { name: 'Vi finn ikkje fakturaen 899999999' }),
    ).toBeInTheDocument();
  });
});
