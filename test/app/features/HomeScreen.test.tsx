// The subscriber's home: what needs attention first (overdue invoice, stopped Vipps, unpaid
// invoice, cancellation running out, scheduled change), the subscription at a glance with its next
// charge, the notes for trial, family share and business, and the actions grouped by purpose.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { Subscription } from '../../../src/app/api/subscription';
import HomeScreen from '../../../src/app/features/home/HomeScreen';
import {
  statusCodes,
  statusName,
  SubscriptionStatus,
} from '../../../src/shared/subscription/status';
import { subscriberState, subscriptionWith } from '../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../render';

import { lookupRoute } from './lifecycle-support';

const renderHome = (
  subscription: Subscription | null = subscriptionWith(),
  language: 'nb' | 'nn' = 'nb',
) =>
  renderWithState(<HomeScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['home'],
  });

/** The value of a fact (<dt> label → its <dd>) in the overview. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`No value for ${label}`);
  return value;
}

/** A group of actions by its heading. */
function group(heading: string): HTMLElement {
  return screen.getByRole('region', { name: heading });
}

/** The attention list's items, most urgent first. */
function attentionItems(heading = 'Trenger oppmerksomheten din'): HTMLElement[] {
  const attention = screen.getByRole('region', { name: heading });
  return within(attention).getAllByRole('listitem');
}

describe('HomeScreen', () => {
  it('greets the user and shows the subscription', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Hei, Kari!' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Fædrelandsvennen Digital' });
    expect(within(summary).getByText('Abonnementet ditt')).toBeVisible();
    expect(within(summary).getByText('Digital · Månedlig')).toBeVisible();
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per måned');
    expect(fact('Status')).toHaveTextContent('Aktivt');
    expect(fact('Fornyes')).toHaveTextContent('22. november 2026');
    expect(fact('Betalingsmåte')).toHaveTextContent('Betalingskort **** 1234, utløper 08/28');
    // One number for the subscription, and what it is for (not the billing account's too).
    expect(fact('Kundenummer')).toHaveTextContent(
      'K-555Oppgi kundenummeret når du kontakter kundeservice.',
    );
    expect(within(summary).queryByText(/Abonnentnummer|Abonnementsnummer/)).toBeNull();
    expect(within(summary).queryByText('A-2001')).toBeNull();
    expect(fact('Bindingstid')).toHaveTextContent('Ingen bindingstid.');
    expect(
      within(fact('Bindingstid')).getByRole('link', { name: 'Slik avslutter du' }),
    ).toHaveAttribute('href', '/avslutt-abonnement');
    // Nothing needs doing: no attention area.
    expect(screen.queryByRole('region', { name: 'Trenger oppmerksomheten din' })).toBeNull();
    const features = within(screen.getByRole('list', { name: 'Dette er inkludert' })).getAllByRole(
      'listitem',
    );
    expect(features.map((f) => f.textContent)).toEqual([
      'Alt innhold på nett og i appen',
      'E-avis',
    ]);
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('shows a cancelled subscription with its expiry date instead of a renewal', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    expect(fact('Status')).toHaveTextContent('Sagt opp, aktivt ut perioden');
    expect(fact('Utløper')).toHaveTextContent('31. desember 2026');
    expect(screen.queryByText('Fornyes')).not.toBeInTheDocument();
    const attention = screen.getByRole('region', { name: 'Trenger oppmerksomheten din' });
    expect(attention).toHaveTextContent(
      'Abonnementet er sagt opp. Du har tilgang til og med 31. desember 2026.',
    );
    expect(within(attention).getByRole('link', { name: 'Angre oppsigelse' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
  });

  it('words more statuses', async () => {
    const cases: [number, string][] = [
      [SubscriptionStatus.SUSPENDED, 'Midlertidig stanset'],
      [SubscriptionStatus.PENDING_ACTIVATION, 'Venter på aktivering'],
      [SubscriptionStatus.TERMINATED, 'Avsluttet'],
    ];
    for (const [code, words] of cases) {
      const { unmount } = await renderHome(
        subscriptionWith({ instStatusCode: code as Subscription['instStatusCode'] }),
      );
      expect(fact('Status')).toHaveTextContent(words);
      unmount();
    }
  });

  it.each(['nb', 'nn'] as const)(
    'words every status code in %s without a missing key',
    async (language) => {
      for (const code of statusCodes) {
        const { container, unmount } = await renderHome(
          subscriptionWith({
            instStatusCode: code,
            status: statusName(code),
            expiryDate: '2026-12-31',
            pendingChange: {
              ariaPlanID: 'C-DIGITAL-PREMIUM',
              planName: 'Premium',
              period: 'Årlig',
              price: 349_900,
              effectiveDate: '2027-01-01',
            },
          }),
          language,
        );
        const status = fact('Status').textContent ?? '';
        expect(status).not.toMatch(/home\.|status\./);
        expect(status.length).toBeGreaterThan(2);
        // No catalogue key leaks anywhere on the page.
        expect(container.textContent).not.toMatch(/\b(home|status|price|period|payment)\.[a-z-]+/);
        unmount();
      }
    },
  );

  it('announces a planned plan change', async () => {
    await renderHome(
      subscriptionWith({
        pendingChange: {
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          planName: 'Premium',
          period: 'Årlig',
          price: 349_900,
          effectiveDate: '2027-01-01',
        },
      }),
    );
    // (Testing Library reads the price's no-break space as a space.)
    expect(
      screen.getByText('Fra 1. januar 2027 endres abonnementet til Premium (Årlig, kr 3 499,00).'),
    ).toBeInTheDocument();
  });

  it('notes a family share and does not ask the invitee to pay', async () => {
    await renderHome(subscriptionWith({ eligibleForSharing: false }));
    expect(screen.getByText(/Du har tilgang gjennom familiedeling/)).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('Betales av den som deler abonnementet med deg');
  });

  it('notes a trial, its last day and the price after it', async () => {
    await renderHome(
      subscriptionWith({ instStatusCode: SubscriptionStatus.TRIAL, status: 'TRIAL' }),
    );
    expect(fact('Status')).toHaveTextContent('Prøveperiode');
    expect(
      screen.getByText(
        'Du har et prøveabonnement til og med 21. november 2026. Etter det fornyes det automatisk til kr 279,00 per måned, uten bindingstid.',
      ),
    ).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per måned etter prøveperioden');
  });

  it('tells a student trial the student price it renews at, never "ordinær pris"', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.TRIAL,
        status: 'TRIAL',
        planName: 'Student digital',
        price: 4_900,
        renewalDate: '2027-01-15',
      }),
    );
    const note = screen.getByText(/Du har et prøveabonnement/);
    expect(note).toHaveTextContent(
      'til og med 14. januar 2027. Etter det fornyes det automatisk til kr 49,00 per måned',
    );
    expect(note).not.toHaveTextContent('ordinær pris');
    expect(fact('Pris')).toHaveTextContent('kr 49,00 per måned etter prøveperioden');
  });

  it('notes a business subscription for the admin and the employee', async () => {
    const admin = await renderHome(
      subscriptionWith({
        subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'business-admin' },
      }),
    );
    expect(screen.getByText(/du er administrator for bedriften/)).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('Betales av bedriften');
    // The admin's way to the company's employees.
    expect(
      within(group('Bedrift')).getByRole('link', { name: 'Inviter og fjern ansatte' }),
    ).toHaveAttribute('href', '/administrer-bedrift');
    admin.unmount();

    await renderHome(
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
    );
    expect(screen.getByText(/bedriftsabonnement fra arbeidsgiveren din/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inviter og fjern ansatte' })).toBeNull();
  });

  it('says when no payment method is registered', async () => {
    await renderHome(subscriptionWith({ paymentMethod: null }));
    expect(fact('Betalingsmåte')).toHaveTextContent('Ingen betalingsmåte registrert');
  });

  it('shows Vipps and the other providers with their labels', async () => {
    const cases: [NonNullable<Subscription['paymentMethod']>['provider'], string][] = [
      ['VIPPS', 'Vipps'],
      ['AVTALEGIRO', 'AvtaleGiro'],
      ['BANKGIRO', 'Faktura'],
    ];
    for (const [provider, words] of cases) {
      const { unmount } = await renderHome(
        subscriptionWith({
          paymentMethod: { provider, label: provider, maskedCardNumber: null, cardExpiry: null },
        }),
      );
      expect(within(fact('Betalingsmåte')).getByText(words, { exact: true })).toBeVisible();
      unmount();
    }
  });

  it('says exactly that a card without details has none to show', async () => {
    await renderHome(
      subscriptionWith({
        paymentMethod: {
          provider: 'SWEDBANK-PPG',
          label: 'Betalingskort',
          maskedCardNumber: null,
          cardExpiry: null,
        },
      }),
    );
    expect(
      within(fact('Betalingsmåte')).getByText('Ingen kortdetaljer tilgjengelig.', { exact: true }),
    ).toBeVisible();
  });

  it('says the payment method could not be fetched when the subscription lookup failed', async () => {
    const state = subscriberState(subscriptionWith());
    await renderWithState(<HomeScreen />, {
      preloadedState: { ...state, subscription: { ...state.subscription!, error: 'FETCH_ERROR' } },
      namespaces: ['home'],
    });
    expect(
      within(fact('Betalingsmåte')).getByText(
        'Det oppstod en feil ved henting av betalingsmetode.',
        { exact: true },
      ),
    ).toBeVisible();
    expect(fact('Betalingsmåte')).not.toHaveTextContent('1234');
  });

  it('links a paying subscriber to Vipps and to a new card', async () => {
    await renderHome();
    const payment = group('Betaling og fakturaer');
    expect(within(payment).getByRole('link', { name: 'Endre til Vipps' })).toHaveAttribute(
      'href',
      '/endre-betalingsmetode',
    );
    expect(
      within(payment).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toHaveAttribute('href', '/legg-til-betalingskort');
  });

  it('offers no switch to Vipps when the subscription is paid with Vipps already', async () => {
    await renderHome(
      subscriptionWith({
        paymentMethod: {
          provider: 'VIPPS',
          label: 'Vipps',
          maskedCardNumber: null,
          cardExpiry: null,
        },
      }),
    );
    const payment = group('Betaling og fakturaer');
    expect(within(payment).queryByRole('link', { name: 'Endre til Vipps' })).toBeNull();
    expect(
      within(payment).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toBeVisible();
  });

  it('offers no payment method change to those who do not pay for their subscription', async () => {
    const others = [
      subscriptionWith({ eligibleForSharing: false }),
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
      subscriptionWith({ instStatusCode: SubscriptionStatus.TRIAL, status: 'TRIAL' }),
      subscriptionWith({
        instStatusCode: SubscriptionStatus.CANCELLED,
        status: 'CANCELLED',
        hasSubscription: false,
      }),
    ];
    for (const subscription of others) {
      const { unmount } = await renderHome(subscription);
      expect(screen.queryByRole('link', { name: 'Endre til Vipps' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Legg til nytt betalingskort' })).toBeNull();
      unmount();
    }
  });

  it('links to contact details, prices and invoices, and to the delivery address only for paper', async () => {
    await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Hva vil du gjøre?' });
    expect(
      within(nav)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Abonnement', 'Betaling og fakturaer', 'Profil']);
    expect(within(nav).getByRole('link', { name: 'Kontaktinformasjon' })).toHaveAttribute(
      'href',
      '/kontakt',
    );
    expect(within(nav).getByRole('link', { name: 'Profilen din' })).toHaveAttribute(
      'href',
      '/endre-profil',
    );
    expect(
      within(nav).getByRole('link', { name: 'Priser og kommende prisendringer' }),
    ).toHaveAttribute('href', '/nye-priser');
    expect(within(nav).getByRole('link', { name: 'Fakturaer' })).toHaveAttribute(
      'href',
      '/fakturaoversikt',
    );
    expect(within(nav).queryByRole('link', { name: /Leveringsadresse/ })).toBeNull();
  });

  it('links a paper subscriber to the delivery address', async () => {
    await renderHome(subscriptionWith({ planProductType: 'COMBO' }));
    expect(
      within(group('Levering av papiravisen')).getByRole('link', { name: 'Leveringsadresse' }),
    ).toHaveAttribute('href', '/leveringsadresse');
  });

  it('tells that the Vipps agreement was stopped in the app and how to keep the subscription', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-24',
        paymentMethod: {
          provider: 'VIPPS',
          label: 'Vipps',
          maskedCardNumber: null,
          cardExpiry: null,
        },
        paymentNotice: 'VIPPS_AGREEMENT_STOPPED',
      }),
    );
    const [stopped, cancelled] = attentionItems();
    expect(stopped).toHaveTextContent('Vipps-avtalen din ble stoppet i Vipps-appen');
    expect(stopped).toHaveTextContent('avsluttes 24. desember 2026');
    expect(
      within(stopped!).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toHaveAttribute('href', '/legg-til-betalingskort');
    expect(within(cancelled!).getByRole('link', { name: 'Angre oppsigelse' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
  });

  it('reads in nynorsk', async () => {
    await renderHome(subscriptionWith(), 'nn');
    expect(screen.getByText('Digital · Månadleg')).toBeVisible();
    expect(fact('Bindingstid')).toHaveTextContent('Inga bindingstid.');
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per månad');
    expect(fact('Blir fornya')).toHaveTextContent('22. november 2026');
    expect(fact('Betalingsmåte')).toHaveTextContent('Betalingskort **** 1234, går ut 08/28');
  });
});

describe('HomeScreen actions by state (requirements §4)', () => {
  const actions = () =>
    within(group('Abonnement'))
      .queryAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  const prices = ['Priser og kommende prisendringer', '/nye-priser'];
  // What the subscription gives, while it gives access.
  const content = ['Mitt innhold', '/mitt-innhold'];

  it('offers to change or cancel an active subscription', async () => {
    await renderHome();
    expect(screen.getByRole('navigation', { name: 'Hva vil du gjøre?' })).toBeVisible();
    expect(actions()).toEqual([
      content,
      ['Endre abonnement', '/endre-abonnement'],
      ['Si opp abonnementet', '/avslutt-abonnement'],
      prices,
    ]);
  });

  it('offers to undo a cancellation while the subscription runs out', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    expect(actions()).toEqual([content, ['Angre oppsigelse', '/angre-oppsigelse'], prices]);
  });

  it('offers to start an ended subscription again through the payment', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.CANCELLED,
        status: 'CANCELLED',
        renewalDate: null,
        expiryDate: '2026-10-31',
      }),
    );
    expect(screen.getByText('Abonnementet ditt ble avsluttet 31. oktober 2026.')).toBeVisible();
    expect(actions()).toEqual([
      ['Start abonnementet igjen', '/betaling?type=reaktivering'],
      prices,
    ]);
  });

  it('offers no change or cancellation to a family-share invitee or a business employee', async () => {
    const shared = await renderHome(subscriptionWith({ eligibleForSharing: false }));
    // The invitee's way to see whose subscription they share, and to leave.
    expect(actions()).toEqual([content, ['Familiedeling', '/familiedeling'], prices]);
    shared.unmount();
    await renderHome(
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
    );
    expect(actions()).toEqual([content, prices]);
  });

  const withChange = subscriptionWith({
    pendingChange: {
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      period: 'Årlig',
      price: 299_000,
      effectiveDate: '2026-11-22',
    },
  });

  it('keeps the current plan instead of a scheduled change, and reloads', async () => {
    const calls = serveApi([
      route('DELETE', '/api/subscription/planChange', () =>
        json(subscriptionWith({ pendingChange: null })),
      ),
      lookupRoute(() => subscriptionWith({ pendingChange: null })),
    ]);
    const { user, store } = await renderHome(withChange);
    expect(
      screen.getByText(
        'Fra 22. november 2026 endres abonnementet til Premium digital (Årlig, kr 2 990,00).',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Behold nåværende abonnement (Digital)' }));
    await waitFor(() =>
      expect(screen.queryByText(/endres abonnementet til/)).not.toBeInTheDocument(),
    );
    // Confirmed where the change was, and the focus is on the confirmation.
    const done = screen.getByText('Endringen er trukket tilbake. Du beholder Digital.');
    expect(done.closest('[role="status"]')).toHaveFocus();
    const [withdraw] = callsTo(calls, 'DELETE', '/api/subscription/planChange');
    expect(await withdraw!.json()).toEqual({ subscriptionNo: 'S-1001' });
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription.subscription?.pendingChange).toBeNull();
  });

  it('tells a change to another period of the same plan as that, and keeps the period paid now', async () => {
    const current = subscriptionWith();
    serveApi([
      route('DELETE', '/api/subscription/planChange', () =>
        json(subscriptionWith({ pendingChange: null })),
      ),
      lookupRoute(() => subscriptionWith({ pendingChange: null })),
    ]);
    const { user } = await renderHome(
      subscriptionWith({
        pendingChange: {
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          planName: current.planName,
          period: 'Årlig',
          price: 299_000,
          effectiveDate: '2026-11-22',
        },
      }),
    );
    expect(
      screen.getByText(
        `Fra 22. november 2026 betaler du kr 2 990,00 per år for ${current.planName} i stedet for kr 279,00 per måned.`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/endres abonnementet til/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fortsett med kr 279,00 per måned' }));
    expect(
      await screen.findByText(
        'Endringen er trukket tilbake. Du fortsetter med kr 279,00 per måned som før.',
      ),
    ).toBeVisible();
  });

  it('says so when the change could not be withdrawn, and keeps it shown', async () => {
    serveApi([
      route('DELETE', '/api/subscription/planChange', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderHome(withChange);
    await user.click(screen.getByRole('button', { name: 'Behold nåværende abonnement (Digital)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke trukket tilbake endringen. Prøv igjen om litt.',
    );
    expect(screen.getByText(/endres abonnementet til Premium digital/)).toBeVisible();
  });
});

describe('HomeScreen next charge', () => {
  const next = (overrides: Partial<NonNullable<Subscription['nextCharge']>> = {}) =>
    subscriptionWith({
      nextCharge: {
        date: '2026-11-22',
        amount: 27_900,
        stopCredit: 0,
        missedPaperCredit: 0,
        ordinaryAmount: 27_900,
        kind: 'charge',
        provider: 'SWEDBANK-PPG',
        reason: 'renewal',
        ...overrides,
      },
    });

  it('says when, how much and how the next charge is made', async () => {
    await renderHome(next());
    const charge = fact('Neste trekk');
    expect(charge).toHaveTextContent('22. november 2026: kr 279,00');
    expect(charge).toHaveTextContent('Betalingskort **** 1234');
    expect(charge).not.toHaveTextContent('rabatt');
    expect(screen.queryByText('Fornyes', { selector: 'dt' })).toBeNull();
  });

  it('calls a giro renewal the next invoice', async () => {
    await renderHome(next({ kind: 'invoice', provider: 'AVTALEGIRO' }));
    expect(fact('Neste faktura')).toHaveTextContent('22. november 2026: kr 279,00');
  });

  it('says a discount is running and what the ordinary price is', async () => {
    await renderHome(next({ amount: 13_950 }));
    expect(fact('Neste trekk')).toHaveTextContent('22. november 2026: kr 139,50');
    expect(fact('Neste trekk')).toHaveTextContent('Med rabatt. Vanlig pris er kr 279,00.');
  });

  it('says what is taken off for papers that did not come, which is no discount', async () => {
    await renderHome(next({ amount: 27_200, missedPaperCredit: 700 }));
    const charge = fact('Neste trekk');
    expect(charge).toHaveTextContent('22. november 2026: kr 272,00');
    expect(charge).toHaveTextContent('kr 7,00 er trukket fra for aviser som ikke kom.');
    expect(charge).not.toHaveTextContent('rabatt');
    expect(charge).not.toHaveTextContent('Ny pris');
  });

  it('says what is taken off for stopped papers and for missed ones, each on its own line', async () => {
    await renderHome(
      next({ kind: 'invoice', amount: 20_000, stopCredit: 7_200, missedPaperCredit: 700 }),
    );
    const invoice = fact('Neste faktura');
    expect(invoice).toHaveTextContent('22. november 2026: kr 200,00');
    expect(invoice).toHaveTextContent('kr 72,00 er trukket fra for aviser du har stoppet.');
    expect(invoice).toHaveTextContent('kr 7,00 er trukket fra for aviser som ikke kom.');
    expect(invoice).not.toHaveTextContent('rabatt');
  });

  it('says there is nothing to pay when the stopped papers cover the whole renewal', async () => {
    await renderHome(
      next({ kind: 'invoice', provider: 'BANKGIRO', amount: 0, stopCredit: 27_900 }),
    );
    const invoice = fact('Neste faktura');
    expect(invoice).toHaveTextContent('22. november 2026: ingenting å betale');
    expect(invoice).toHaveTextContent('kr 279,00 er trukket fra for aviser du har stoppet.');
    expect(invoice).not.toHaveTextContent('kr 0,00');
    expect(invoice).not.toHaveTextContent('rabatt');
  });

  it('says nothing of papers when nothing is taken off', async () => {
    await renderHome(next());
    expect(fact('Neste trekk')).not.toHaveTextContent('aviser som ikke kom');
    expect(fact('Neste trekk')).not.toHaveTextContent('stoppet');
  });

  it('shows a new price from the renewal, old and new', async () => {
    await renderHome(next({ amount: 29_900, ordinaryAmount: 29_900 }));
    expect(fact('Neste trekk')).toHaveTextContent(
      'Ny pris fra denne datoen: kr 279,00 blir kr 299,00.',
    );
  });
});

describe('HomeScreen attention area', () => {
  const invoice = (ariaInvoiceNo: string, overdue: boolean, dueDate: string, amount = 174_900) => ({
    ariaInvoiceNo,
    amount,
    dueDate,
    overdue,
    suspendsOn: null,
  });

  it('puts an overdue invoice first with a way to pay it, before anything else', async () => {
    await renderHome(
      subscriptionWith({
        unpaidInvoices: [
          invoice('800000007', true, '2026-10-15'),
          invoice('800000009', false, '2026-12-05', 27_900),
        ],
        pendingChange: {
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          planName: 'Premium',
          period: 'Årlig',
          price: 349_900,
          effectiveDate: '2027-01-01',
        },
      }),
    );
    const [overdue, unpaid, change] = attentionItems();
    expect(overdue).toHaveTextContent(
      'Fakturaen på kr 1 749,00 forfalt 15. oktober 2026 og er ikke betalt.',
    );
    expect(within(overdue!).getByRole('link', { name: /^Betal kr 1\s749,00$/ })).toHaveAttribute(
      'href',
      '/betal-faktura/800000007',
    );
    expect(unpaid).toHaveTextContent(
      'Du har en faktura på kr 279,00 som forfaller 5. desember 2026.',
    );
    expect(change).toHaveTextContent('Fra 1. januar 2027 endres abonnementet til Premium');
    expect(overdue!.querySelector('.ds-alert')).toHaveAttribute('data-color', 'danger');
    expect(unpaid!.querySelector('.ds-alert')).toHaveAttribute('data-color', 'warning');
  });

  it('tells an AvtaleGiro reader why an overdue invoice was not paid by the bank, and only then', async () => {
    const avtaleGiro = {
      provider: 'AVTALEGIRO' as const,
      label: 'AvtaleGiro',
      maskedCardNumber: null,
      cardExpiry: null,
    };
    await renderHome(
      subscriptionWith({
        paymentMethod: avtaleGiro,
        unpaidInvoices: [invoice('800000007', true, '2026-10-15')],
      }),
    );
    const [overdue] = attentionItems();
    expect(overdue).toHaveTextContent(
      'Du betaler med AvtaleGiro, men beløpet ble ikke trukket fra kontoen din på forfallsdagen.',
    );
    expect(overdue).toHaveTextContent('beløpsgrensen');
  });

  it('says nothing of AvtaleGiro to a reader who pays by invoice', async () => {
    await renderHome(
      subscriptionWith({ unpaidInvoices: [invoice('800000007', true, '2026-10-15')] }),
    );
    expect(attentionItems()[0]).not.toHaveTextContent('AvtaleGiro');
  });

  it('lists family sharing, and links the owner to it', async () => {
    await renderHome(subscriptionWith({ features: ['content', 'family-share'] }));
    const features = within(screen.getByRole('list', { name: 'Dette er inkludert' }));
    expect(features.getAllByRole('listitem').map((f) => f.textContent)).toEqual([
      'Alt innhold på nett og i appen',
      'Familiedeling',
    ]);
    expect(
      within(group('Abonnement')).getByRole('link', { name: 'Familiedeling' }),
    ).toHaveAttribute('href', '/familiedeling');
  });

  it('links no family sharing for a plan without it or an ended subscription', async () => {
    const youth = await renderHome(subscriptionWith({ features: ['content'] }));
    expect(screen.queryByRole('link', { name: 'Familiedeling' })).not.toBeInTheDocument();
    youth.unmount();
    await renderHome(
      subscriptionWith({
        features: ['content', 'family-share'],
        instStatusCode: SubscriptionStatus.CANCELLED,
        status: 'CANCELLED',
        hasSubscription: false,
        renewalDate: null,
        expiryDate: '2026-10-31',
      }),
    );
    expect(screen.queryByRole('link', { name: 'Familiedeling' })).not.toBeInTheDocument();
  });

  it('reads in nynorsk', async () => {
    await renderHome(
      subscriptionWith({ unpaidInvoices: [invoice('800000007', true, '2026-10-15')] }),
      'nn',
    );
    const [overdue] = attentionItems('Treng merksemda di');
    expect(overdue).toHaveTextContent(
      'Fakturaen på kr 1 749,00 forfall 15. oktober 2026 og er ikkje betalt.',
    );
  });
});

describe('HomeScreen right of withdrawal', () => {
  it('shows the last day, the refund and a clearly labelled button within 14 days', async () => {
    await renderHome(subscriptionWith({ withdrawal: { lastDay: '2026-12-01', refund: 91 } }));
    const right = screen.getByRole('group', { name: 'Angrerett' });
    expect(right).toHaveTextContent(
      'Du kan gå fra kjøpet til og med 1. desember 2026. Gjør du det i dag, får du kr 0,91 tilbake',
    );
    expect(within(right).getByRole('link', { name: 'Bruk angreretten' })).toHaveAttribute(
      'href',
      '/angrerett',
    );
  });

  it('says nothing of it when it does not apply', async () => {
    await renderHome(subscriptionWith({ withdrawal: null }));
    expect(screen.queryByRole('group', { name: 'Angrerett' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bruk angreretten' })).toBeNull();
  });
});

describe('HomeScreen plan conversion (the reader stops qualifying for the plan)', () => {
  const youth = subscriptionWith({
    ariaPlanID: 'C-DIGITAL-UNG',
    planName: 'UNG digital',
    price: 9_900,
    pendingChange: {
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      period: 'Månedlig',
      price: 27_900,
      effectiveDate: '2026-12-27',
      reason: 'youth-age-limit',
    },
  });
  const choice = (period: string, price: number, chosen: boolean, isDefault: boolean) => ({
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    planName: 'Premium digital',
    period,
    price,
    chosen,
    default: isDefault,
  });
  const conversion = (chosenYearly: boolean, verifyAgainPath: string | null = null) => ({
    subscriptionNo: 'S-1001',
    reason: verifyAgainPath ? 'student-verification-ends' : 'youth-age-limit',
    lapseDate: '2026-12-17',
    effectiveDate: '2026-12-27',
    verifyAgainPath,
    choices: [
      choice('Månedlig', 27_900, !chosenYearly, true),
      choice('Årlig', 299_000, chosenYearly, false),
    ],
  });
  const PATH = '/api/subscription/S-1001/plan-conversion';

  it('says why, what it becomes and from when; another plan is one tap, said and marked', async () => {
    const calls = serveApi([
      route('GET', PATH, () => json(conversion(false))),
      route('PUT', PATH, () => json(conversion(true))),
      lookupRoute(() => youth),
    ]);
    const { user } = await renderHome(youth);
    const [item] = attentionItems();
    expect(
      await within(item!).findByText(
        'Du fyller 34 år 17. desember 2026, og UNG-abonnementet er for lesere under 34.',
      ),
    ).toBeVisible();
    expect(
      within(item!).getByText(
        'Fra 27. desember 2026 blir abonnementet Premium digital (Månedlig, kr 279,00).',
      ),
    ).toBeVisible();
    // No way to keep the youth plan: the reader is 34 by then.
    expect(within(item!).queryByRole('button', { name: /Behold/ })).toBeNull();
    const group = within(item!).getByRole('group', {
      name: 'Vil du heller ha noe annet? Velg med ett trykk:',
    });
    const monthly = within(group).getByRole('button', { name: /Månedlig, kr 279,00/ });
    expect(monthly).toHaveAttribute('aria-pressed', 'true');
    expect(monthly).toHaveTextContent('Valgt');
    await user.click(within(group).getByRole('button', { name: /Årlig, kr 2\s990,00/ }));
    const saved = await within(item!).findByText(
      'Valget er lagret. Fra 27. desember 2026 blir abonnementet Premium digital (Årlig, kr 2 990,00).',
    );
    expect(saved).toHaveFocus();
    expect(within(group).getByRole('button', { name: /Årlig/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const [put] = callsTo(calls, 'PUT', PATH);
    expect(await put!.json()).toEqual({ ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Årlig' });
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    // Tapping the chosen plan again asks nothing.
    await user.click(within(group).getByRole('button', { name: /Årlig/ }));
    expect(callsTo(calls, 'PUT', PATH)).toHaveLength(1);
    expect(within(item!).getByRole('link', { name: 'Avslutt abonnementet' })).toHaveAttribute(
      'href',
      '/avslutt-abonnement',
    );
  });

  it('a student is offered to verify again first (nynorsk), and a failed choice is said', async () => {
    const student = subscriptionWith({
      ariaPlanID: 'C-DIGITAL-STUDENT',
      planName: 'Student digital',
      price: 4_900,
      pendingChange: { ...youth.pendingChange!, reason: 'student-verification-ends' },
    });
    serveApi([
      route('GET', PATH, () => json(conversion(false, '/student-verifisering'))),
      route('PUT', PATH, () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderHome(student, 'nn');
    const [item] = attentionItems('Treng merksemda di');
    expect(
      await within(item!).findByText('Studentstadfestinga di gjeld til og med 16. desember 2026.'),
    ).toBeVisible();
    expect(
      within(item!).getByRole('link', { name: 'Stadfest at du framleis studerer' }),
    ).toHaveAttribute('href', '/student-verifisering');
    await user.click(within(item!).getByRole('button', { name: /Årleg/ }));
    expect(
      await within(item!).findByText('Vi fekk ikkje lagra valet. Prøv igjen om litt.'),
    ).toHaveFocus();
  });
});
