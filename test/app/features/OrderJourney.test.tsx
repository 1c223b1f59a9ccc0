// journey defects on the payment and receipt screens: the payment step of an upgrade
// says what it gives; paying an upgrade or reactivation once changes the payment method renewals
// use only when the reader ticks the clearly labelled box (unticked by default); receipts show the
// short order reference, never the technical id; a paid invoice says how it was actually paid.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { type ReactElement } from 'react';
import { Route, Routes } from 'react-router';

import type { Invoice } from '../../../src/app/api/payment';
import InvoiceOverviewScreen from '../../../src/app/features/invoice-overview/InvoiceOverviewScreen';
import PayInvoiceScreen from '../../../src/app/features/pay-invoice/PayInvoiceScreen';
import PaymentScreen from '../../../src/app/features/purchase/PaymentScreen';
import ReceiptScreen from '../../../src/app/features/purchase/ReceiptScreen';
import ReactivatedScreen from '../../../src/app/features/reactivation/ReactivatedScreen';
import { startPurchase } from '../../../src/app/flows/order/purchaseSlice';
import type { RootState } from '../../../src/app/store/store';
import { subscriberState, subscriptionWith } from '../fixtures';
import { completedOrder, quoteWith } from '../flows/order/fixtures';
import { json, renderWithState, route, serveApi } from '../render';

const ready = { status: 'ready' as const, loginError: null, callbackError: null };

/** Renewals are charged to the card ****4242. */
const onCard = subscriptionWith({
  subscriptionNo: '500000001',
  features: ['content', 'family-share'],
  paymentMethod: {
    provider: 'SWEDBANK-PPG',
    label: 'Betalingskort',
    maskedCardNumber: '•••• •••• •••• 4242',
    cardExpiry: '12/28',
  },
});

const upgradeQuote = quoteWith({
  kind: 'upgrade',
  period: 'Månedlig Premium',
  amount: 3_333,
  ordinaryPrice: 37_900,
  renewalPrice: 37_900,
  proration: { fromPrice: 27_900, toPrice: 37_900, remainingDays: 10, periodDays: 30 },
  firstFullCharge: { date: '2026-12-22', amount: 37_900 },
  features: ['content', 'family-share', 'e-paper', 'partner-content'],
  addedFeatures: ['e-paper', 'partner-content'],
});

async function renderAt(
  path: string,
  element: ReactElement,
  location: string,
  preloadedState: Partial<RootState>,
  namespaces: string[],
) {
  return renderWithState(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { preloadedState: { session: ready, ...preloadedState }, route: location, namespaces },
  );
}

const upgradeLink =
  '/betaling?type=oppgradering&plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig%20Premium';

async function renderUpgradePayment() {
  serveApi([route('POST', '/api/orders/quote', () => json(upgradeQuote))]);
  const rendered = await renderAt(
    '/betaling',
    <PaymentScreen />,
    upgradeLink,
    subscriberState(onCard),
    ['purchase'],
  );
  await screen.findByRole('button', { name: 'Betal kr 33,33' });
  return rendered;
}

/** The value of a fact (<dt> label → its <dd>) within an element. */
function factIn(container: HTMLElement, label: string | RegExp): HTMLElement {
  const value = within(container).getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${String(label)}`);
  return value;
}

describe('the payment step of an upgrade', () => {
  it('says what the upgrade gives besides its price', async () => {
    await renderUpgradePayment();
    const summary = screen.getByRole('region', { name: 'Dette betaler du' });
    const gives = factIn(summary, 'Dette får du i tillegg');
    expect(
      within(gives)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['E-avis', 'Innhold fra partneraviser']);
  });

  it('leaves the card renewals use alone unless the reader ticks the box', async () => {
    const { user, actions } = await renderUpgradePayment();
    const box = screen.getByRole('checkbox', { name: 'Bruk dette kortet for fremtidige trekk' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Krysser du ikke av, betaler du bare denne gangen slik. Fornyelsene trekkes som før: ' +
        'Betalingskort **** 4242, utløper 12/28.',
    );
    await user.click(screen.getByRole('button', { name: 'Betal kr 33,33' }));
    expect(actions.filter(startPurchase.match).map((a) => a.payload)).toEqual([
      {
        kind: 'upgrade',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig Premium',
        subscriptionNo: '500000001',
        paymentProvider: 'SWEDBANK-PPG',
        useForFutureCharges: false,
      },
    ]);
  });

  it('sends the explicit choice when the box is ticked', async () => {
    const { user, actions } = await renderUpgradePayment();
    await user.click(
      screen.getByRole('checkbox', { name: 'Bruk dette kortet for fremtidige trekk' }),
    );
    await user.click(screen.getByRole('button', { name: 'Betal kr 33,33' }));
    expect(actions.filter(startPurchase.match)[0]?.payload).toMatchObject({
      paymentProvider: 'SWEDBANK-PPG',
      useForFutureCharges: true,
    });
  });

  it('asks again for another method: ticking the card does not carry over to Vipps', async () => {
    const { user, actions } = await renderUpgradePayment();
    await user.click(
      screen.getByRole('checkbox', { name: 'Bruk dette kortet for fremtidige trekk' }),
    );
    await user.click(screen.getByRole('radio', { name: 'Vipps' }));
    const box = screen.getByRole('checkbox', { name: 'Bruk Vipps for fremtidige trekk' });
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Betal kr 33,33' }));
    expect(actions.filter(startPurchase.match)[0]?.payload).toMatchObject({
      paymentProvider: 'VIPPS',
      useForFutureCharges: false,
    });
  });

  it('reads in nynorsk', async () => {
    serveApi([route('POST', '/api/orders/quote', () => json(upgradeQuote))]);
    await renderWithState(
      <Routes>
        <Route path="/betaling" element={<PaymentScreen />} />
      </Routes>,
      {
        preloadedState: { session: ready, ...subscriberState(onCard) },
        route: upgradeLink,
        namespaces: ['purchase'],
        language: 'nn',
      },
    );
    expect(
      await screen.findByRole('checkbox', { name: 'Bruk dette kortet til framtidige trekk' }),
    ).not.toBeChecked();
  });
});

describe('receipts show the short order reference', () => {
  it('on /kvittering, for the customer centre, not the technical id', async () => {
    serveApi([route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(completedOrder()))]);
    await renderAt(
      '/kvittering',
      <ReceiptScreen />,
      '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(subscriptionWith({ subscriptionNo: '500000001' })),
      ['purchase'],
    );
    await screen.findByRole('heading', { level: 1, name: 'Takk for bestillingen!' });
    const facts = document.querySelector<HTMLElement>('dl.facts')!;
    expect(
      factIn(facts, 'Referanse (oppgi den hvis du kontakter kundeservice om kjøpet)'),
    ).toHaveTextContent('7M3KQ2XA');
    expect(screen.queryByText(/ord_3f9a1c2b7d4e5f60/)).toBeNull();
  });

  it('on /abonnement-reaktivert', async () => {
    const reactivation = completedOrder({
      orderId: 'ord_5a6b7c8d9e0f1a2b',
      reference: '4D9HW1RT',
      kind: 'reactivation',
      amount: 27_900,
      subscriptionNo: '500000001',
    });
    serveApi([
      route('GET', '/api/orders/ord_5a6b7c8d9e0f1a2b', () => json(reactivation)),
      route('GET', '/api/subscription/A-2001/FVN', () =>
        json({ hasSubscription: true, subscription: onCard, error: null }),
      ),
    ]);
    await renderAt(
      '/abonnement-reaktivert',
      <ReactivatedScreen />,
      '/abonnement-reaktivert?ordre=ord_5a6b7c8d9e0f1a2b',
      subscriberState(onCard),
      ['reactivation'],
    );
    expect(
      await screen.findByText(
        'Referanse: 4D9HW1RT. Oppgi den hvis du kontakter kundeservice om betalingen.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/ord_5a6b7c8d9e0f1a2b/)).toBeNull();
  });

  it('on the receipt of a paid invoice', async () => {
    const paid = invoiceWith({
      status: 'PAID',
      paidAt: '2026-11-22T10:16:30+01:00',
      paidWith: { provider: 'SWEDBANK-PPG', maskedCardNumber: '************0004' },
    });
    serveApi([
      route('GET', '/api/invoice/800000012', () => json(paid)),
      route('GET', '/api/orders/ord_invoice0000000001', () =>
        json(
          completedOrder({
            orderId: 'ord_invoice0000000001',
            reference: '4D9HW1RT',
            kind: 'invoice',
            amount: 9_900,
            ariaInvoiceNo: '800000012',
          }),
        ),
      ),
      route('GET', '/api/subscription/A-2001/FVN', () =>
        json({ hasSubscription: true, subscription: onCard, error: null }),
      ),
    ]);
    await renderAt(
      '/betal-faktura/:ariaInvoiceNo',
      <PayInvoiceScreen />,
      '/betal-faktura/800000012?ordre=ord_invoice0000000001',
      subscriberState(onCard),
      ['pay-invoice'],
    );
    const outcome = await screen.findByRole('alert');
    expect(outcome).toHaveTextContent('Fakturaen er betalt');
    expect(outcome).toHaveTextContent(
      'Referanse: 4D9HW1RT. Oppgi den hvis du kontakter kundeservice om betalingen.',
    );
  });
});

function invoiceWith(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ariaInvoiceNo: '800000012',
    kid: '0080000001230',
    amount: 9_900,
    currency: 'NOK',
    status: 'UNPAID',
    overdue: false,
    issuedOn: '2026-11-08',
    dueDate: '2026-11-22',
    periodStart: '2026-11-22',
    periodEnd: '2026-12-21',
    description: 'Papir + digital (månedlig), fornyelse',
    payeeAccountNumber: '15030155555',
    paymentProvider: 'AVTALEGIRO',
    subscriptionNo: '500000001',
    paidAt: null,
    paidWith: null,
    ...overrides,
  };
}

describe('how a paid invoice was paid', () => {
  // A giro (AvtaleGiro) invoice paid by card on /betal-faktura: the card, not AvtaleGiro.
  const paidByCard = invoiceWith({
    status: 'PAID',
    paidAt: '2026-11-20T09:00:00+01:00',
    paymentProvider: 'SWEDBANK-PPG',
    paidWith: { provider: 'SWEDBANK-PPG', maskedCardNumber: '************0004' },
  });

  it('says so on /fakturaoversikt, with the card number', async () => {
    serveApi([
      route('GET', '/api/invoices/A-2001/FVN', () =>
        json({ invoices: [paidByCard, invoiceWith({ ariaInvoiceNo: '800000013' })] }),
      ),
    ]);
    await renderWithState(<InvoiceOverviewScreen />, {
      preloadedState: subscriberState(onCard),
      namespaces: ['invoice-overview'],
    });
    const paid = await screen.findByRole('article', { name: 'Faktura 800000012' });
    expect(factIn(paid, 'Betalt med')).toHaveTextContent('Betalingskort **** 0004');
    expect(within(paid).queryByText('AvtaleGiro')).toBeNull();
    // An unpaid one says how it is to be paid.
    const unpaid = screen.getByRole('article', { name: 'Faktura 800000013' });
    expect(factIn(unpaid, 'Betalingsmåte')).toHaveTextContent('AvtaleGiro');
  });

  it('says so on /betal-faktura', async () => {
    serveApi([route('GET', '/api/invoice/800000012', () => json(paidByCard))]);
    await renderAt(
      '/betal-faktura/:ariaInvoiceNo',
      <PayInvoiceScreen />,
      '/betal-faktura/800000012',
      subscriberState(onCard),
      ['pay-invoice'],
    );
    await screen.findByText('Fakturanummer', { selector: 'dt' });
    const facts = document.querySelector<HTMLElement>('dl.facts')!;
    expect(factIn(facts, 'Betalt med')).toHaveTextContent('Betalingskort **** 0004');
  });

  it('reads a Vipps payment as Vipps', async () => {
    serveApi([
      route('GET', '/api/invoice/800000012', () =>
        json({
          ...paidByCard,
          paymentProvider: 'VIPPS',
          paidWith: { provider: 'VIPPS', maskedCardNumber: null },
        }),
      ),
    ]);
    await renderAt(
      '/betal-faktura/:ariaInvoiceNo',
      <PayInvoiceScreen />,
      '/betal-faktura/800000012',
      subscriberState(onCard),
      ['pay-invoice'],
    );
    await screen.findByText('Fakturanummer', { selector: 'dt' });
    expect(
      factIn(document.querySelector<HTMLElement>('dl.facts')!, 'Betalt med'),
    ).toHaveTextContent(/^Vipps$/);
  });
});
