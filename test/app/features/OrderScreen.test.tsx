// /bestill-abonnement: choose product and period from the catalogue, see the server's price (the
// 1 kr first month, the renewal price and date, no binding), add a discount code, choose card or
// Vipps, give a delivery address for paper and a birth date when none is known; the age rules;
// paying starts the purchase saga once, however often the button is pressed.
import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';

import type { OrderQuoteRequest } from '../../../src/app/api/order';
import OrderScreen from '../../../src/app/features/purchase/OrderScreen';
import { orderRefused, startPurchase } from '../../../src/app/flows/order/purchaseSlice';
import { formatKroner } from '../../../src/shared/money/money';
import { addMonths, osloDateOf } from '../../../src/shared/time/oslo';
import { account, catalogueRoute, fvnCatalogue, loggedInUser, subscriberState } from '../fixtures';
import { orderWith, quoteWith } from '../flows/order/fixtures';
import { renderInApp } from '../flows/order/renderInApp';
import { type ApiRoute, held, json, problem, renderWithState, route, serveApi } from '../render';
import { dag } from '../session/harness';
import { postalLookups, postalRoute } from '../ui/form/postal-support';

/** Kroner as Testing Library reads text (its normaliser turns no-break spaces into spaces). */
const textKroner = (ore: number) => formatKroner(ore).replace(/\u00a0/g, ' ');

/** A birth date that makes the reader `years` old today. */
const bornYearsAgo = (years: number) => addMonths(osloDateOf(new Date()), -12 * years - 1);

/** The server's quote for a request: the first month for 1 kr on the monthly premium plan. */
function quoteFor(request: OrderQuoteRequest) {
  const product = fvnCatalogue.products.find((p) => p.ariaPlanID === request.ariaPlanID)!;
  const price = product.options.find((o) => o.period === request.period)!.price;
  const offer =
    request.ariaPlanID === 'C-DIGITAL-PREMIUM' &&
    request.period === 'Månedlig' &&
    !request.discountCode;
  return quoteWith({
    ariaPlanID: product.ariaPlanID,
    planName: product.planName,
    product: product.product,
    planProductType: product.planProductType,
    period: request.period,
    amount: offer ? 100 : request.discountCode ? price - 5000 : price,
    ordinaryPrice: price,
    offer: offer ? 'FIRST_MONTH_1KR' : null,
    discount: request.discountCode
      ? {
          discountCode: request.discountCode,
          campaignId: 'CAMP-2020-03-003',
          description: 'kr 50 i rabatt de tre første månedene',
          amountOff: 5000,
          percentOff: null,
          periods: 3,
          validUntil: null,
        }
      : null,
    renewalPrice: price,
  });
}

const quoteRoute = (answer?: (request: OrderQuoteRequest) => Response | undefined) =>
  route('POST', '/api/orders/quote', async (request) => {
    const body = (await request.json()) as OrderQuoteRequest;
    return answer?.(body) ?? json(quoteFor(body));
  });

const quoteBodies = async (requests: Request[]) =>
  Promise.all(
    requests
      .filter((r) => r.url.endsWith('/api/orders/quote'))
      .map((r) => r.json() as Promise<OrderQuoteRequest>),
  );

async function renderOrder(
  options: {
    location?: string;
    birthDate?: string | null;
    routes?: readonly ApiRoute[];
    language?: 'nb' | 'nn';
    waitForForm?: boolean;
  } = {},
) {
  const requests = serveApi([...(options.routes ?? []), catalogueRoute(), quoteRoute()]);
  const state = subscriberState(null);
  const rendered = await renderWithState(
    <Routes>
      <Route path="/bestill-abonnement" element={<OrderScreen />} />
      <Route path="/allerede-abonnent" element={<h1>Allerede abonnent</h1>} />
    </Routes>,
    {
      preloadedState: {
        ...state,
        user: {
          ...loggedInUser,
          birthDate: options.birthDate === undefined ? bornYearsAgo(40) : options.birthDate,
        },
      },
      route: options.location ?? '/bestill-abonnement',
      namespaces: ['purchase'],
      language: options.language,
    },
  );
  if (options.waitForForm !== false)
    await screen.findByRole('group', { name: /Velg abonnement|Vel abonnement/ });
  return { ...rendered, requests };
}

const payButton = (amount: string) => screen.findByRole('button', { name: `Betal ${amount}` });
const startedWith = (actions: { type: string }[]) =>
  actions.filter(startPurchase.match).map((a) => a.payload);

describe('choosing and paying', () => {
  it('offers the first month for 1 kr, with the renewal price and date and no binding', async () => {
    const { user, actions, requests } = await renderOrder();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bestill abonnement' }),
    ).toBeInTheDocument();
    const plans = screen.getByRole('group', { name: 'Velg abonnement' });
    expect(within(plans).getByRole('radio', { name: 'Premium digital' })).toBeChecked();
    expect(within(plans).getByRole('radio', { name: 'Papir + digital' })).not.toBeChecked();
    const periods = screen.getByRole('group', { name: 'Velg periode' });
    expect(within(periods).getByRole('radio', { name: 'Månedlig' })).toBeChecked();
    expect(
      within(periods).getByText('Første måned for kr 1,00, deretter kr 279,00 per måned'),
    ).toBeInTheDocument();

    await payButton('kr 1,00');
    const summary = screen.getByRole('region', { name: 'Dette betaler du' });
    expect(within(summary).getByText('Første måned for kr 1,00')).toBeInTheDocument();
    expect(
      within(summary).getByText('kr 279,00 per måned fra 22. desember 2026'),
    ).toBeInTheDocument();
    expect(within(summary).getByText(/Ingen bindingstid|ingen bindingstid/)).toBeInTheDocument();
    // The offer comes first, the renewal after it.
    const text = summary.textContent ?? '';
    expect(text.indexOf('Første måned for kr 1,00')).toBeLessThan(text.indexOf('Deretter'));
    expect(await quoteBodies(requests)).toEqual([
      { kind: 'new', titleCode: 'FVN', ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Månedlig' },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Vipps' }));
    await user.click(await payButton('kr 1,00'));
    expect(startedWith(actions)).toEqual([
      {
        kind: 'new',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
        paymentProvider: 'VIPPS',
      },
    ]);
  });

  it('says why a returning reader does not get the first month for 1 kr', async () => {
    const returning = (request: OrderQuoteRequest) => {
      const priced = quoteFor(request);
      return json({
        ...priced,
        offer: null,
        amount: priced.ordinaryPrice,
        // As the server says it of a reader who had the title before (no dates for this reason).
        unavailableOffer: priced.offer
          ? ({
              offer: priced.offer,
              reason: 'NOT_FIRST_TIME',
              usedOn: null,
              availableFrom: null,
            } as const)
          : null,
      });
    };
    await renderOrder({ routes: [quoteRoute(returning)] });
    await payButton('kr 279,00');
    const summary = screen.getByRole('region', { name: 'Dette betaler du' });
    expect(
      within(summary).getByText(
        'Første måned for 1 kr gjelder bare for nye abonnenter, og du har hatt abonnement på avisen før.',
      ),
    ).toBeInTheDocument();
    expect(within(summary).queryByText('Første måned for kr 1,00')).not.toBeInTheDocument();
    // Nor does the choice of period promise it any more.
    const periods = screen.getByRole('group', { name: 'Velg periode' });
    expect(await within(periods).findByText('kr 279,00 per måned')).toBeInTheDocument();
    expect(within(periods).queryByText(/Første måned for kr 1,00/)).not.toBeInTheDocument();
  });

  it('prices another period on the server and pays that amount by card', async () => {
    const { user, actions } = await renderOrder();
    await payButton('kr 1,00');
    await user.click(screen.getByRole('radio', { name: 'Årlig' }));
    await user.click(await payButton(formatKroner(299_000)));
    expect(
      screen.getByText(`${textKroner(299_000)} per år fra 22. desember 2026`),
    ).toBeInTheDocument();
    expect(startedWith(actions)).toEqual([
      expect.objectContaining({ period: 'Årlig', paymentProvider: 'SWEDBANK-PPG' }),
    ]);
  });

  it('at 0 kr asks to register the card (or approve a Vipps agreement), not to pay kr 0,00', async () => {
    const { user, actions } = await renderOrder({
      routes: [quoteRoute((request) => json({ ...quoteFor(request), amount: 0, offer: null }))],
    });
    await screen.findByRole('button', { name: 'Registrer kortet og start abonnementet' });
    expect(screen.queryByRole('button', { name: /^Betal / })).toBeNull();
    expect(
      screen.getByText(/Du betaler ingenting nå\. Du registrerer kortet på betalingssiden/),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Vipps/ }));
    expect(
      await screen.findByRole('button', { name: 'Godkjenn Vipps-avtale og start abonnementet' }),
    ).toBeVisible();
    expect(screen.getByText(/godkjenner en avtale om faste trekk i Vipps/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Godkjenn Vipps-avtale og start abonnementet' }),
    );
    expect(startedWith(actions)).toEqual([expect.objectContaining({ paymentProvider: 'VIPPS' })]);
  });

  it('preselects plan, period and code from the link and asks for the delivery address of paper', async () => {
    const { user, actions, requests } = await renderOrder({
      location: '/bestill-abonnement?plan=C-COMBO-PAPIR&periode=%C3%85rlig&kode=vinter',
      routes: [postalRoute()],
    });
    expect(screen.getByRole('radio', { name: 'Papir + digital' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Årlig' })).toBeChecked();
    await payButton(formatKroner(644_000));
    expect(
      screen.getByText('Rabattkoden VINTER er lagt til: kr 50 i rabatt de tre første månedene'),
    ).toBeInTheDocument();
    expect((await quoteBodies(requests)).at(-1)).toEqual({
      kind: 'new',
      titleCode: 'FVN',
      ariaPlanID: 'C-COMBO-PAPIR',
      period: 'Årlig',
      discountCode: 'VINTER',
    });

    // requirements §5 messages, in an error summary that takes the focus; nothing is ordered.
    await user.click(await payButton(formatKroner(644_000)));
    const summary = await screen.findByRole('heading', { name: /Sjekk dette/ });
    const errors = within(summary.parentElement!);
    expect(
      errors.getByRole('link', { name: 'Navn er påkrevd på leveringsadresse' }),
    ).toBeInTheDocument();
    expect(errors.getByRole('link', { name: 'Adresse er påkrevd' })).toBeInTheDocument();
    expect(errors.getByRole('link', { name: 'Gatenummer er påkrevd' })).toBeInTheDocument();
    expect(summary.parentElement).toHaveFocus();
    expect(startedWith(actions)).toEqual([]);

    const address = screen.getByRole('group', { name: 'Leveringsadresse' });
    await user.type(within(address).getByLabelText('Navn (eller c/o)'), 'Kari Nordmann');
    await user.type(within(address).getByLabelText('Adresse'), 'Storgata');
    await user.type(within(address).getByLabelText('Gatenummer'), '12B');
    await user.type(within(address).getByLabelText(/Postnummer/), '4611');
    // The place comes from the postal-code register.
    await waitFor(() =>
      expect(within(address).getByLabelText(/Poststed/)).toHaveValue('Kristiansand S'),
    );
    expect(within(address).getByText('Postnummer 4611 er Kristiansand S.')).toBeVisible();
    expect(postalLookups(requests)).toEqual(['4611']);
    await user.click(await payButton(formatKroner(644_000)));
    await waitFor(() =>
      expect(startedWith(actions)).toEqual([
        {
          kind: 'new',
          titleCode: 'FVN',
          ariaPlanID: 'C-COMBO-PAPIR',
          period: 'Årlig',
          paymentProvider: 'SWEDBANK-PPG',
          discountCode: 'VINTER',
          deliveryAddress: {
            coName: 'Kari Nordmann',
            street: 'Storgata',
            streetNumber: '12B',
            postalCode: '4611',
            place: 'Kristiansand S',
          },
        },
      ]),
    );
  });

  it('refuses an unknown postal code before ordering, and marks the one the server refuses', async () => {
    const { user, actions, store } = await renderOrder({
      location: '/bestill-abonnement?plan=C-COMBO-PAPIR&periode=%C3%85rlig',
      routes: [postalRoute()],
    });
    const address = screen.getByRole('group', { name: 'Leveringsadresse' });
    const code = within(address).getByLabelText(/Postnummer/);
    await user.type(within(address).getByLabelText('Navn (eller c/o)'), 'Kari Nordmann');
    await user.type(within(address).getByLabelText('Adresse'), 'Storgata');
    await user.type(within(address).getByLabelText('Gatenummer'), '12B');
    await user.type(within(address).getByLabelText(/Poststed/), 'Kristiansand');
    await user.type(code, '0000');
    expect(
      await within(address).findByText('Vi finner ikke postnummer 0000. Sjekk at det er riktig.'),
    ).toBeVisible();
    await user.click(await payButton(formatKroner(649_000)));
    const summary = await screen.findByRole('heading', { name: /Sjekk dette/ });
    expect(
      within(summary.parentElement!).getByRole('link', { name: 'Postnummeret finnes ikke' }),
    ).toBeInTheDocument();
    expect(startedWith(actions)).toEqual([]);
    expect(code).toHaveValue('0000');
    expect(within(address).getByLabelText(/Poststed/)).toHaveValue('Kristiansand');

    // The server refuses a code the form could not check: the field says why.
    await user.clear(code);
    await user.type(code, '4611');
    await waitFor(() =>
      expect(within(address).getByLabelText(/Poststed/)).toHaveValue('Kristiansand S'),
    );
    act(() => {
      store.dispatch(
        orderRefused({
          status: 400,
          code: 'POSTAL_CODE_UNKNOWN',
          fields: ['deliveryAddress.postalCode'],
        }),
      );
    });
    await waitFor(() => expect(code).toHaveAccessibleDescription('Postnummeret finnes ikke'));
    expect(code).toHaveValue('4611');
  });

  it('shows the nynorsk texts', async () => {
    await renderOrder({ language: 'nn' });
    expect(screen.getByRole('group', { name: 'Vel abonnement' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Månadleg' })).toBeChecked();
    await payButton('kr 1,00');
    expect(screen.getByText('Første månaden for kr 1,00')).toBeInTheDocument();
  });
});

describe('discount codes', () => {
  it.each([
    [404, 'DISCOUNT_NOT_FOUND', 'Vi finner ikke rabattkoden FEIL. Sjekk at den er skrevet riktig.'],
    [409, 'DISCOUNT_INACTIVE', 'Rabattkoden FEIL er ikke lenger i bruk.'],
    [409, 'DISCOUNT_NOT_FOR_PLAN', 'Rabattkoden FEIL gjelder ikke for dette abonnementet.'],
    [409, 'DISCOUNT_EXPIRED', 'Rabattkoden FEIL har gått ut.'],
    [429, 'RATE_LIMITED', 'Du har prøvd mange ganger på kort tid. Vent litt før du prøver igjen.'],
  ])('explains a %i %s and prices the order without the code', async (status, code, message) => {
    const requests = serveApi([
      catalogueRoute(),
      quoteRoute((body) => (body.discountCode ? problem(status, code) : undefined)),
    ]);
    const { user } = await renderWithState(<OrderScreen />, {
      preloadedState: {
        ...subscriberState(null),
        user: { ...loggedInUser, birthDate: bornYearsAgo(40) },
      },
      route: '/bestill-abonnement',
      namespaces: ['purchase'],
    });
    await payButton('kr 1,00');
    const field = screen.getByRole('textbox', { name: /Rabattkode/ });
    await user.type(field, 'feil');
    await user.click(screen.getByRole('button', { name: 'Bruk koden' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    await payButton('kr 1,00');
    const bodies = await quoteBodies(requests);
    expect(bodies.map((b) => b.discountCode)).toEqual([undefined, 'FEIL', undefined]);
  });

  it('applies a code with Enter and removes it again', async () => {
    const { user } = await renderOrder();
    await payButton('kr 1,00');
    await user.type(screen.getByRole('textbox', { name: /Rabattkode/ }), 'camp{Enter}');
    await payButton('kr 229,00');
    expect(screen.getByText(/Rabattkoden CAMP er lagt til/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fjern koden' }));
    await payButton('kr 1,00');
  });
});

describe('a discount code instead of the first month for 1 kr', () => {
  // HALVPRIS on the monthly premium plan, as the server prices it: half price for three months
  // from 22 November, the full price from 22 February; the 1 kr month it replaces would have
  // reached the full price on 22 December.
  const halfPrice = (request: OrderQuoteRequest) =>
    request.discountCode === 'HALVPRIS'
      ? json(
          quoteWith({
            amount: 13_950,
            renewalPrice: 13_950,
            discount: {
              discountCode: 'HALVPRIS',
              campaignId: 'CAMP-2020-03-003',
              description: 'Halv pris de tre første månedene',
              amountOff: null,
              percentOff: 50,
              periods: 3,
              validUntil: null,
            },
            firstFullCharge: { date: '2027-02-22', amount: 27_900 },
            waivedOffer: {
              offer: 'FIRST_MONTH_1KR',
              amount: 100,
              renewalPrice: 27_900,
              firstFullCharge: { date: '2026-12-22', amount: 27_900 },
            },
          }),
        )
      : json(
          quoteWith({
            amount: 100,
            offer: 'FIRST_MONTH_1KR',
            firstFullCharge: { date: '2026-12-22', amount: 27_900 },
          }),
        );

  it('shows both offers side by side, which one applies and why, and when the full price comes', async () => {
    const { user } = await renderOrder({ routes: [quoteRoute(halfPrice)] });
    await payButton('kr 1,00');
    expect(screen.queryByRole('region', { name: /i stedet for tilbudet/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /Rabattkode/ }), 'halvpris{Enter}');
    await payButton('kr 139,50');
    expect(
      screen.getByText(
        'Rabattkoden HALVPRIS er lagt til: Halv pris de tre første månedene. ' +
          'Den gjelder i stedet for første måned for kr 1,00.',
      ),
    ).toBeInTheDocument();

    const comparison = screen.getByRole('region', {
      name: 'Rabattkoden gjelder i stedet for tilbudet',
    });
    expect(comparison).toHaveTextContent(
      'Tilbudet om første måned for kr 1,00 og rabattkoden HALVPRIS kan ikke kombineres.',
    );
    const offer = within(comparison).getByRole('article', { name: 'Første måned for kr 1,00' });
    expect(offer).toHaveTextContent('Gjelder ikke sammen med koden');
    expect(offer).toHaveTextContent('Å betale nåkr 1,00');
    expect(offer).toHaveTextContent('Full pris fra22. desember 2026: kr 279,00 per måned');
    const code = within(comparison).getByRole('article', { name: 'Rabattkode HALVPRIS' });
    expect(code).toHaveTextContent('Gjelder nå');
    expect(code).toHaveTextContent('Å betale nåkr 139,50');
    expect(code).toHaveTextContent('Deretterkr 139,50 per måned fra 22. desember 2026');
    expect(code).toHaveTextContent('Full pris fra22. februar 2027: kr 279,00 per måned');

    // The summary says it too: the first payment at the full price.
    const summary = screen.getByRole('region', { name: 'Dette betaler du' });
    expect(summary).toHaveTextContent('Full pris fra22. februar 2027: kr 279,00 per måned');

    await user.click(screen.getByRole('button', { name: 'Fjern koden' }));
    await payButton('kr 1,00');
    expect(screen.queryByRole('region', { name: /i stedet for tilbudet/ })).toBeNull();
  });

  it('says it in nynorsk', async () => {
    const { user } = await renderOrder({ routes: [quoteRoute(halfPrice)], language: 'nn' });
    await payButton('kr 1,00');
    await user.type(screen.getByRole('textbox', { name: /Rabattkode/ }), 'halvpris{Enter}');
    await payButton('kr 139,50');
    expect(
      screen.getByRole('region', { name: 'Rabattkoden gjeld i staden for tilbodet' }),
    ).toHaveTextContent('Full pris frå22. februar 2027: kr 279,00 per månad');
  });
});

describe('what a period includes', () => {
  it('says what the premium month includes beyond the plan, next to its price', async () => {
    await renderOrder();
    expect(screen.getByRole('radio', { name: 'Månedlig Premium' })).toHaveAccessibleDescription(
      'kr 379,00 per måned Inkluderer også: E-avis, Innhold fra partneraviser.',
    );
    expect(screen.getByRole('radio', { name: 'Årlig' })).toHaveAccessibleDescription(
      `${formatKroner(299_000)} per år`,
    );
  });
});

describe('age and eligibility', () => {
  it('does not sell to a reader under 18', async () => {
    serveApi([catalogueRoute()]);
    await renderWithState(<OrderScreen />, {
      preloadedState: {
        ...subscriberState(null),
        user: { ...loggedInUser, birthDate: bornYearsAgo(16) },
      },
      route: '/bestill-abonnement',
      namespaces: ['purchase'],
    });
    expect(
      await screen.findByText('Du må være 18 år eller eldre for å kjøpe abonnement.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Betal/ })).not.toBeInTheDocument();
  });

  it('offers the youth plan under 34', async () => {
    await renderOrder({ birthDate: bornYearsAgo(25) });
    expect(screen.getByRole('radio', { name: 'UNG digital' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'UNG digital' })).toHaveAccessibleDescription(
      'Digitalt abonnement for unge under 34. For deg under 34 år.',
    );
  });

  it('does not offer the youth plan from 34, and says why', async () => {
    await renderOrder({ birthDate: bornYearsAgo(34) });
    expect(screen.queryByRole('radio', { name: 'UNG digital' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Velg abonnement' })).getByText(
        'UNG digital er bare for deg under 34 år, og vises derfor ikke.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the birth date once, saves it on the profile, then prices without it', async () => {
    let saved: string | null = null;
    const { user, actions, requests } = await renderOrder({
      birthDate: null,
      waitForForm: false,
      routes: [
        route('PUT', '/api/account', async (request) => {
          saved = ((await request.json()) as { birthDate: string }).birthDate;
          return json({ ...account, currency: 'NOK', createdAt: '2026-01-01T00:00:00Z' });
        }),
        route('GET', '/api/session', () =>
          json({
            authenticated: true,
            titleCode: 'FVN',
            user: { ...loggedInUser, birthDate: saved },
            account: { ...account, currency: 'NOK', createdAt: '2026-01-01T00:00:00Z' },
            subscription: null,
          }),
        ),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Din fødselsdato' }),
    ).toBeInTheDocument();
    // Nothing is priced or offered before the birth date is known.
    expect(screen.queryByRole('group', { name: 'Velg abonnement' })).not.toBeInTheDocument();
    expect(await quoteBodies(requests)).toEqual([]);
    const field = screen.getByRole('textbox', { name: 'Fødselsdato' });
    const save = screen.getByRole('button', { name: 'Lagre og gå videre' });

    await user.click(save);
    expect(await screen.findByRole('link', { name: 'Fødselsdato er påkrevd' })).toBeInTheDocument();
    await user.type(field, '31.02.1990');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /Datoen finnes ikke. Sjekk dag og måned, for eksempel 28.02.2001$/,
      ),
    );
    await user.clear(field);
    await user.type(field, 'mai 1990');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Skriv fødselsdatoen som dd.mm.åååå$/),
    );
    await user.clear(field);
    await user.type(field, '01.01.2999');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Fødselsdatoen kan ikke være fram i tid$/),
    );
    const young = bornYearsAgo(15);
    const [y, m, d] = young.split('-');
    await user.clear(field);
    await user.type(field, `${d}.${m}.${y}`);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /Du må være 18 år eller eldre for å kjøpe abonnement.$/,
      ),
    );
    expect(saved).toBeNull();

    await user.clear(field);
    await user.type(field, '17.05.1990');
    await user.click(save);
    await waitFor(() => expect(saved).toBe('1990-05-17'));
    const put = requests.find((r) => r.method === 'PUT' && r.url.endsWith('/api/account'))!;
    expect(await put.json()).toEqual({
      ariaAccountNo: account.ariaAccountNo,
      birthDate: '1990-05-17',
    });

    // The session now knows it: the order form, priced by the server without any birth date.
    await user.click(await payButton('kr 1,00'));
    for (const body of await quoteBodies(requests)) expect(body).not.toHaveProperty('birthDate');
    await waitFor(() => expect(startedWith(actions)).toHaveLength(1));
    expect(startedWith(actions)[0]).not.toHaveProperty('birthDate');
  });

  it('does not offer the youth plan to a reader the server knows is too old', async () => {
    await renderOrder({
      birthDate: '1970-01-01',
      location: '/bestill-abonnement?plan=C-DIGITAL-UNG&periode=%C3%85rlig',
    });
    expect(screen.getByRole('radio', { name: 'Premium digital' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'UNG digital' })).not.toBeInTheDocument();
  });

  it.each([
    [
      422,
      'YOUTH_AGE_EXCEEDED',
      'UNG-abonnementet er bare for deg under 34 år. Velg et annet abonnement.',
    ],
    [422, 'AGE_BELOW_MINIMUM', 'Du må være 18 år eller eldre for å kjøpe abonnement.'],
    [
      422,
      'BIRTH_DATE_REQUIRED',
      'Vi trenger fødselsdatoen din for å sjekke alderen før du kan kjøpe.',
    ],
    [500, 'INTERNAL_ERROR', 'Noe gikk galt hos oss. Prøv igjen om litt.'],
  ])('words a %i %s from the quote and offers no payment', async (status, code, message) => {
    serveApi([catalogueRoute(), route('POST', '/api/orders/quote', () => problem(status, code))]);
    await renderWithState(<OrderScreen />, {
      preloadedState: {
        ...subscriberState(null),
        user: { ...loggedInUser, birthDate: bornYearsAgo(40) },
      },
      route: '/bestill-abonnement',
      namespaces: ['purchase'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: /Betal/ })).not.toBeInTheDocument();
  });

  it('sends an existing subscriber to /allerede-abonnent', async () => {
    await renderOrder({
      routes: [route('POST', '/api/orders/quote', () => problem(409, 'ALREADY_SUBSCRIBER'))],
      waitForForm: false,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Allerede abonnent' }),
    ).toBeInTheDocument();
  });
});

describe('with the purchase saga running', () => {
  const order = [catalogueRoute(), quoteRoute()];

  it('places one order for a double click and goes to the payment page', async () => {
    const created = held(() => json(orderWith(), 201));
    const app = await renderInApp(<OrderScreen />, {
      location: '/bestill-abonnement',
      session: { subscription: null },
      routes: [...order, route('POST', '/api/orders', created.answer)],
    });
    const pay = await payButton('kr 1,00');
    await app.user.dblClick(pay);
    await app.user.click(pay);
    expect(await screen.findByText('Sender deg videre til betaling …')).toBeInTheDocument();
    expect(pay).toBeDisabled();
    created.release();
    await waitFor(() => expect(app.calls.redirects).toEqual([orderWith().redirectUrl]));
    expect(
      app.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/orders')),
    ).toHaveLength(1);
  });

  it('shows a refusal of the order and lets the reader pay again', async () => {
    const app = await renderInApp(<OrderScreen />, {
      location: '/bestill-abonnement',
      session: { subscription: null, user: { ...dag, birthDate: '1979-09-30' } },
      routes: [...order, route('POST', '/api/orders', () => problem(422, 'AGE_BELOW_MINIMUM'))],
    });
    await app.user.click(await payButton('kr 1,00'));
    const alert = await screen.findByText('Du må være 18 år eller eldre for å kjøpe abonnement.');
    expect(alert.closest('[role="alert"]')).toHaveFocus();
    expect(await payButton('kr 1,00')).toBeEnabled();
    expect(app.calls.redirects).toEqual([]);
  });

  it('says so when another tab placed an order at the same moment, and pays again from here', async () => {
    let orders = 0;
    const app = await renderInApp(<OrderScreen />, {
      location: '/bestill-abonnement',
      session: { subscription: null },
      routes: [
        ...order,
        route('POST', '/api/orders', () =>
          (orders += 1) === 1 ? problem(409, 'ORDER_IN_PROGRESS') : json(orderWith(), 201),
        ),
      ],
    });
    await app.user.click(await payButton('kr 1,00'));
    expect(
      await screen.findByText(/Du har nettopp startet en bestilling til i et annet vindu/),
    ).toBeInTheDocument();
    await app.user.click(await payButton('kr 1,00'));
    await waitFor(() => expect(app.calls.redirects).toEqual([orderWith().redirectUrl]));
    const keys = app.requests
      .filter((r) => r.method === 'POST' && r.url.endsWith('/api/orders'))
      .map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
