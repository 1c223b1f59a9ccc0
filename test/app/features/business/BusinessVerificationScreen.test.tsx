// /bedrift?invitasjon=…: the invited employee confirms; signed in with the invited address it is
// done at once, otherwise a code goes to the invited address (wrong codes count down to five, a
// dead code asks for a new one, a new code can be asked for). On ok the subscription is read
// again and the page says what the reader has now. Every verification result code (requirements §4) has
// its message and next step; the focus follows each step; a double click sends once.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { BusinessVerificationResult } from '../../../../src/app/api/business';
import BusinessVerificationScreen from '../../../../src/app/features/business/BusinessVerificationScreen';
import type { RootState } from '../../../../src/app/store/store';
import { subscriberState, subscriptionWith } from '../../fixtures';
import {
  bodies,
  IDEMPOTENCY_KEY,
  idempotencyKeys,
  json,
  problem,
  renderWithState,
  route,
  serveApi,
} from '../../render';

const TOKEN = 'tok_3q2-7wEjR0y3xW4nB1r8';

const answer = (result: BusinessVerificationResult['result']) =>
  json({
    result,
    companyName: result === 'REQUEST_MISSING_VALUES' ? null : 'Sørlandet Regnskap AS',
    maskedEmail: result === 'REQUEST_MISSING_VALUES' ? null : 'n********@bedrift.no',
  });

const verifyRoute = (reply: (body: { token?: string; code?: string }) => Response) =>
  route('POST', '/api/business/verification', async (request) =>
    reply((await request.json()) as { token?: string; code?: string }),
  );
let codes = 0;
const codeRoute = (reply: () => Response = () => sent()) =>
  route('POST', '/api/business/verification/code', reply);
const sent = () => {
  codes += 1;
  return json(
    {
      sentTo: 'n********@bedrift.no',
      expiresAt: new Date(Date.now() + codes * 600_000).toISOString(),
    },
    202,
  );
};
const seat = subscriptionWith({
  planName: 'Bedrift',
  features: ['content', 'e-paper'],
  isPaying: false,
  paymentMethod: null,
  subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' },
});
const subscriptionRoute = route('GET', '/api/subscription/A-2001/FVN', () =>
  json({ subscription: seat, error: null }),
);

const renderScreen = (
  route = `/bedrift?invitasjon=${TOKEN}`,
  state: Partial<RootState> = subscriberState(null),
  language: 'nb' | 'nn' = 'nb',
) =>
  renderWithState(<BusinessVerificationScreen />, {
    preloadedState: state,
    language,
    route,
    namespaces: ['business'],
  });

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const codeField = () => screen.getByRole('textbox', { name: 'Kode fra e-posten' });

async function toCodeStep(user: Awaited<ReturnType<typeof renderScreen>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
  await stepHeading('Bekreft med en kode');
  await user.click(screen.getByRole('button', { name: 'Send kode til n********@bedrift.no' }));
  return stepHeading('Skriv inn koden');
}

describe('BusinessVerificationScreen', () => {
  it('confirms by the signed-in address, reads the subscription again and says what the reader has', async () => {
    const calls = serveApi([verifyRoute(() => answer('ok')), subscriptionRoute]);
    const { user, store } = await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Invitasjon fra bedriften' }),
    ).toBeVisible();
    expect(screen.getByText(/invitert deg til å lese Fædrelandsvennen/)).toBeVisible();
    expect(screen.getByText('Du er logget inn som kari@example.no.')).toBeVisible();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    const done = await stepHeading('Du har tilgang');
    await waitFor(() => expect(done).toHaveFocus());
    expect(await bodies(calls, 'POST', '/api/business/verification')).toEqual([{ token: TOKEN }]);
    expect(
      screen.getByText(
        'Nå leser du Fædrelandsvennen gjennom bedriftsabonnementet til Sørlandet Regnskap AS. Bedriften betaler, og du trenger ikke gjøre noe mer.',
      ),
    ).toBeVisible();
    const facts = screen.getByText('Abonnement', { selector: 'dt' }).closest('dl')!;
    expect(facts).toHaveTextContent('AbonnementBedrift');
    expect(facts).toHaveTextContent('Dette er inkludertAlt innhold på nett og i appen, E-avis');
    expect(facts).toHaveTextContent('Betales avSørlandet Regnskap AS');
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(store.getState().subscription).toMatchObject({
      hasSubscription: true,
      subscription: { planName: 'Bedrift' },
    });
  });

  it('sends a code to the invited address when signed in with another, and verifies with it', async () => {
    codes = 0;
    const calls = serveApi([
      verifyRoute((body) =>
        !body.code ? answer('CODE_REQUIRED') : answer(body.code === '482913' ? 'ok' : 'CODE_WRONG'),
      ),
      codeRoute(),
      subscriptionRoute,
    ]);
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    const heading = await stepHeading('Bekreft med en kode');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(
        'Invitasjonen fra Sørlandet Regnskap AS ble sendt til n********@bedrift.no, men du er logget inn som kari@example.no. Vi sender en kode på e-post til n********@bedrift.no, så du kan bekrefte at adressen er din.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send kode til n********@bedrift.no' }));
    const codeHeading = await stepHeading('Skriv inn koden');
    await waitFor(() => expect(codeHeading).toHaveFocus());
    expect(await bodies(calls, 'POST', '/api/business/verification/code')).toEqual([
      { token: TOKEN },
    ]);
    expect(idempotencyKeys(calls, 'POST', '/api/business/verification/code')).toEqual([
      expect.stringMatching(IDEMPOTENCY_KEY),
    ]);
    expect(
      screen.getByText(
        /^Vi har sendt en kode på e-post til n\*\*\*\*\*\*\*\*@bedrift\.no\. Koden gjelder til kl\. \d\d:\d\d\.$/,
      ),
    ).toBeVisible();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');

    await user.type(codeField(), '111 111');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await screen.findByText('Du har 4 forsøk igjen.');
    expect(codeField()).toHaveAccessibleDescription(
      /Koden stemmer ikke\. Sjekk e-posten og prøv igjen\.$/,
    );
    await user.clear(codeField());
    await user.type(codeField(), '482913');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await stepHeading('Du har tilgang');
    expect((await bodies(calls, 'POST', '/api/business/verification')).slice(1)).toEqual([
      { token: TOKEN, code: '111111' },
      { token: TOKEN, code: '482913' },
    ]);
  });

  it('checks the code format before sending it', async () => {
    codes = 0;
    const calls = serveApi([verifyRoute(() => answer('CODE_REQUIRED')), codeRoute()]);
    const { user } = await renderScreen();
    await toCodeStep(user);
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(/Koden må være seks siffer$/),
    );
    expect(await bodies(calls, 'POST', '/api/business/verification')).toHaveLength(1);
  });

  it('locks the code after five wrong, and a new code starts afresh', async () => {
    codes = 0;
    serveApi([
      verifyRoute((body) => answer(body.code ? 'CODE_WRONG' : 'CODE_REQUIRED')),
      codeRoute(),
    ]);
    const { user } = await renderScreen();
    await toCodeStep(user);
    for (let i = 1; i <= 5; i++) {
      await user.clear(codeField());
      await user.type(codeField(), '000000');
      await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
      if (i < 5) await screen.findByText(`Du har ${5 - i} forsøk igjen.`);
    }
    const locked = await screen.findByRole('alert');
    expect(locked).toHaveTextContent('Du har skrevet feil kode fem ganger, så koden er sperret.');
    await waitFor(() => expect(locked).toHaveFocus());
    expect(codeField()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bekreft koden' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send ny kode' }));
    const notice = await screen.findByText(
      'Vi har sendt en ny kode til n********@bedrift.no. Bruk den nyeste koden.',
    );
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
    expect(codeField()).toBeEnabled();
    expect(screen.queryByText(/forsøk igjen/)).toBeNull();
  });

  it('asks for a new code when the code is dead, and says how long to wait when asked too often', async () => {
    codes = 0;
    let asked = 0;
    serveApi([
      verifyRoute((body) => answer(body.code ? 'CODE_EXPIRED' : 'CODE_REQUIRED')),
      codeRoute(() =>
        ++asked > 1 ? problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '90' } }) : sent(),
      ),
    ]);
    const { user } = await renderScreen();
    await toCodeStep(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    const dead = await screen.findByRole('alert');
    expect(dead).toHaveTextContent('Koden er utløpt eller brukt. En kode gjelder i 10 minutter.');
    await user.click(screen.getByRole('button', { name: 'Send ny kode' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) =>
            /^Du har prøvd mange ganger på kort tid\. Vent 2 min/.test(a.textContent ?? ''),
          ),
      ).toBe(true),
    );
  });

  it.each([
    [
      'USER_HAS_ACTIVE_SUB',
      'Du har allerede tilgang',
      /^Du har allerede et abonnement med tilgang til Fædrelandsvennen/,
      'Tilbake til Min side',
    ],
    [
      'USER_IS_ACTIVE',
      'Invitasjonen er allerede brukt',
      /be administratoren i Sørlandet Regnskap AS om en ny invitasjon\.$/,
      'Tilbake til Min side',
    ],
    [
      'EMAIL_DOES_NOT_EXIST',
      'Vi finner ikke invitasjonen',
      /^Invitasjonen kan være fjernet, eller erstattet av en nyere e-post\./,
      'Tilbake til Min side',
    ],
    [
      'LINK_EXPIRED',
      'Lenken er utløpt',
      /Be administratoren i Sørlandet Regnskap AS om å sende invitasjonen på nytt\.$/,
      'Tilbake til Min side',
    ],
    [
      'NO_SPID_FOUND',
      'Vi finner ikke brukeren din',
      /^Innloggingstjenesten kjenner ikke igjen brukeren/,
      'Logg ut',
    ],
    [
      'ERROR_IN_CREATING_ACCOUNT',
      'Vi fikk ikke opprettet kundeforholdet ditt',
      /^Noe gikk galt da vi skulle opprette kundeforholdet ditt hos Fædrelandsvennen\./,
      'Prøv på nytt',
    ],
    [
      'AMPS_RETURNED_NULL',
      'Vi fikk ikke lagt til abonnementet',
      /^Vi fikk ikke lagt til bedriftsabonnementet på Fædrelandsvennen akkurat nå\./,
      'Kontakt kundeservice',
    ],
    [
      'REQUEST_MISSING_VALUES',
      'Lenken er ufullstendig',
      /^Lenken mangler invitasjonen\./,
      'Tilbake til Min side',
    ],
    [
      'CODE_EXPIRED',
      'Koden kan ikke brukes',
      /^Koden er utløpt eller brukt\. Start på nytt/,
      'Prøv på nytt',
    ],
  ] as const)('explains the result %s with the next step', async (result, heading, text, next) => {
    serveApi([verifyRoute(() => answer(result))]);
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    const stop = await stepHeading(heading);
    await waitFor(() => expect(stop).toHaveFocus());
    const section = stop.closest('section')!;
    expect(within(section).getByText(text)).toBeVisible();
    expect(
      within(section).getByRole(next === 'Logg ut' || next === 'Prøv på nytt' ? 'button' : 'link', {
        name: next,
      }),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('starts over after a failure that may pass', async () => {
    let tries = 0;
    serveApi([
      verifyRoute(() => answer(++tries === 1 ? 'ERROR_IN_CREATING_ACCOUNT' : 'ok')),
      subscriptionRoute,
    ]);
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    await user.click(await screen.findByRole('button', { name: 'Prøv på nytt' }));
    const start = await stepHeading('Bekreft invitasjonen');
    await waitFor(() => expect(start).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    expect(await stepHeading('Du har tilgang')).toBeVisible();
  });

  it.each([
    [404, 'BUSINESS_INVITATION_NOT_FOUND', 'Vi finner ikke invitasjonen'],
    [409, 'BUSINESS_INVITATION_USED', 'Invitasjonen er allerede brukt'],
    [409, 'BUSINESS_INVITATION_EXPIRED', 'Lenken er utløpt'],
  ])('explains a code refused with %s %s', async (status, code, heading) => {
    serveApi([verifyRoute(() => answer('CODE_REQUIRED')), codeRoute(() => problem(status, code))]);
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Bekreft invitasjonen' }));
    await stepHeading('Bekreft med en kode');
    await user.click(screen.getByRole('button', { name: 'Send kode til n********@bedrift.no' }));
    expect(await stepHeading(heading)).toBeVisible();
  });

  it.each([
    ['/bedrift', 'no invitation'],
    ['/bedrift?invitasjon=', 'an empty one'],
    ['/bedrift?invitasjon=ikke%20gyldig%3F', 'one that is not a token'],
  ])('says the link is incomplete for %s (%s), asking the server nothing', async (route) => {
    const calls = serveApi([]);
    await renderScreen(route);
    expect(screen.getByRole('heading', { level: 2, name: 'Lenken er ufullstendig' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bekreft invitasjonen' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('sends one verification for a double click, and words a failure', async () => {
    let release: () => void = () => {};
    const calls = serveApi([verifyRoute(() => problem(500, 'INTERNAL_ERROR'))]);
    globalThis.fetch = ((original) => async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return original(input, init);
    })(globalThis.fetch);
    const { user } = await renderScreen();
    const confirm = screen.getByRole('button', { name: 'Bekreft invitasjonen' });
    await user.dblClick(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(screen.getByText('Bekrefter …')).toBeVisible();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Noe gikk galt/);
    expect(calls).toHaveLength(1);
    expect(confirm).toBeEnabled();
  });

  it('reads in nynorsk', async () => {
    serveApi([verifyRoute(() => answer('USER_IS_ACTIVE'))]);
    const { user } = await renderScreen(
      `/bedrift?invitasjon=${TOKEN}`,
      subscriberState(null),
      'nn',
    );
    expect(screen.getByText('Du er logga inn som kari@example.no.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stadfest invitasjonen' }));
    expect(await stepHeading('Invitasjonen er allereie brukt')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toBeVisible();
  });
});
