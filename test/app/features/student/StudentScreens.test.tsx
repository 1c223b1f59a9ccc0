// The student offer (/student, /student2) and the verification (/student-verifisering(2),
// /elev-verifisering): the campaign's price from the catalogue, the e-mail and code steps with
// every result of requirements §8 said in place, the resend wait, the pay step that starts the purchase
// saga with the campaign's period, and the refusals the server's quote gives; nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { Catalogue, OrderQuote } from '../../../../src/app/api/order';
import type { Subscription } from '../../../../src/app/api/subscription';
import StudentOfferScreen from '../../../../src/app/features/student/StudentOfferScreen';
import StudentVerificationScreen from '../../../../src/app/features/student/StudentVerificationScreen';
import { startPurchase } from '../../../../src/app/flows/order/purchaseSlice';
import { catalogueRoute, fvnCatalogue, subscriberState, subscriptionWith } from '../../fixtures';
import {
  bodies,
  callsTo,
  IDEMPOTENCY_KEY,
  idempotencyKeys,
  json,
  problem,
  renderWithState,
  route,
  serveApi,
} from '../../render';
import { lookupRoute } from '../lifecycle-support';

const student = fvnCatalogue.products.find((p) => p.ariaPlanID === 'C-DIGITAL-STUDENT')!;
/** The catalogue with its student plan apart, with the yearly campaign besides the monthly. */
const withStudentPlan: Catalogue = {
  ...fvnCatalogue,
  studentPlan: {
    ...student,
    options: [
      ...student.options,
      { period: 'Årlig', ariaScheduleId: 'AAR', price: 49000, features: ['content'] },
    ],
  },
};
const withoutStudentPlan: Catalogue = { ...fvnCatalogue, studentPlan: null };

const quote = (period: 'Månedlig' | 'Årlig' = 'Månedlig'): OrderQuote =>
  ({
    kind: 'new',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-STUDENT',
    planName: 'Student digital',
    product: 'Digitalt studentabonnement',
    planProductType: 'DIGITAL',
    period,
    currency: 'NOK',
    amount: period === 'Årlig' ? 49000 : 4900,
    ordinaryPrice: period === 'Årlig' ? 49000 : 4900,
    offer: null,
    discount: null,
    periodStart: '2026-11-27',
    periodEnd: period === 'Årlig' ? '2027-11-26' : '2026-12-26',
    renewalDate: period === 'Årlig' ? '2027-11-27' : '2026-12-27',
    renewalPrice: period === 'Årlig' ? 49000 : 4900,
    proration: null,
    firstFullCharge: { date: '2026-11-27', amount: 4900 },
    waivedOffer: null,
    addedFeatures: [],
  }) as unknown as OrderQuote;

/** The API as the reader meets it: `quoteAnswers` in turn, and the verification calls. */
function serve(options: {
  quoteAnswers: (() => Response)[];
  register?: (body: { email: string }) => Response;
  activate?: (body: { code: string }) => Response;
  lookup?: Subscription;
}) {
  let quotes = 0;
  return serveApi([
    route('POST', '/api/orders/quote', () => {
      const answer = options.quoteAnswers[Math.min(quotes, options.quoteAnswers.length - 1)]!;
      quotes += 1;
      return answer();
    }),
    route('POST', '/api/student-email/', async (request) =>
      (options.register ?? (() => json({ result: 'ok', message: null })))(await request.json()),
    ),
    route('POST', '/api/register-student/', async (request) =>
      (options.register ?? (() => json({ result: 'ok', message: null })))(await request.json()),
    ),
    route('POST', '/api/activate-student-subscription/', async (request) =>
      (options.activate ?? (() => json({ result: 'ok', message: null })))(await request.json()),
    ),
    route('POST', '/api/activate-student/', async (request) =>
      (options.activate ?? (() => json({ result: 'ok', message: null })))(await request.json()),
    ),
    lookupRoute(() => options.lookup ?? null),
  ]);
}

const sentOk = () =>
  json({
    result: 'ok',
    message: null,
    institution: 'Universitetet i Agder',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  });

const renderVerification = (path = '/student-verifisering', language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<StudentVerificationScreen />, {
    preloadedState: subscriberState(null),
    language,
    namespaces: ['student'],
    route: path,
  });

describe('StudentOfferScreen', () => {
  it('/student: the monthly price from the catalogue, what it includes, the terms and the way in', async () => {
    serveApi([catalogueRoute(() => json(withStudentPlan))]);
    await renderWithState(<StudentOfferScreen />, {
      preloadedState: subscriberState(null),
      namespaces: ['student'],
      route: '/student',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Studenttilbud fra Fædrelandsvennen' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'kr 49,00 per måned' })).toBeVisible();
    expect(screen.getByText('Alt innhold på nett og i appen')).toBeVisible();
    expect(
      screen.getByText(
        'Abonnementet fornyes automatisk til kr 49,00 per måned, så lenge du er student.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Ingen bindingstid: du kan si opp når du vil på Min side.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bli studentabonnent' })).toHaveAttribute(
      'href',
      '/student-verifisering',
    );
    expect(
      screen.getByRole('link', { name: 'Går du på videregående? Bekreft at du er elev' }),
    ).toHaveAttribute('href', '/elev-verifisering');
  });

  it('/student2 in nynorsk: the yearly campaign, its own texts and price', async () => {
    serveApi([catalogueRoute(() => json(withStudentPlan))]);
    await renderWithState(<StudentOfferScreen />, {
      preloadedState: subscriberState(null),
      language: 'nn',
      namespaces: ['student'],
      route: '/student2',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Studieår med Fædrelandsvennen' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'kr 490,00 per år' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bli studentabonnent' })).toHaveAttribute(
      'href',
      '/student-verifisering2',
    );
  });

  it('says so when the title has no student plan', async () => {
    serveApi([catalogueRoute(() => json(withoutStudentPlan))]);
    await renderWithState(<StudentOfferScreen />, {
      preloadedState: subscriberState(null),
      namespaces: ['student'],
      route: '/student',
    });
    expect(
      await screen.findByText('Fædrelandsvennen har ikke et studenttilbud akkurat nå.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bli studentabonnent' })).toBeNull();
  });
});

describe('StudentVerificationScreen', () => {
  it('e-mail, a wrong code, the right code, then pays the monthly campaign', async () => {
    const calls = serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED'), () => json(quote())],
      register: sentOk,
      activate: (body) =>
        body.code === '123456'
          ? json({ result: 'ok', message: null, validUntil: '2027-11-27' })
          : json({ result: 'CODE_WRONG', message: 'Koden er feil' }),
    });
    const { user, actions } = await renderVerification();
    const email = await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ });
    await user.type(email, 'kari@student.uia.no');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Skriv inn koden' })).toHaveFocus();
    expect(
      screen.getByText(
        'Vi har sendt en kode på seks sifre til kari@student.uia.no (Universitetet i Agder). Den gjelder i 10 minutter.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send ny kode' })).toBeDisabled();
    expect(screen.getByText(/Du kan be om en ny kode om \d+ sekunder\./)).toBeVisible();

    const code = screen.getByRole('textbox', { name: /Kode/ });
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Koden er feil. Sjekk sifrene og prøv igjen.')).toBeVisible();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(
      await screen.findByText(
        'E-postadressen er bekreftet. Den gjelder til og med 27. november 2027.',
      ),
    ).toBeVisible();
    const facts = screen.getByRole('heading', { name: 'Betal og start abonnementet' });
    expect(facts).toHaveFocus();
    expect(screen.getByText('Student digital')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Vipps/ }));
    await user.click(screen.getByRole('button', { name: 'Betal kr 49,00' }));
    expect(actions.filter(startPurchase.match).map((a) => a.payload)).toEqual([
      {
        kind: 'new',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-STUDENT',
        period: 'Månedlig',
        paymentProvider: 'VIPPS',
      },
    ]);
    expect(await bodies(calls, 'POST', '/api/activate-student-subscription/')).toEqual([
      { email: 'kari@student.uia.no', code: '654321', titleCode: 'FVN' },
      { email: 'kari@student.uia.no', code: '123456', titleCode: 'FVN' },
    ]);
  });

  it('a verified reader goes straight to paying the yearly campaign (/student-verifisering2)', async () => {
    serve({ quoteAnswers: [() => json(quote('Årlig'))] });
    await renderVerification('/student-verifisering2');
    expect(await screen.findByRole('button', { name: 'Betal kr 490,00' })).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it.each([
    ['EMAIL_WRONG', 'Du må bruke e-postadressen du har fra universitetet eller høgskolen'],
    ['ARIA_ACTIVE', 'Du har allerede et aktivt abonnement'],
    ['USER_EXIST_ACTIVE', 'Denne e-postadressen er allerede bekreftet av en annen bruker'],
    ['ERROR', 'Noe gikk galt, og vi fikk ikke sendt koden. Prøv igjen om litt.'],
  ])('says %s in place, and stays on the e-mail step', async (result, text) => {
    serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: () => json({ result, message: null }),
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@gmail.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    const notice = await screen.findByText(text);
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Send kode' })).toBeEnabled();
  });

  it('INVALID_CODE offers a new code; USER_NOT_EXIST goes back to the e-mail', async () => {
    let activations = 0;
    serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: sentOk,
      activate: () =>
        json({ result: ++activations === 1 ? 'INVALID_CODE' : 'USER_NOT_EXIST', message: null }),
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await user.type(await screen.findByRole('textbox', { name: /Kode/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(
      await screen.findByText('Koden har utløpt eller er brukt. Be om en ny kode.'),
    ).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: /Kode/ }));
    await user.type(screen.getByRole('textbox', { name: /Kode/ }), '222222');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(
      await screen.findByText(
        'Vi finner ingen registrering for denne adressen. Skriv inn adressen på nytt, så sender vi en kode.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /E-postadresse fra studiestedet/ })).toBeVisible();
  });

  it('a field message for a code that is not six digits, without asking the server', async () => {
    const calls = serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: sentOk,
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await user.type(await screen.findByRole('textbox', { name: /Kode/ }), '12ab');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect((await screen.findAllByText('Koden har seks sifre')).length).toBeGreaterThan(0);
    expect(await bodies(calls, 'POST', '/api/activate-student-subscription/')).toEqual([]);
  });

  it('a rate-limited code says how long to wait', async () => {
    serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: () => problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '42' } }),
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(
      await screen.findByText(
        /Du har bedt om mange koder\. Vent \d+ sekunder før du prøver igjen\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send kode' })).toBeDisabled();
  });

  it('a wait of the hour is said as minutes and the clock time, not counted down in seconds', async () => {
    serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: () => problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '3000' } }),
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    const notice = await screen.findByText(
      /^Du har prøvd mange ganger på kort tid\. Vent 50 min \(til kl\. \d{2}[.:]\d{2}\) før du prøver igjen\.$/,
    );
    expect(notice).toBeVisible();
    expect(screen.queryByText(/sekunder/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send kode' })).toBeDisabled();
  });

  it('a new code refused for the hour says when, not thousands of seconds', async () => {
    let sent = 0;
    const calls = serve({
      quoteAnswers: [() => problem(400, 'STUDENT_VERIFICATION_REQUIRED')],
      register: () =>
        (sent += 1) === 1
          ? json({
              result: 'ok',
              message: null,
              resendAvailableAt: new Date(Date.now() - 1000).toISOString(),
            })
          : problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '1800' } }),
    });
    const { user } = await renderVerification();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await user.click(await screen.findByRole('button', { name: 'Send ny kode' }));
    expect(
      await screen.findByText(/Vent 30 min \(til kl\. \d{2}[.:]\d{2}\) før du prøver igjen\./),
    ).toBeVisible();
    expect(screen.queryByText(/om \d+ sekunder/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send ny kode' })).toBeDisabled();
    // Each send has a key of its own: the browser's repeat of one is answered by the first.
    const keys = idempotencyKeys(calls, 'POST', '/api/student-email/');
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a pupil names the school; under 18 the quote refuses after verifying (nynorsk)', async () => {
    const calls = serve({
      quoteAnswers: [
        () => problem(400, 'STUDENT_VERIFICATION_REQUIRED'),
        () => problem(422, 'AGE_BELOW_MINIMUM'),
      ],
      register: sentOk,
      activate: () => json({ result: 'ok', message: null, validUntil: '2027-11-27' }),
    });
    const { user } = await renderVerification('/elev-verifisering', 'nn');
    expect(screen.getByRole('heading', { level: 1, name: 'Stadfest at du er elev' })).toBeVisible();
    await user.type(
      await screen.findByRole('textbox', { name: /E-postadresse frå skulen/ }),
      'emma@osloskolen.no',
    );
    await user.type(screen.getByRole('textbox', { name: /Skule/ }), 'Elvebakken vgs');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await user.type(await screen.findByRole('textbox', { name: /Kode/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Stadfest' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(
      'Du må vere 18 år eller eldre for å kjøpe eit abonnement. Når du fyller 18, er du velkomen tilbake.',
    );
    expect(screen.queryByRole('button', { name: /Betal/ })).toBeNull();
    expect(await bodies(calls, 'POST', '/api/register-student/')).toEqual([
      {
        email: 'emma@osloskolen.no',
        institution: 'Elvebakken vgs',
        titleCode: 'FVN',
        kind: 'pupil',
      },
    ]);
    expect(await bodies(calls, 'POST', '/api/activate-student/')).toEqual([
      { code: '123456', titleCode: 'FVN' },
    ]);
  });

  it('a subscriber of the title is told so, with the way home', async () => {
    serve({ quoteAnswers: [() => problem(409, 'ALREADY_SUBSCRIBER')] });
    await renderVerification();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Du har allerede et abonnement på Fædrelandsvennen.');
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(within(notice).queryByRole('textbox')).toBeNull());
  });

  it('a student subscriber verifies again and keeps the student plan (no purchase)', async () => {
    const student = subscriptionWith({
      ariaPlanID: 'C-DIGITAL-STUDENT',
      planName: 'Student digital',
      price: 4900,
    });
    const calls = serve({
      quoteAnswers: [() => problem(409, 'ALREADY_SUBSCRIBER')],
      register: sentOk,
      activate: () => json({ result: 'ok', message: null, validUntil: '2027-11-27' }),
      lookup: student,
    });
    const { user, actions } = await renderWithState(<StudentVerificationScreen />, {
      preloadedState: subscriberState(student),
      namespaces: ['student'],
      route: '/student-verifisering',
    });
    expect(
      await screen.findByText(
        'Du har studentabonnementet. Bekreft at du fortsatt studerer, så beholder du studentprisen et år til.',
      ),
    ).toBeVisible();
    await user.type(
      screen.getByRole('textbox', { name: /E-postadresse fra studiestedet/ }),
      'kari@student.uia.no',
    );
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await user.type(await screen.findByRole('textbox', { name: /Kode/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    const done = await screen.findByText(
      'Du er bekreftet som student til og med 27. november 2027.',
    );
    expect(done.closest('[role="status"]')).toHaveFocus();
    expect(
      screen.getByText('Studentabonnementet fortsetter som før, til samme pris.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(actions.filter(startPurchase.match)).toEqual([]);
    // The subscription is read again (the change announced for the lapse is gone).
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).not.toHaveLength(0),
    );
  });
});
