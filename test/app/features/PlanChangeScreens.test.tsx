// /endre-abonnement and /receipt2: the reader sees the current plan and the title's other plans
// they may switch to; a downgrade or period change is confirmed, scheduled (PUT planChange), the
// subscription reloaded and the receipt shows the date; an upgrade shows the server's quote and
// goes on to payment; a pending change can be withdrawn; paper and cancelled subscriptions are
// explained instead; failures, double clicks and a missing choice are handled.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';

import type { Order, OrderQuote } from '../../../src/app/api/order';
import type { Subscription } from '../../../src/app/api/subscription';
import ChangeReceiptScreen from '../../../src/app/features/plan-change/ChangeReceiptScreen';
import ChangeSubscriptionScreen from '../../../src/app/features/plan-change/ChangeSubscriptionScreen';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import {
  catalogueRoute,
  fvnCatalogue,
  loggedInUser,
  subscriberState,
  subscriptionWith,
} from '../fixtures';
import { type ApiRoute, asked, json, problem, renderWithState, route, serveApi } from '../render';

const premium = subscriptionWith({
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  period: 'Månedlig',
  price: 27_900,
  renewalDate: '2026-11-22',
  // What the catalogue says the plan's month includes.
  features: ['content', 'family-share'],
});

const pendingYearly = {
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  period: 'Årlig' as const,
  price: 299_000,
  effectiveDate: '2026-11-22',
};

const upgradeQuote: OrderQuote = {
  kind: 'upgrade',
  titleCode: 'FVN',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  product: 'Digitalt abonnement',
  planProductType: 'DIGITAL',
  period: 'Månedlig Premium',
  currency: 'NOK',
  amount: 3_333,
  ordinaryPrice: 37_900,
  offer: null,
  discount: null,
  periodStart: '2026-11-12',
  periodEnd: '2026-11-21',
  renewalDate: '2026-11-22',
  renewalPrice: 37_900,
  proration: { fromPrice: 27_900, toPrice: 37_900, remainingDays: 10, periodDays: 30 },
  firstFullCharge: { date: '2026-11-22', amount: 37_900 },
  waivedOffer: null,
  unavailableOffer: null,
  features: ['content', 'family-share', 'e-paper', 'partner-content'],
  addedFeatures: ['e-paper', 'partner-content'],
};

const upgradeOrder: Order = {
  orderId: 'ord_3f9a1c2b7d4e5f60',
  reference: '7M3KQ2XA',
  kind: 'upgrade',
  status: 'COMPLETED',
  titleCode: 'FVN',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  period: 'Månedlig Premium',
  amount: 3_333,
  currency: 'NOK',
  paymentProvider: 'SWEDBANK-PPG',
  redirectUrl: null,
  subscriptionNo: 'S-1001',
  failureReason: null,
  createdAt: '2026-11-12T10:15:00+01:00',
  completedAt: '2026-11-12T10:16:30+01:00',
  ariaInvoiceNo: null,
  offer: null,
};

/** The subscription lookup the screens reload with after a change. */
const subscriptionRoute = (subscription: Subscription): ApiRoute =>
  route('GET', '/api/subscription/A-2001/FVN', () =>
    json({ hasSubscription: true, subscription, error: null }),
  );

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderChange(
  subscription: Subscription = premium,
  options: { language?: 'nb' | 'nn'; birthDate?: string; route?: string } = {},
) {
  const state = subscriberState(subscription);
  return renderWithState(
    <Routes>
      <Route path="/endre-abonnement" element={<ChangeSubscriptionScreen />} />
      <Route path="/receipt2" element={<ChangeReceiptScreen />} />
      <Route path="*" element={<Location />} />
    </Routes>,
    {
      preloadedState: {
        ...state,
        user: { ...loggedInUser, birthDate: options.birthDate ?? loggedInUser.birthDate },
      },
      route: options.route ?? '/endre-abonnement',
      language: options.language ?? 'nb',
      namespaces: ['plan-change'],
    },
  );
}

/** The value of a fact (<dt> label → its <dd>). */
function fact(label: string): HTMLElement {
  const value = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`No value for ${label}`);
  return value;
}

const choiceGroup = () => screen.findByRole('group', { name: 'Nytt abonnement' });
const bodies = async (calls: Request[], method: string) =>
  Promise.all(calls.filter((c) => c.method === method).map((c) => c.json() as Promise<unknown>));

describe('ChangeSubscriptionScreen', () => {
  it('shows the current plan and only the plans the reader may switch to, classified', async () => {
    serveApi([catalogueRoute()]);
    await renderChange();
    expect(screen.getByRole('heading', { level: 1, name: 'Endre abonnement' })).toBeVisible();
    expect(fact('Abonnement')).toHaveTextContent('Premium digital');
    expect(fact('Periode')).toHaveTextContent('Månedlig');
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per måned');
    expect(fact('Fornyes')).toHaveTextContent('22. november 2026');

    const radios = within(await choiceGroup()).getAllByRole('radio');
    // Not the current option; no youth plan for a reader of 36; no student, business or paper.
    expect(radios.map((r) => r.getAttribute('aria-label') ?? labelOf(r))).toEqual([
      'Premium digital, Kvartalsvis: kr 799,00 per kvartal',
      'Premium digital, Årlig: kr 2\u00a0990,00 per år',
      'Premium digital, Månedlig Premium: kr 379,00 per måned',
    ]);
    expect(radios[0]).toHaveAccessibleDescription(
      'Gjelder fra neste fornyelse, 22. november 2026.',
    );
    // an upgrade says what it gives beyond the current plan.
    expect(radios[2]).toHaveAccessibleDescription(
      'Oppgradering: gjelder fra i dag. Du betaler mellomlegget for resten av perioden. ' +
        'Du får i tillegg til det du har i dag: E-avis Innhold fra partneraviser',
    );
  });

  it('offers the youth plan to a reader under 34', async () => {
    serveApi([catalogueRoute()]);
    await renderChange(premium, { birthDate: '2004-06-18' });
    const group = await choiceGroup();
    expect(
      within(group).getByRole('radio', { name: 'UNG digital, Månedlig: kr 99,00 per måned' }),
    ).toHaveAccessibleDescription('Gjelder fra neste fornyelse, 22. november 2026.');
    expect(within(group).queryByRole('radio', { name: /Student digital/ })).not.toBeInTheDocument();
  });

  it('schedules a period change after a confirmation, reloads and shows the receipt', async () => {
    const scheduled = { ...premium, pendingChange: pendingYearly };
    const calls = serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () => json(scheduled)),
      subscriptionRoute(scheduled),
    ]);
    const { user } = await renderChange();
    await user.click(
      within(await choiceGroup()).getByRole('radio', { name: /Premium digital, Årlig/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));

    const heading = screen.getByRole('heading', { level: 2, name: 'Bekreft endring' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(fact('Fra')).toHaveTextContent('Premium digital (Månedlig)');
    expect(fact('Til')).toHaveTextContent('Premium digital (Årlig)');
    expect(fact('Gjelder fra')).toHaveTextContent('22. november 2026');
    expect(fact('Ny pris')).toHaveTextContent('kr 2 990,00 per år');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bekreft endring' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Endringen er registrert' }),
    ).toBeVisible();
    expect(screen.getByText('Endringen gjelder fra 22. november 2026.')).toBeVisible();
    expect(fact('Fra 22. november 2026')).toHaveTextContent(
      'Premium digital (Årlig), kr 2 990,00 per år',
    );
    expect(await bodies(calls, 'PUT')).toEqual([
      { subscriptionNo: 'S-1001', ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Årlig' },
    ]);
    // The subscription was reloaded before the receipt.
    expect(
      calls.some((c) => c.method === 'GET' && c.url.endsWith('/api/subscription/A-2001/FVN')),
    ).toBe(true);
  });

  it('sends one request however often the button is clicked, and shows progress', async () => {
    let answer: (response: Response) => void = () => undefined;
    const scheduled = { ...premium, pendingChange: pendingYearly };
    const calls = serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () => new Promise((r) => (answer = r))),
      subscriptionRoute(scheduled),
    ]);
    const { user } = await renderChange();
    await user.click(
      within(await choiceGroup()).getByRole('radio', { name: /Premium digital, Årlig/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    const confirm = screen.getByRole('button', { name: 'Bekreft endring' });
    await user.click(confirm);
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(screen.getByText('Lagrer endringen …')).toHaveAttribute('role', 'status');
    answer(json(scheduled));
    expect(await screen.findByText('Endringen gjelder fra 22. november 2026.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('keeps the confirmation and says what went wrong when the server refuses', async () => {
    serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () =>
        problem(409, 'SUBSCRIPTION_STATE_CONFLICT'),
      ),
    ]);
    const { user } = await renderChange();
    await user.click(
      within(await choiceGroup()).getByRole('radio', { name: /Premium digital, Kvartalsvis/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    await user.click(screen.getByRole('button', { name: 'Bekreft endring' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Abonnementet ble endret i mellomtiden. Last inn siden på nytt og prøv igjen.',
    );
    expect(screen.getByRole('button', { name: 'Bekreft endring' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Tilbake' }));
    const choose = screen.getByRole('heading', { level: 2, name: 'Velg nytt abonnement' });
    await waitFor(() => expect(choose).toHaveFocus());
    expect(screen.getByRole('radio', { name: /Premium digital, Kvartalsvis/ })).toBeChecked();
  });

  it('asks for a choice before going on', async () => {
    const calls = serveApi([catalogueRoute()]);
    const { user } = await renderChange();
    await choiceGroup();
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' });
    expect(summary.parentElement).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Nytt abonnement er påkrevd' })).toBeVisible();
    expect(await choiceGroup()).toHaveAccessibleDescription('Nytt abonnement er påkrevd');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('says an upgrade during a paid offer pays the difference for every paid period', async () => {
    // Reactivated with 3 months for 1: 72 days paid ahead, the current month of 30 among them.
    const offerQuote = {
      ...upgradeQuote,
      amount: 23_333,
      proration: { fromPrice: 27_900, toPrice: 37_900, remainingDays: 72, periodDays: 30 },
    };
    serveApi([catalogueRoute(), route('POST', '/api/orders/quote', () => json(offerQuote))]);
    const { user } = await renderChange();
    await user.click(within(await choiceGroup()).getByRole('radio', { name: /Månedlig Premium/ }));
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    await screen.findByRole('heading', { level: 2, name: 'Bekreft oppgradering' });
    expect(fact('Å betale nå')).toHaveTextContent('kr 233,33');
    expect(
      screen.getByText(
        'Du betaler mellomlegget mellom kr 279,00 og kr 379,00 for hver periode du har betalt for og ikke brukt ennå: de 72 dagene til 22. november 2026.',
      ),
    ).toBeVisible();
  });

  it("shows the server's price of an upgrade before the reader goes on to pay it", async () => {
    const calls = serveApi([
      catalogueRoute(),
      route('POST', '/api/orders/quote', () => json(upgradeQuote)),
    ]);
    const { user } = await renderChange();
    await user.click(within(await choiceGroup()).getByRole('radio', { name: /Månedlig Premium/ }));
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Bekreft oppgradering' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(fact('Til')).toHaveTextContent('Premium digital (Månedlig Premium)');
    expect(fact('Gjelder fra')).toHaveTextContent('I dag');
    expect(fact('Å betale nå')).toHaveTextContent('kr 33,33');
    expect(fact('Neste fornyelse')).toHaveTextContent('22. november 2026, kr 379,00 per måned');
    expect(
      screen.getByText(
        'Du betaler mellomlegget mellom kr 279,00 og kr 379,00 for de 10 av 30 dagene som er igjen av perioden.',
      ),
    ).toBeVisible();
    expect(await bodies(calls, 'POST')).toEqual([
      {
        kind: 'upgrade',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig Premium',
        subscriptionNo: 'S-1001',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Gå til betaling' }));
    const location = new URL(screen.getByTestId('location').textContent!, 'http://x');
    expect(location.pathname).toBe('/betaling');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      type: 'oppgradering',
      plan: 'C-DIGITAL-PREMIUM',
      periode: 'Månedlig Premium',
    });
    // Nothing was scheduled or paid here.
    expect(calls.filter((c) => c.method === 'PUT' || c.method === 'DELETE')).toHaveLength(0);
  });

  it('says so when the quote cannot be had, and stays on the choice', async () => {
    serveApi([
      catalogueRoute(),
      route('POST', '/api/orders/quote', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderChange();
    await user.click(within(await choiceGroup()).getByRole('radio', { name: /Månedlig Premium/ }));
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Noe gikk galt hos oss. Prøv igjen om litt.',
    );
    expect(screen.getByRole('button', { name: 'Fortsett' })).toBeEnabled();
  });

  it('shows a change already waiting and withdraws it', async () => {
    const withPending = { ...premium, pendingChange: pendingYearly };
    const calls = serveApi([
      catalogueRoute(),
      route('DELETE', '/api/subscription/planChange', () => json(premium)),
      subscriptionRoute(premium),
    ]);
    const { user } = await renderChange(withPending);
    const pending = screen.getByRole('region', { name: 'Planlagt endring' });
    expect(pending).toHaveTextContent(
      'Fra 22. november 2026 endres abonnementet til Premium digital (Årlig, kr 2 990,00 per år).',
    );
    await user.click(
      within(pending).getByRole('button', { name: 'Angre den planlagte endringen' }),
    );
    expect(
      await screen.findByText(
        'Den planlagte endringen er angret. Abonnementet fortsetter som i dag.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Planlagt endring' })).not.toBeInTheDocument();
    expect(await bodies(calls, 'DELETE')).toEqual([{ subscriptionNo: 'S-1001' }]);
  });

  it('keeps the change waiting when the withdrawal fails', async () => {
    serveApi([
      catalogueRoute(),
      route('DELETE', '/api/subscription/planChange', () => problem(409, 'NO_PENDING_PLAN_CHANGE')),
    ]);
    const { user } = await renderChange({ ...premium, pendingChange: pendingYearly });
    const pending = screen.getByRole('region', { name: 'Planlagt endring' });
    await user.click(within(pending).getByRole('button', { name: /Angre/ }));
    expect(await within(pending).findByRole('alert')).toHaveTextContent(
      'Abonnementet ble endret i mellomtiden.',
    );
    expect(within(pending).getByRole('button', { name: /Angre/ })).toBeEnabled();
  });

  it('lets a paper subscriber change the billing period only, and points to customer service', async () => {
    serveApi([catalogueRoute()]);
    await renderChange(
      subscriptionWith({
        planProductType: 'COMBO',
        ariaPlanID: 'C-COMBO-PAPIR',
        planName: 'Papir + digital',
        price: 59_900,
      }),
    );
    const radios = within(await choiceGroup()).getAllByRole('radio');
    expect(radios.map(labelOf)).toEqual(['Papir + digital, Årlig: kr 6\u00a0490,00 per år']);
    expect(
      screen.getByText(/Vil du bytte til et annet produkt eller endre leveringen av avisen/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('sends a student subscriber to customer service instead of offering plans', async () => {
    const calls = serveApi([]);
    await renderChange(
      subscriptionWith({
        ariaPlanID: 'C-DIGITAL-STUDENT',
        planName: 'Student digital',
        price: 4_900,
      }),
    );
    expect(
      screen.getByText(
        'Studentabonnementet kan ikke byttes her. Kontakt kundeservice hvis du vil endre det.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends a reader whose plan is being converted to the home page to choose, not withdraw', async () => {
    const calls = serveApi([]);
    await renderChange(
      subscriptionWith({
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
      }),
    );
    expect(
      screen.getByText(
        'Abonnementet ditt går over til en annen plan 27. desember 2026, fordi du ikke lenger kan ha det du har nå. Du velger hva det skal bli på forsiden av Min side.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Velg hva abonnementet skal bli' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('button', { name: /Trekk tilbake|Behold/ })).toBeNull();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks a reader who has cancelled to undo the cancellation first', async () => {
    const calls = serveApi([]);
    const { store } = await renderChange(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    expect(screen.getByRole('link', { name: 'Angre oppsigelsen' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
    // No plans asked for (so none could be offered), not merely none answered yet.
    expect(asked(store.getState(), 'getCatalogue')).toBe(false);
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('offers to try again when the catalogue cannot be had', async () => {
    let fail = true;
    serveApi([catalogueRoute(() => (fail ? problem(501, 'NOT_IMPLEMENTED') : json(fvnCatalogue)))]);
    const { user } = await renderChange();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke hentet abonnementene akkurat nå.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await choiceGroup()).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    serveApi([catalogueRoute()]);
    await renderChange(premium, { language: 'nn' });
    expect(screen.getByRole('heading', { level: 1, name: 'Endre abonnement' })).toBeVisible();
    expect(
      within(await screen.findByRole('group', { name: 'Nytt abonnement' })).getByRole('radio', {
        name: 'Premium digital, Årleg: kr 2\u00a0990,00 per år',
      }),
    ).toHaveAccessibleDescription('Gjeld frå neste fornying, 22. november 2026.');
    expect(screen.getByRole('button', { name: 'Hald fram' })).toBeVisible();
  });
});

describe('what an upgrade gives', () => {
  // The same plan name before and after, kr 100 more a month: what the premium month includes
  // that the reader's plan does not is said on the choice and on the step before paying.

  it('says on each choice what it includes that the current plan does not', async () => {
    serveApi([catalogueRoute()]);
    await renderChange(premium);
    const group = await choiceGroup();
    const premiumMonth = within(group).getByRole('radio', { name: /Månedlig Premium/ });
    expect(premiumMonth).toHaveAccessibleDescription(
      /Du får i tillegg til det du har i dag:\s*E-avis\s*Innhold fra partneraviser/,
    );
    // A period of the same content adds nothing, and says nothing about content.
    const yearly = within(group).getByRole('radio', { name: /Premium digital, Årlig/ });
    expect(yearly).not.toHaveAccessibleDescription(/i tillegg/);
  });

  it('says plainly when a dearer choice gives no more content', async () => {
    const sameContent = {
      ...fvnCatalogue,
      products: fvnCatalogue.products.map((product) => ({
        ...product,
        options: product.options.map((option) => ({ ...option, features: product.features })),
      })),
    };
    serveApi([catalogueRoute(() => json(sameContent))]);
    await renderChange(premium);
    const premiumMonth = within(await choiceGroup()).getByRole('radio', {
      name: /Månedlig Premium/,
    });
    expect(premiumMonth).toHaveAccessibleDescription(
      /Du får ikke mer innhold enn du har i dag – bare en annen pris\./,
    );
  });

  it('lists what the upgrade gives next to its price before the reader goes on to pay', async () => {
    serveApi([catalogueRoute(), route('POST', '/api/orders/quote', () => json(upgradeQuote))]);
    const { user } = await renderChange(premium);
    await user.click(within(await choiceGroup()).getByRole('radio', { name: /Månedlig Premium/ }));
    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    await screen.findByRole('heading', { level: 2, name: 'Bekreft oppgradering' });
    const gives = fact('Dette får du');
    expect(
      within(gives)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['E-avis', 'Innhold fra partneraviser']);
  });
});

describe('ChangeReceiptScreen', () => {
  const renderReceipt = (
    subscription: Subscription | null,
    route = '/receipt2',
    loggedIn = true,
  ) => {
    const state = subscriberState(subscription);
    return renderWithState(<ChangeReceiptScreen />, {
      preloadedState: loggedIn
        ? state
        : {
            title: state.title,
            spinner: state.spinner,
            session: { status: 'ready', loginError: null, callbackError: null },
          },
      route,
      namespaces: ['plan-change'],
    });
  };

  it('shows a scheduled change and the date it takes effect', async () => {
    serveApi([]);
    await renderReceipt({ ...premium, pendingChange: pendingYearly });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Endringen er registrert' }),
    ).toBeVisible();
    expect(screen.getByText('Endringen gjelder fra 22. november 2026.')).toBeVisible();
    expect(fact('Fram til 22. november 2026')).toHaveTextContent(
      'Premium digital (Månedlig), kr 279,00 per måned',
    );
    expect(screen.getByRole('link', { name: 'Endre eller angre endringen' })).toHaveAttribute(
      'href',
      '/endre-abonnement',
    );
  });

  it('says there is nothing to show without a change, with a way to Min side', async () => {
    serveApi([]);
    await renderReceipt(premium);
    expect(screen.getByRole('heading', { level: 1, name: 'Kvittering' })).toBeVisible();
    expect(screen.getByText(/Vi finner ingen endring å vise/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('asks a reader who is not logged in to log in on Min side', async () => {
    const calls = serveApi([]);
    await renderReceipt(null, '/receipt2?ordre=ord_3f9a1c2b7d4e5f60', false);
    expect(
      screen.getByText('Logg inn på Min side for å se endringer på abonnementet ditt.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(calls).toHaveLength(0);
  });

  it('shows a paid upgrade: amount, new plan and the renewal of the reloaded subscription', async () => {
    const upgraded = { ...premium, period: 'Månedlig Premium' as const, price: 37_900 };
    const calls = serveApi([
      route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(upgradeOrder)),
      subscriptionRoute(upgraded),
    ]);
    await renderReceipt(premium, '/receipt2?ordre=ord_3f9a1c2b7d4e5f60');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er oppgradert' }),
    ).toBeVisible();
    expect(fact('Betalt')).toHaveTextContent('kr 33,33');
    expect(fact('Nytt abonnement')).toHaveTextContent('Premium digital (Månedlig Premium)');
    await waitFor(() =>
      expect(fact('Neste fornyelse')).toHaveTextContent('22. november 2026, kr 379,00 per måned'),
    );
    // the short reference the customer centre finds the order by, not the technical id.
    expect(fact('Referanse (oppgi denne til kundeservice)')).toHaveTextContent('7M3KQ2XA');
    expect(screen.queryByText(/ord_3f9a1c2b7d4e5f60/)).toBeNull();
    const pdf = screen.getByRole('link', { name: 'Last ned PDF av kvittering 7M3KQ2XA' });
    expect(pdf).toHaveAttribute('href', '/api/orders/ord_3f9a1c2b7d4e5f60/receipt/pdf');
    expect(pdf).toHaveAttribute('download');
    expect(calls.some((c) => c.url.endsWith('/api/subscription/A-2001/FVN'))).toBe(true);
  });

  it('does not call an upgrade done while its payment is pending', async () => {
    serveApi([
      route('GET', '/api/orders/ord_1', () =>
        json({ ...upgradeOrder, orderId: 'ord_1', status: 'PENDING' }),
      ),
      subscriptionRoute(premium),
    ]);
    await renderReceipt(premium, '/receipt2?ordre=ord_1');
    expect(await screen.findByText(/Betalingen er ikke bekreftet ennå/)).toBeVisible();
    expect(screen.queryByText('Abonnementet er oppgradert')).not.toBeInTheDocument();
  });

  it('says so when the order is not found', async () => {
    serveApi([
      route('GET', '/api/orders/ord_ukjent', () => problem(404, 'NOT_FOUND')),
      subscriptionRoute(premium),
    ]);
    await renderReceipt(premium, '/receipt2?ordre=ord_ukjent');
    expect(await screen.findByText(/Vi fant ikke denne bestillingen/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toBeVisible();
  });

  it('sends an order of another kind to the screen that reports it, not "not found"', async () => {
    serveApi([
      route('GET', '/api/orders/ord_ny', () =>
        json({ ...upgradeOrder, orderId: 'ord_ny', kind: 'new' }),
      ),
      subscriptionRoute(premium),
    ]);
    await renderWithState(
      <Routes>
        <Route path="/receipt2" element={<ChangeReceiptScreen />} />
        <Route path="/kvittering" element={<h1>Takk for bestillingen!</h1>} />
      </Routes>,
      {
        preloadedState: subscriberState(premium),
        route: '/receipt2?ordre=ord_ny',
        namespaces: ['plan-change'],
      },
    );
    expect(await screen.findByRole('heading', { name: 'Takk for bestillingen!' })).toBeVisible();
  });
});

/** The text of the label of a form control. */
function labelOf(element: HTMLElement): string {
  return (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
}
