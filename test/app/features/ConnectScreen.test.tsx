// /koble-bruker: search by e-mail or phone (the same answer whether or not anything matched),
// the SMS code with its rules (wrong, locked after five, expired, resend, rate limit), connect
// with the token, and the subscription reloaded into the store.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import ConnectScreen from '../../../src/app/features/connect/ConnectScreen';
import type { RootState } from '../../../src/app/store/store';
import { subscriberState, subscriptionWith } from '../fixtures';
import {
  type Answer,
  bodies,
  IDEMPOTENCY_KEY,
  idempotencyKeys,
  json,
  problem,
  renderWithState,
  route,
  serveApi,
} from '../render';

const FUTURE = new Date(Date.now() + 10 * 60_000).toISOString();
const PAST = new Date(Date.now() - 60_000).toISOString();

let verifications = 0;
const accepted = (expiresAt = FUTURE) =>
  json({ verificationId: `v-${++verifications}`, maskedPhone: null, expiresAt }, 202);

const searchRoute = (answer: Answer = () => accepted()) =>
  route('POST', '/api/search-account', answer);
const verifyRoute = (answer: Answer) => route('POST', '/api/verify/', answer);
const assignRoute = (answer: Answer) => route('PUT', '/api/account/assign', answer);
const subscriptionRoute = route('GET', '/api/subscription/A-3001/FVN', () =>
  json({ subscription: subscriptionWith({ ariaAccountNo: 'A-3001' }), error: null }),
);

const assigned = () =>
  json({
    ariaAccountNo: 'A-3001',
    spidId: 'u-1',
    accountBalance: 0,
    firstTitleCode: 'FVN',
    currency: 'NOK',
    createdAt: '2026-03-10T09:00:00Z',
  });

const ok = () => json({ result: 'ok', connectToken: 'ct_token' });

const renderScreen = (
  state: Partial<RootState> = subscriberState(null),
  language: 'nb' | 'nn' = 'nb',
) =>
  renderWithState(<ConnectScreen />, {
    preloadedState: state,
    language,
    namespaces: ['connect'],
  });

async function searchByEmail(user: Awaited<ReturnType<typeof renderScreen>>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'E-postadresse' }), 'kari@example.no');
  await user.click(screen.getByRole('button', { name: 'Send kode' }));
  return screen.findByRole('heading', { level: 2, name: 'Skriv inn koden' });
}

const codeField = () => screen.getByRole('textbox', { name: 'Kode fra SMS' });

describe('ConnectScreen', () => {
  it('finds by phone, verifies the code, connects and reloads the subscription', async () => {
    const calls = serveApi([
      searchRoute(),
      verifyRoute(ok),
      assignRoute(assigned),
      subscriptionRoute,
    ]);
    const { user, store } = await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Koble abonnement til brukeren din' }),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Telefonnummer' }));
    await user.type(screen.getByRole('textbox', { name: 'Telefonnummer' }), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Skriv inn koden' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(
        'Hvis vi fant et abonnement, har vi sendt en kode på SMS til telefonnummeret som står på det.',
      ),
    ).toBeVisible();
    expect(await bodies(calls, 'POST', '/api/search-account')).toEqual([
      { phone: '+4791234567', titleCode: 'FVN' },
    ]);
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));

    const done = await screen.findByRole('heading', {
      level: 2,
      name: 'Abonnementet er koblet til brukeren din',
    });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(await bodies(calls, 'POST', '/api/verify/')).toEqual([
      { verificationId: expect.stringMatching(/^v-/), code: '123456' },
    ]);
    expect(await bodies(calls, 'PUT', '/api/account/assign')).toEqual([
      { connectToken: 'ct_token' },
    ]);
    expect(store.getState().subscription).toMatchObject({
      hasSubscription: true,
      subscription: { ariaAccountNo: 'A-3001' },
    });
    expect(store.getState().account.ariaAccountNo).toBe('A-3001');
  });

  it('checks the e-mail and the phone with the messages of requirements §5', async () => {
    const calls = serveApi([]);
    const { user } = await renderScreen();
    const send = screen.getByRole('button', { name: 'Send kode' });
    await user.click(send);
    const email = screen.getByRole('textbox', { name: 'E-postadresse' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/E-postadresse er påkrevd$/));
    await user.type(email, 'kari@');
    await user.click(send);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/Vennligst skriv en gyldig e-postadresse$/),
    );

    await user.click(screen.getByRole('radio', { name: 'Telefonnummer' }));
    const phone = screen.getByRole('textbox', { name: 'Telefonnummer' });
    await user.type(phone, '12 34');
    await user.click(send);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Telefonnummeret er ugyldig$/));
    const summary = screen.getByRole('heading', { name: 'Sjekk dette før du går videre:' });
    expect(summary.closest('.ds-error-summary')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('says how long to wait when too many codes were asked for', async () => {
    serveApi([
      searchRoute(() => problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '125' } })),
    ]);
    const { user } = await renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'E-postadresse' }), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Du har prøvd mange ganger på kort tid\. Vent 3 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Finn abonnementet' })).toBeVisible();
  });

  it('counts wrong codes down, locks after five, and a new code starts afresh', async () => {
    const calls = serveApi([
      searchRoute(),
      verifyRoute(async (request) => {
        const { verificationId, code } = (await request.json()) as Record<string, string>;
        return verificationId === 'v-2' || code !== '999999'
          ? problem(400, 'VERIFICATION_CODE_WRONG')
          : ok();
      }),
    ]);
    verifications = 0;
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(/Koden må være seks siffer$/),
    );

    for (let i = 1; i <= 4; i++) {
      await user.clear(codeField());
      await user.type(codeField(), '000000');
      await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
      await screen.findByText(`Du har ${5 - i} forsøk igjen.`);
      expect(codeField()).toHaveAccessibleDescription(
        /Koden stemmer ikke\. Sjekk SMS-en og prøv igjen\.$/,
      );
    }
    await user.clear(codeField());
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    const locked = await screen.findByRole('alert');
    expect(locked).toHaveTextContent('Du har skrevet feil kode fem ganger, så koden er sperret.');
    await waitFor(() => expect(locked).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Bekreft koden' })).toBeDisabled();
    expect(codeField()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send koden på nytt' }));
    const notice = await screen.findByText(/har vi sendt en ny kode på SMS/);
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
    expect(codeField()).toBeEnabled();
    expect(screen.queryByText(/forsøk igjen/)).not.toBeInTheDocument();
    expect(await bodies(calls, 'POST', '/api/search-account')).toEqual([
      { email: 'kari@example.no', titleCode: 'FVN' },
      { email: 'kari@example.no', titleCode: 'FVN' },
    ]);
    // Each send has a key of its own: a repeat of one send by the browser sends no second SMS,
    // and the resend is a send of its own.
    const keys = idempotencyKeys(calls, 'POST', '/api/search-account');
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY);
    expect(keys[0]).not.toBe(keys[1]);
    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await screen.findByText('Du har 4 forsøk igjen.');
    const verified = await bodies(calls, 'POST', '/api/verify/');
    expect(verified.at(-1)).toEqual({ verificationId: 'v-2', code: '111111' });
  });

  it('tells an expired code from one that cannot be used for another reason', async () => {
    serveApi([
      searchRoute(() => accepted(PAST)),
      verifyRoute(() => problem(404, 'VERIFICATION_NOT_FOUND')),
    ]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koden er utløpt. En kode gjelder i 10 minutter.',
    );
  });

  it('says a code no longer valid before its expiry cannot be used', async () => {
    serveApi([searchRoute(), verifyRoute(() => problem(404, 'VERIFICATION_NOT_FOUND'))]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Koden kan ikke brukes lenger.');
  });

  it('a resend refused by the rate limit says how long to wait', async () => {
    let searches = 0;
    serveApi([
      searchRoute(() =>
        ++searches > 1
          ? problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '40' } })
          : accepted(),
      ),
    ]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.click(screen.getByRole('button', { name: 'Send koden på nytt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Vent 1 min \(til kl\./);
    expect(codeField()).toBeEnabled();
  });

  it.each([
    ['USER_HAS_ACTIVE_SUB', 'Du har allerede et aktivt abonnement på denne avisen'],
    ['USER_IS_ACTIVE', 'Abonnementet er knyttet til en annen bruker som er i bruk.'],
    ['EMAIL_DOES_NOT_EXIST', 'Vi kunne ikke koble til et abonnement med opplysningene du oppga.'],
    ['NO_SPID_FOUND', 'Vi fant ikke brukeren abonnementet skal flyttes fra.'],
    ['ERROR_IN_CREATING_ACCOUNT', 'Vi fikk ikke opprettet kontoen'],
    ['AMPS_RETURNED_NULL', 'Abonnementssystemet svarte ikke.'],
    ['REQUEST_MISSING_VALUES', 'Det manglet opplysninger for å koble til abonnementet.'],
  ])('explains the verify result %s and connects nothing', async (result, message) => {
    const calls = serveApi([
      searchRoute(),
      verifyRoute(() => json({ result, connectToken: null })),
    ]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Vi kunne ikke koble til abonnementet',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(new RegExp(`^${message}`))).toBeVisible();
    expect(calls.some((c) => c.url.includes('/account/assign'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start på nytt' }));
    expect(screen.getByRole('textbox', { name: 'E-postadresse' })).toHaveValue('kari@example.no');
  });

  it.each([
    ['CONNECT_TOKEN_INVALID', 404, 'Tilkoblingen ble ikke fullført i tide.'],
    ['ACCOUNT_ALREADY_ASSIGNED', 409, 'Abonnementet er allerede koblet til en bruker.'],
  ])('explains an assign refused with %s', async (code, status, message) => {
    serveApi([searchRoute(), verifyRoute(ok), assignRoute(() => problem(status, code))]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await screen.findByRole('heading', { level: 2, name: 'Vi kunne ikke koble til abonnementet' });
    expect(screen.getByText(new RegExp(`^${message}`))).toBeVisible();
  });

  it('tries the connect again after a failure, with the same token', async () => {
    let assigns = 0;
    const calls = serveApi([
      searchRoute(),
      verifyRoute(ok),
      assignRoute(() => (++assigns === 1 ? problem(500, 'INTERNAL_ERROR') : assigned())),
      subscriptionRoute,
    ]);
    const { user } = await renderScreen();
    await searchByEmail(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke koblet til abonnementet akkurat nå.');
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    await screen.findByRole('heading', {
      level: 2,
      name: 'Abonnementet er koblet til brukeren din',
    });
    expect(await bodies(calls, 'PUT', '/api/account/assign')).toEqual([
      { connectToken: 'ct_token' },
      { connectToken: 'ct_token' },
    ]);
  });

  it('sends one search for a double click, with progress shown', async () => {
    let release: () => void = () => {};
    const calls = serveApi([
      searchRoute(
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(accepted());
          }),
      ),
    ]);
    const { user } = await renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'E-postadresse' }), 'kari@example.no');
    const send = screen.getByRole('button', { name: 'Send kode' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Søker …');
    await user.click(send);
    release();
    await screen.findByRole('heading', { level: 2, name: 'Skriv inn koden' });
    expect(calls.filter((c) => c.url.includes('/search-account'))).toHaveLength(1);
  });

  it('says there is nothing to connect for a subscriber of the title', async () => {
    const calls = serveApi([]);
    await renderScreen(subscriberState());
    expect(
      screen.getByText(
        'Du har allerede et aktivt abonnement på Fædrelandsvennen på denne brukeren, så det er ikke noe å koble til.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send kode' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('reads in nynorsk', async () => {
    serveApi([searchRoute()]);
    const { user } = await renderScreen(subscriberState(null), 'nn');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kople abonnement til brukaren din' }),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'E-postadresse' }), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await screen.findByRole('heading', { level: 2, name: 'Skriv inn koden' });
    expect(
      screen.getByText(
        'Dersom vi fann eit abonnement, har vi sendt ein kode på SMS til telefonnummeret som står på det.',
      ),
    ).toBeVisible();
  });
});
