// /verifiser-familiemedlem?token=…: who invited the reader and to what, accept (one request for a
// double click, the subscription read again, on to /deling-akseptert) or decline; each state of
// the link (expired, already used, withdrawn, declined, unknown, missing) and every refusal of
// accepting mapped to a clear Norwegian message; an own active subscription with the choice to
// keep it; failures that can be tried again; nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';

import type { FamilyInvitationPreview } from '../../../../src/app/api/family';
import VerifyFamilyMemberScreen from '../../../../src/app/features/family-sharing/VerifyFamilyMemberScreen';
import { subscriberState, subscriptionWith } from '../../fixtures';
import {
  bodies,
  callsTo,
  held,
  json,
  problem,
  renderWithState,
  route,
  serveApi,
} from '../../render';
import { lookupRoute } from '../lifecycle-support';

import { preview } from './family-support';

const PREVIEW = '/api/family-invitations/preview';
const ACCEPT = '/api/family-invitations/accept';
const DECLINE = '/api/family-invitations/decline';
const TOKEN = 'fi_Xq3v9bN2kLmP0sT7wY4zA1cD6eF8gH5jK2nR9uV0xZ3';

const share = subscriptionWith({
  eligibleForSharing: false,
  instStatusCode: 61,
  status: 'ACTIVE_NON_BILLABLE',
  planName: 'Premium digital',
  features: ['content', 'e-paper'],
  paymentMethod: null,
});

const previewRoute = (answer: () => FamilyInvitationPreview | Response) =>
  route('POST', PREVIEW, () => {
    const value = answer();
    return value instanceof Response ? value : json(value);
  });

/** Rendered inside the routes, so the way on to /deling-akseptert can be seen. */
const renderScreen = (
  path = `/verifiser-familiemedlem?token=${TOKEN}`,
  language: 'nb' | 'nn' = 'nb',
) =>
  renderWithState(
    <Routes>
      <Route path="/verifiser-familiemedlem" element={<VerifyFamilyMemberScreen />} />
      <Route path="/deling-akseptert" element={<h1>Deling akseptert</h1>} />
    </Routes>,
    {
      // Signed in, without a subscription to the title (the usual invitee).
      preloadedState: subscriberState(null),
      language,
      namespaces: ['family-sharing'],
      route: path,
    },
  );

describe('VerifyFamilyMemberScreen', () => {
  it('shows who invited the reader and to what, accepts once and goes on to /deling-akseptert', async () => {
    const answer = held(() => json(share));
    let accepted = false;
    const calls = serveApi([
      previewRoute(() => preview()),
      route('POST', ACCEPT, () => {
        accepted = true;
        return answer.answer();
      }),
      lookupRoute(() => (accepted ? share : null)),
    ]);
    const { user, store } = await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Invitasjon til familiedeling' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Dag Digital vil dele Fædrelandsvennen med deg',
      }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du er invitert til familiedelingen i abonnementet Premium digital. Takker du ja, får du tilgang med brukeren du er logget inn med.',
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Dette får du' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alt innhold på nett og i appen', 'E-avis']);
    expect(
      screen.getByText('Det koster deg ingenting. Dag Digital betaler for abonnementet.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du er logget inn som kari@example.no. Er det feil bruker, logger du ut og åpner lenken på nytt.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Invitasjonen gjelder til og med 17. mars 2026.')).toBeVisible();
    // The token travels in the body only.
    expect(await bodies(calls, 'POST', PREVIEW)).toEqual([{ token: TOKEN }]);

    const join = screen.getByRole('button', { name: 'Ja, bli med' });
    await user.click(join);
    await waitFor(() => expect(join).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Nei takk' })).toBeDisabled();
    expect(screen.getByText('Legger deg til …')).toBeVisible();
    await user.click(join);
    answer.release();

    expect(await screen.findByRole('heading', { name: 'Deling akseptert' })).toBeVisible();
    expect(await bodies(calls, 'POST', ACCEPT)).toEqual([{ token: TOKEN }]);
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription).toMatchObject({
      hasSubscription: true,
      subscription: { eligibleForSharing: false },
    });
    // The preview is not asked for again behind the reader's back.
    expect(callsTo(calls, 'POST', PREVIEW)).toHaveLength(1);
  });

  it('says the reader has joined, with a link that loads the page anew, when the subscription could not be read', async () => {
    serveApi([
      previewRoute(() => preview()),
      route('POST', ACCEPT, () => json(share)),
      route('GET', '/api/subscription/A-2001/FVN', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Ja, bli med' }));
    const heading = await screen.findByRole('heading', { name: 'Du er med i familiedelingen' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Se hva du har fått' })).toHaveAttribute(
      'href',
      '/deling-akseptert',
    );
  });

  it('declines, and says the inviter is told', async () => {
    const calls = serveApi([
      previewRoute(() => preview()),
      route('POST', DECLINE, () => json(preview({ state: 'declined' }))),
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Nei takk' }));
    const heading = await screen.findByRole('heading', { name: 'Du har takket nei' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Dag Digital får beskjed om at du takket nei.')).toBeVisible();
    expect(await bodies(calls, 'POST', DECLINE)).toEqual([{ token: TOKEN }]);
    expect(callsTo(calls, 'POST', ACCEPT)).toHaveLength(0);
  });

  it('tells a reader with an own active subscription, and lets them keep it', async () => {
    const calls = serveApi([
      previewRoute(() => preview({ hasOwnActiveSubscription: true })),
      route('POST', DECLINE, () => json(preview({ state: 'declined' }))),
    ]);
    const { user } = await renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Du har allerede et aktivt abonnement' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du har allerede et aktivt abonnement på Fædrelandsvennen med brukeren du er logget inn med.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/Vil du beholde ditt eget, takker du nei/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ja, bli med' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Behold mitt eget abonnement' }));
    const heading = await screen.findByRole('heading', { name: 'Du har takket nei' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Du beholder ditt eget abonnement på Fædrelandsvennen.')).toBeVisible();
    expect(callsTo(calls, 'POST', DECLINE)).toHaveLength(1);
  });

  it.each([
    [
      'expired',
      'Invitasjonen har gått ut',
      'Lenken i invitasjonen gjaldt i 7 dager og virker ikke lenger. Be Dag Digital om å sende invitasjonen på nytt.',
    ],
    [
      'used',
      'Invitasjonen er allerede brukt',
      'En invitasjon kan bare brukes én gang. Har du allerede takket ja, finner du abonnementet på Min side.',
    ],
    [
      'withdrawn',
      'Invitasjonen er trukket tilbake',
      'Dag Digital har trukket tilbake invitasjonen, så lenken virker ikke lenger. Ta kontakt med Dag Digital hvis du tror det er en feil.',
    ],
    [
      'declined',
      'Invitasjonen er avslått',
      'Det er takket nei til denne invitasjonen. Vil du likevel bli med, kan Dag Digital sende en ny.',
    ],
  ] as const)(
    'says what a link in the state %s means, with nothing to accept',
    async (state, heading, text) => {
      serveApi([previewRoute(() => preview({ state }))]);
      await renderScreen();
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeVisible();
      expect(screen.getByText(text)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Ja, bli med' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
        'href',
        '/kundeservice',
      );
    },
  );

  it.each([
    ['FAMILY_INVITATION_EXPIRED', 409, 'Invitasjonen har gått ut'],
    ['FAMILY_INVITATION_USED', 409, 'Invitasjonen er allerede brukt'],
    ['FAMILY_INVITATION_WITHDRAWN', 409, 'Invitasjonen er trukket tilbake'],
    ['FAMILY_INVITATION_DECLINED', 409, 'Invitasjonen er avslått'],
    ['FAMILY_ACTIVE_SUBSCRIPTION', 409, 'Du har allerede et aktivt abonnement'],
    ['FAMILY_FULL', 409, 'Familiedelingen er full'],
    ['FAMILY_INVITE_SELF', 409, 'Dette er din egen invitasjon'],
    ['FAMILY_SHARING_ENDED', 409, 'Abonnementet deles ikke lenger'],
    ['FAMILY_INVITATION_NOT_FOUND', 404, 'Vi finner ikke invitasjonen'],
  ])('moves on to the message of the refusal %s, in focus', async (code, status, heading) => {
    serveApi([previewRoute(() => preview()), route('POST', ACCEPT, () => problem(status, code))]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Ja, bli med' }));
    const outcome = await screen.findByRole('heading', { level: 2, name: heading });
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Ja, bli med' })).not.toBeInTheDocument();
  });

  it.each([
    [
      problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '120' } }),
      /^Du har prøvd mange ganger på kort tid\. Vent 2 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    ],
    [
      problem(500, 'INTERNAL_ERROR'),
      'Vi fikk ikke lagt deg til i familiedelingen akkurat nå. Prøv igjen om litt.',
    ],
  ])(
    'keeps the offer when accepting can be tried again (%#), and says why in focus',
    async (answer, text) => {
      let failing = true;
      serveApi([
        previewRoute(() => preview()),
        route('POST', ACCEPT, () => (failing ? answer.clone() : json(share))),
        lookupRoute(() => share),
      ]);
      const { user } = await renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Ja, bli med' }));
      const notice = await screen.findByText(text);
      await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
      failing = false;
      await user.click(screen.getByRole('button', { name: 'Ja, bli med' }));
      expect(await screen.findByRole('heading', { name: 'Deling akseptert' })).toBeVisible();
    },
  );

  it('says when the link is unknown, or replaced by a newer invitation', async () => {
    serveApi([previewRoute(() => problem(404, 'FAMILY_INVITATION_NOT_FOUND'))]);
    await renderScreen();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Vi finner ikke invitasjonen' }),
    ).toBeVisible();
    expect(screen.getByText(/Bruk lenken i den nyeste invitasjonen du har fått\./)).toBeVisible();
  });

  it('says when the invitation could not be read, and tries again', async () => {
    let failing = true;
    serveApi([previewRoute(() => (failing ? problem(500, 'INTERNAL_ERROR') : preview()))]);
    const { user } = await renderScreen();
    expect(await screen.findByRole('heading', { level: 2, name: 'Noe gikk galt' })).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Dag Digital vil dele Fædrelandsvennen med deg',
      }),
    ).toBeVisible();
  });

  it('says when reading the invitation was tried too often, and for how long', async () => {
    serveApi([
      previewRoute(() => problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '300' } })),
    ]);
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'For mange forsøk' })).toBeVisible();
    expect(
      screen.getByText(
        /^Du har prøvd mange ganger på kort tid\. Vent 5 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
      ),
    ).toBeVisible();
  });

  it('says when the link has no token, without asking the server', async () => {
    const calls = serveApi([]);
    await renderScreen('/verifiser-familiemedlem');
    expect(screen.getByRole('heading', { level: 2, name: 'Lenken er ufullstendig' })).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('reads in nynorsk', async () => {
    serveApi([previewRoute(() => preview())]);
    await renderScreen(undefined, 'nn');
    expect(
      await screen.findByRole('heading', { name: 'Dag Digital vil dele Fædrelandsvennen med deg' }),
    ).toBeVisible();
    expect(
      screen.getByText('Det kostar deg ingenting. Dag Digital betaler for abonnementet.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ja, bli med' })).toBeVisible();
  });
});
