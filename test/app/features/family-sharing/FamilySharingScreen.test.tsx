// /familiedeling: the owner's seats ("N av M plasser brukt"), members and invitations; inviting by
// e-mail or SMS with field messages, one request for a double click and the focus on what
// happened; every refusal of the server in Norwegian (on the field where it belongs); sending
// again with the wait when rate-limited; withdrawing; removing a member after asking; the member's
// view and leaving; the plan without family sharing and the change that gives it; nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { FamilySharing } from '../../../../src/app/api/family';
import type { Subscription } from '../../../../src/app/api/subscription';
import FamilySharingScreen from '../../../../src/app/features/family-sharing/FamilySharingScreen';
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

import {
  FAMILY_PATH,
  inHours,
  invitation,
  memberFamily,
  notIncludedFamily,
  ownerFamily,
} from './family-support';

const INVITE_PATH = '/api/family-sharing/FVN/invitations';
const owner = subscriptionWith({ features: ['content', 'family-share'] });

const familyRoute = (answer: () => FamilySharing | Response) =>
  route('GET', FAMILY_PATH, () => {
    const family = answer();
    return family instanceof Response ? family : json(family);
  });

const renderScreen = (subscription: Subscription = owner, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<FamilySharingScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['family-sharing'],
    route: '/familiedeling',
  });

const region = (name: string) => screen.getByRole('region', { name });
const emailField = () => screen.getByRole('textbox', { name: 'E-postadresse' });
const sendButton = () => screen.getByRole('button', { name: 'Send invitasjon' });

describe('FamilySharingScreen for the owner', () => {
  it('shows the seats, the members and the invitations', async () => {
    serveApi([familyRoute(() => ownerFamily())]);
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Familiedeling' })).toBeVisible();
    const seats = await screen.findByRole('region', { name: '2 av 4 plasser brukt' });
    expect(seats).toHaveTextContent('Du kan invitere 2 til.');
    expect(seats).toHaveTextContent(
      'Både medlemmer og invitasjoner som venter på svar, bruker en plass.',
    );

    const members = within(region('Medlemmer'));
    expect(members.getByRole('heading', { name: 'Frida Familie' })).toBeVisible();
    expect(members.getByText('Med siden 1. februar 2026')).toBeVisible();
    expect(members.getByRole('button', { name: 'Fjern Frida Familie' })).toBeEnabled();

    const invitations = region('Invitasjoner');
    const open = within(invitations).getAllByRole('listitem')[0]!;
    expect(within(open).getByRole('heading', { name: 'morten@example.no' })).toBeVisible();
    expect(open).toHaveTextContent('Venter på svar');
    expect(open).toHaveTextContent('Sendt på e-post');
    expect(open).toHaveTextContent('Sendt 8. mars 2026. Lenken gjelder til og med 15. mars 2026.');
    expect(
      within(open).getByRole('button', { name: 'Send på nytt til morten@example.no' }),
    ).toBeEnabled();
    expect(
      within(open).getByRole('button', {
        name: 'Trekk tilbake invitasjonen til morten@example.no',
      }),
    ).toBeEnabled();
    // The declined one is kept below, folded, with nothing to do.
    const earlier = within(invitations).getByText('Tidligere invitasjoner (1)');
    const details = earlier.closest('details') as HTMLElement;
    expect(details).toHaveTextContent('+4791234567');
    expect(details).toHaveTextContent('Takket nei');
    expect(within(details).queryByRole('button')).not.toBeInTheDocument();
  });

  it('invites by e-mail once however often it is pressed, says so and takes the focus there', async () => {
    let invited = false;
    const answer = held(() =>
      json(
        invitation({
          invitationId: 'inv-9',
          recipient: 'ola@example.no',
          expiresAt: '2026-03-17T09:00:00+01:00',
        }),
        201,
      ),
    );
    const calls = serveApi([
      familyRoute(() =>
        invited
          ? ownerFamily({
              usedCount: 3,
              remainingCount: 1,
              invitations: [
                invitation({ invitationId: 'inv-9', recipient: 'ola@example.no' }),
                ...ownerFamily().invitations,
              ],
            })
          : ownerFamily(),
      ),
      route('POST', INVITE_PATH, () => {
        invited = true;
        return answer.answer();
      }),
    ]);
    const { user } = await renderScreen();
    await user.type(
      await screen.findByRole('textbox', { name: 'E-postadresse' }),
      'ola@example.no',
    );
    await user.click(sendButton());
    await waitFor(() => expect(sendButton()).toBeDisabled());
    expect(screen.getByText('Sender invitasjonen …')).toBeVisible();
    await user.click(sendButton());
    answer.release();

    const done = await screen.findByText(
      'Invitasjonen er sendt på e-post til ola@example.no. Lenken i den gjelder til og med 17. mars 2026.',
    );
    await waitFor(() => expect(done.closest('.ds-alert')).toHaveFocus());
    expect(await bodies(calls, 'POST', INVITE_PATH)).toEqual([{ email: 'ola@example.no' }]);
    expect(emailField()).toHaveValue('');
    // The family is read again: the new invitation takes a seat.
    expect(await screen.findByRole('region', { name: '3 av 4 plasser brukt' })).toBeVisible();
    expect(
      within(region('Invitasjoner')).getByRole('heading', { name: 'ola@example.no' }),
    ).toBeVisible();
  });

  it('checks the address before sending, and a phone number by the shared rule', async () => {
    const calls = serveApi([
      familyRoute(() => ownerFamily()),
      route('POST', INVITE_PATH, () =>
        json(invitation({ recipient: '+4791234567', channel: 'SMS' }), 201),
      ),
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Send invitasjon' }));
    const summary = (
      await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' })
    ).closest('.ds-error-summary') as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('E-postadresse er påkrevd');

    await user.type(emailField(), 'ola@');
    await user.click(sendButton());
    expect(await screen.findAllByText('Vennligst skriv en gyldig e-postadresse')).not.toHaveLength(
      0,
    );
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    const phone = screen.getByRole('textbox', { name: 'Mobilnummer' });
    expect(phone).toHaveAttribute('type', 'tel');
    await user.type(phone, '123');
    await user.click(sendButton());
    expect(await screen.findAllByText('Telefonnummeret er ugyldig')).not.toHaveLength(0);
    expect(callsTo(calls, 'POST', INVITE_PATH)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '912 34 567');
    await user.click(sendButton());
    expect(
      await screen.findByText(
        'Invitasjonen er sendt på SMS til +4791234567. Lenken i den gjelder til og med 15. mars 2026.',
      ),
    ).toBeVisible();
    expect(await bodies(calls, 'POST', INVITE_PATH)).toEqual([{ phone: '91234567' }]);
  });

  it.each([
    [
      'FAMILY_ALREADY_INVITED',
      'Du har allerede en invitasjon som venter på svar til denne adressen eller dette nummeret. Send den på nytt i listen over invitasjoner',
    ],
    [
      'FAMILY_INVITE_SELF',
      'Dette er din egen e-postadresse eller ditt eget nummer. Skriv inn den du vil invitere',
    ],
    ['VALIDATION_FAILED', 'Vennligst skriv en gyldig e-postadresse'],
  ])('puts the refusal %s on the field, with the summary focused', async (code, message) => {
    serveApi([
      familyRoute(() => ownerFamily()),
      route('POST', INVITE_PATH, () => problem(code === 'VALIDATION_FAILED' ? 400 : 409, code)),
    ]);
    const { user } = await renderScreen();
    await user.type(
      await screen.findByRole('textbox', { name: 'E-postadresse' }),
      'kari@example.no',
    );
    await user.click(sendButton());
    const summary = (
      await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' })
    ).closest('.ds-error-summary') as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: message })).toBeVisible();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(new RegExp(message.slice(0, 30)));
    expect(emailField()).toHaveValue('kari@example.no');
  });

  it.each([
    [
      problem(409, 'FAMILY_FULL'),
      'Alle plassene i familiedelingen er i bruk. Trekk tilbake en invitasjon eller fjern et medlem først.',
    ],
    [
      problem(403, 'FAMILY_SHARING_NOT_INCLUDED'),
      'Abonnementet ditt har ikke familiedeling lenger. Vi har hentet siden på nytt.',
    ],
    [
      problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '600' } }),
      /^Du har prøvd mange ganger på kort tid\. Vent 10 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    ],
    [
      problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '36000' } }),
      /^Du har prøvd mange ganger på kort tid\. Du kan prøve igjen fra (kl\. |\d+\. [a-z]+ \d{4} kl\. )\d\d:\d\d\.$/,
    ],
    [
      problem(500, 'INTERNAL_ERROR'),
      'Vi fikk ikke sendt invitasjonen akkurat nå. Prøv igjen om litt.',
    ],
  ])(
    'says why an invitation was refused (%#), in focus, keeping what was typed',
    async (answer, text) => {
      serveApi([
        familyRoute(() => ownerFamily()),
        route('POST', INVITE_PATH, () => answer.clone()),
      ]);
      const { user } = await renderScreen();
      await user.type(
        await screen.findByRole('textbox', { name: 'E-postadresse' }),
        'kari@example.no',
      );
      await user.click(sendButton());
      const notice = await screen.findByText(text);
      await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
      expect(notice.closest('.ds-alert')).toHaveAttribute('role', 'alert');
      expect(emailField()).toHaveValue('kari@example.no');
    },
  );

  it('sends an invitation again, or says how long to wait', async () => {
    let limited = false;
    const calls = serveApi([
      familyRoute(() => ownerFamily()),
      route('POST', '/api/family-sharing/invitations/inv-1/resend', () =>
        limited
          ? problem(429, 'RATE_LIMITED', { headers: { 'retry-after': '1800' } })
          : json(invitation({ sentAt: new Date().toISOString() })),
      ),
    ]);
    const { user } = await renderScreen();
    const resend = await screen.findByRole('button', {
      name: 'Send på nytt til morten@example.no',
    });
    await user.click(resend);
    const done = await screen.findByText(
      'Invitasjonen er sendt på nytt til morten@example.no, med en ny lenke som gjelder i 7 dager. Lenken i den forrige virker ikke lenger.',
    );
    await waitFor(() => expect(done.closest('.ds-alert')).toHaveFocus());

    limited = true;
    await user.click(
      await screen.findByRole('button', { name: 'Send på nytt til morten@example.no' }),
    );
    const wait = await screen.findByText(
      /^Invitasjonen til morten@example\.no er sendt mange ganger den siste timen\. Vent 30 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    );
    await waitFor(() => expect(wait.closest('.ds-alert')).toHaveFocus());
    expect(callsTo(calls, 'POST', '/api/family-sharing/invitations/inv-1/resend')).toHaveLength(2);
  });

  it('waits with sending again until the server allows it, and says until when', async () => {
    serveApi([
      familyRoute(() =>
        ownerFamily({ invitations: [invitation({ resendAvailableAt: inHours(0.5) })] }),
      ),
    ]);
    await renderScreen();
    const resend = await screen.findByRole('button', {
      name: 'Send på nytt til morten@example.no',
    });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(
      /^Du har sendt denne invitasjonen flere ganger den siste timen\. Vent 30 min \(til kl\. \d\d:\d\d\) før du prøver igjen\.$/,
    );
    // Withdrawing is still possible.
    expect(
      screen.getByRole('button', { name: 'Trekk tilbake invitasjonen til morten@example.no' }),
    ).toBeEnabled();
  });

  it('withdraws an invitation once, says the link no longer works, and reads the family again', async () => {
    let withdrawn = false;
    const answer = held(() => json(invitation({ state: 'withdrawn', resendAvailableAt: null })));
    const calls = serveApi([
      familyRoute(() =>
        withdrawn
          ? ownerFamily({
              usedCount: 1,
              remainingCount: 3,
              invitations: [
                invitation({ state: 'withdrawn', resendAvailableAt: null }),
                ...ownerFamily().invitations.slice(1),
              ],
            })
          : ownerFamily(),
      ),
      route('DELETE', '/api/family-sharing/invitations/inv-1', () => {
        withdrawn = true;
        return answer.answer();
      }),
    ]);
    const { user } = await renderScreen();
    const withdraw = await screen.findByRole('button', {
      name: 'Trekk tilbake invitasjonen til morten@example.no',
    });
    await user.click(withdraw);
    await waitFor(() => expect(withdraw).toBeDisabled());
    expect(screen.getByText('Trekker tilbake …')).toBeVisible();
    await user.click(withdraw);
    answer.release();
    const done = await screen.findByText(
      'Invitasjonen til morten@example.no er trukket tilbake. Lenken i den virker ikke lenger, og plassen er ledig.',
    );
    await waitFor(() => expect(done.closest('.ds-alert')).toHaveFocus());
    expect(callsTo(calls, 'DELETE', '/api/family-sharing/invitations/inv-1')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: '1 av 4 plasser brukt' })).toBeVisible();
    expect(screen.getByText('Ingen invitasjoner venter på svar.')).toBeVisible();
    expect(screen.getByText('Tidligere invitasjoner (2)')).toBeVisible();
  });

  it.each([
    [
      'FAMILY_INVITATION_USED',
      'Invitasjonen er allerede takket ja til. Vi har hentet listen på nytt.',
    ],
    [
      'FAMILY_INVITATION_DECLINED',
      'Den inviterte har takket nei, så invitasjonen kan ikke sendes på nytt. Send en ny invitasjon hvis du vil.',
    ],
    [
      'FAMILY_INVITATION_WITHDRAWN',
      'Invitasjonen er allerede trukket tilbake. Vi har hentet listen på nytt.',
    ],
    [
      'FAMILY_INVITATION_NOT_FOUND',
      'Vi finner ikke invitasjonen lenger. Vi har hentet listen på nytt.',
    ],
    [
      'FAMILY_FULL',
      'Alle plassene i familiedelingen er i bruk. Trekk tilbake en invitasjon eller fjern et medlem først.',
    ],
  ])('says why sending again was refused: %s', async (code, text) => {
    serveApi([
      familyRoute(() => ownerFamily()),
      route('POST', '/api/family-sharing/invitations/inv-1/resend', () =>
        problem(code === 'FAMILY_INVITATION_NOT_FOUND' ? 404 : 409, code),
      ),
    ]);
    const { user } = await renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Send på nytt til morten@example.no' }),
    );
    const notice = await screen.findByText(text);
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
  });

  it('asks before removing a member, keeps the focus where the owner is, and removes once', async () => {
    let removed = false;
    const answer = held(() =>
      json({ memberId: 'mem-1', displayName: 'Frida Familie', endedOn: '2026-03-10' }),
    );
    const calls = serveApi([
      familyRoute(() =>
        removed ? ownerFamily({ members: [], usedCount: 1, remainingCount: 3 }) : ownerFamily(),
      ),
      route('DELETE', '/api/family-sharing/members/mem-1', () => {
        removed = true;
        return answer.answer();
      }),
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Fjern Frida Familie' }));
    const question = screen.getByText(
      'Vil du fjerne Frida Familie fra familiedelingen? Tilgangen stopper med en gang, og vi sender en e-post om det.',
    );
    expect(question).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByRole('button', { name: 'Fjern Frida Familie' })).toHaveFocus();
    expect(callsTo(calls, 'DELETE', '/api/family-sharing/members/mem-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Fjern Frida Familie' }));
    const confirm = screen.getByRole('button', { name: 'Ja, fjern' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    await user.click(confirm);
    answer.release();
    const done = await screen.findByText(
      'Frida Familie er fjernet fra familiedelingen og har ikke lenger tilgang. Plassen er ledig.',
    );
    await waitFor(() => expect(done.closest('.ds-alert')).toHaveFocus());
    expect(callsTo(calls, 'DELETE', '/api/family-sharing/members/mem-1')).toHaveLength(1);
    expect(await screen.findByText('Ingen har blitt med ennå.')).toBeVisible();
  });

  it('says when the member had left already', async () => {
    serveApi([
      familyRoute(() => ownerFamily()),
      route('DELETE', '/api/family-sharing/members/mem-1', () =>
        problem(404, 'FAMILY_MEMBER_NOT_FOUND'),
      ),
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Fjern Frida Familie' }));
    await user.click(screen.getByRole('button', { name: 'Ja, fjern' }));
    const notice = await screen.findByText(
      'Medlemmet er ikke lenger med i familiedelingen. Vi har hentet listen på nytt.',
    );
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
  });

  it('offers no invitation form when every seat is taken, and says how to free one', async () => {
    serveApi([familyRoute(() => ownerFamily({ usedCount: 4, remainingCount: 0 }))]);
    await renderScreen();
    const seats = await screen.findByRole('region', { name: '4 av 4 plasser brukt' });
    expect(seats).toHaveTextContent(
      'Alle de 4 plassene er i bruk. Trekk tilbake en invitasjon eller fjern et medlem for å invitere noen andre.',
    );
    expect(screen.queryByRole('textbox', { name: 'E-postadresse' })).not.toBeInTheDocument();
    expect(
      within(region('Inviter et familiemedlem')).getByText(
        'Alle plassene er i bruk, så du kan ikke invitere flere nå. Trekk tilbake en invitasjon eller fjern et medlem først.',
      ),
    ).toBeVisible();
  });

  it('says when the family could not be read, and tries again', async () => {
    let failing = true;
    serveApi([familyRoute(() => (failing ? problem(500, 'INTERNAL_ERROR') : ownerFamily()))]);
    const { user } = await renderScreen();
    expect(
      await screen.findByText(
        'Vi fikk ikke hentet familiedelingen akkurat nå. Prøv igjen om litt.',
      ),
    ).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('region', { name: '2 av 4 plasser brukt' })).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    serveApi([familyRoute(() => ownerFamily())]);
    await renderScreen(owner, 'nn');
    expect(await screen.findByRole('region', { name: '2 av 4 plassar brukte' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Inviter eit familiemedlem' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Fjern Frida Familie' })).toBeVisible();
    expect(screen.getByText('Ventar på svar')).toBeVisible();
  });
});

describe('FamilySharingScreen for a member', () => {
  const share = subscriptionWith({
    eligibleForSharing: false,
    instStatusCode: 61,
    status: 'ACTIVE_NON_BILLABLE',
    planName: 'Premium digital',
    features: ['content', 'e-paper'],
    paymentMethod: null,
  });

  it('shows whose subscription they share and what it includes', async () => {
    serveApi([familyRoute(() => memberFamily())]);
    await renderScreen(share);
    const card = await screen.findByRole('region', {
      name: 'Du deler abonnementet til Dag Digital',
    });
    expect(card).toHaveTextContent(
      'Du har tilgang til Fædrelandsvennen gjennom familiedelingen til Dag Digital.',
    );
    expect(card).toHaveTextContent('Med siden1. februar 2026');
    expect(card).toHaveTextContent('Pris for degGratis');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alt innhold på nett og i appen', 'E-avis']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when the owner has ended the subscription, and offers an own one', async () => {
    serveApi([
      familyRoute(() =>
        memberFamily({
          membership: { ...memberFamily().membership!, endsOn: '2026-04-12' },
        }),
      ),
    ]);
    await renderScreen(share);
    expect(
      await screen.findByText(
        'Dag Digital har avsluttet abonnementet, så tilgangen din varer til og med 12. april 2026. Vil du fortsette å lese etter det, kan du bestille et eget abonnement.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bestill eget abonnement' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
  });

  it('leaves after asking, once, and reloads the subscription', async () => {
    let left = false;
    // The answer waits until both clicks are in: a second click on a button already gone (the
    // page changed under it) would land on the page and take the focus from the new heading.
    const leave = held(() => {
      left = true;
      return json({ memberId: 'mem-1', displayName: 'Frida Familie', endedOn: '2026-03-10' });
    });
    const calls = serveApi([
      familyRoute(() =>
        left
          ? { ...notIncludedFamily(), reason: 'NO_ACCESS', familySharePlans: [] }
          : memberFamily(),
      ),
      route('POST', '/api/family-sharing/FVN/leave', leave.answer),
      lookupRoute(() => null),
    ]);
    const { user, store } = await renderScreen(share);
    await user.click(await screen.findByRole('button', { name: 'Forlat familiedelingen' }));
    expect(screen.getByText('Er du sikker? Tilgangen din stopper med en gang.')).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Ja, forlat' });
    await user.dblClick(confirm);
    leave.release();
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Du har forlatt familiedelingen',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsTo(calls, 'POST', '/api/family-sharing/FVN/leave')).toHaveLength(1);
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription.hasSubscription).toBe(false);
    expect(screen.getByRole('link', { name: 'Bestill eget abonnement' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
  });

  it('says when leaving failed, in focus', async () => {
    serveApi([
      familyRoute(() => memberFamily()),
      route('POST', '/api/family-sharing/FVN/leave', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderScreen(share);
    await user.click(await screen.findByRole('button', { name: 'Forlat familiedelingen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, forlat' }));
    const notice = await screen.findByText(
      'Vi fikk ikke meldt deg ut av familiedelingen akkurat nå. Prøv igjen om litt.',
    );
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
  });
});

describe('FamilySharingScreen for a plan without family sharing', () => {
  it('says what family sharing is and offers the plan change that gives it', async () => {
    serveApi([familyRoute(notIncludedFamily)]);
    await renderScreen(
      subscriptionWith({
        ariaPlanID: 'C-DIGITAL-UNG',
        planName: 'UNG digital',
        features: ['content'],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Hva er familiedeling?' })).toBeVisible();
    expect(screen.getByText('Hver person logger inn med sin egen bruker.')).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'UNG digital har ikke familiedeling' }),
    ).toBeVisible();
    // Only the plans this subscription can change to itself (not the paper plan).
    expect(
      screen.getByText(
        'Familiedeling følger med Premium digital. Bytter du abonnement, kan du invitere familien med en gang.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Se og bytt abonnement' })).toHaveAttribute(
      'href',
      '/endre-abonnement',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('sends a student to customer service, who cannot change plan here', async () => {
    serveApi([familyRoute(notIncludedFamily)]);
    await renderScreen(
      subscriptionWith({
        ariaPlanID: 'C-DIGITAL-STUDENT',
        planName: 'Student digital',
        features: ['content'],
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Student digital har ikke familiedeling' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Se og bytt abonnement' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });
});
