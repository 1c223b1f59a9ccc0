// /administrer-bedrift: the admin sees the company, the seats and the employees; invites a pasted,
// typed or uploaded list with a table of what would happen before sending (a dry run) and of
// what happened after; resends an invitation; removes one or many after a confirmation, with the
// result per address. Every per-address result and refusal has its words; the focus follows each
// step; a double click sends once. Anyone but an admin is told what the page is for.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type {
  BusinessAgreement,
  BusinessUserChange,
  BusinessUserChangeResult,
} from '../../../../src/app/api/business';
import BusinessAdminScreen from '../../../../src/app/features/business/BusinessAdminScreen';
import { subscriberState, subscriptionWith } from '../../fixtures';
import { type ApiRoute, json, problem, renderWithState, route, serveApi } from '../../render';

function agreementWith(overrides: Partial<BusinessAgreement> = {}): BusinessAgreement {
  return {
    titleCode: 'FVN',
    companyName: 'Sørlandet Regnskap AS',
    emailDomains: ['bedrift.no'],
    seats: { used: 2, max: 10, remaining: 8 },
    maxChangesPerRequest: 200,
    users: [
      {
        email: 'ny.ansatt@bedrift.no',
        dateAdded: '2026-03-08',
        status: 'emailSent',
        name: null,
        lastSentAt: '2026-03-08T10:15:00+01:00',
        linkExpiresAt: '2099-04-07T10:15:00+02:00',
      },
      {
        email: 'anders@bedrift.no',
        dateAdded: '2026-01-12',
        status: 'active',
        name: 'Anders Ansatt',
        lastSentAt: null,
        linkExpiresAt: null,
      },
    ],
    ...overrides,
  };
}

interface ChangesBody {
  readonly changes: BusinessUserChange[];
  readonly dryRun?: boolean;
}

/** The agreement as the server has it, and how it answers the changes. */
function fakeServer(
  answer: (body: ChangesBody, agreement: BusinessAgreement) => BusinessUserChangeResult[],
  start: BusinessAgreement = agreementWith(),
) {
  let agreement = start;
  const bodies: ChangesBody[] = [];
  const routes: ApiRoute[] = [
    route('GET', '/api/business/FVN', () => json(agreement)),
    route('POST', '/api/business/FVN/users', async (request) => {
      const body = (await request.json()) as ChangesBody;
      bodies.push(body);
      const results = answer(body, agreement);
      if (!body.dryRun) {
        const added = results
          .filter((r) => r.result === 'emailSent')
          .map((r) => ({
            email: r.email.toLowerCase(),
            dateAdded: '2026-03-10',
            status: 'emailSent' as const,
            name: null,
            lastSentAt: '2026-03-10T09:00:00+01:00',
            linkExpiresAt: '2099-04-09T09:00:00+02:00',
          }));
        const removed = new Set(results.filter((r) => r.result === 'deleted').map((r) => r.email));
        const users = [...added, ...agreement.users.filter((u) => !removed.has(u.email))];
        agreement = {
          ...agreement,
          users,
          seats: { ...agreement.seats, used: users.length, remaining: 10 - users.length },
        };
      }
      const used =
        agreement.seats.used +
        (body.dryRun ? results.filter((r) => r.result === 'emailSent').length : 0);
      return json({
        dryRun: !!body.dryRun,
        results,
        seats: { used, max: 10, remaining: 10 - used },
      });
    }),
  ];
  return { routes, bodies };
}

/** Answers each ADD by its address: the table of a mixed list. */
const mixedAnswer = (body: ChangesBody): BusinessUserChangeResult[] => {
  const seen = new Set<string>();
  return body.changes.map(({ kind, email }) => {
    const key = email.trim().toLowerCase();
    let result: BusinessUserChangeResult['result'];
    if (!key.includes('@')) result = 'invalidEmail';
    else if (seen.has(key)) result = 'duplicate';
    else if (!key.endsWith('@bedrift.no')) result = 'wrongEmailDomain';
    else if (key === 'anders@bedrift.no') result = 'userExist';
    else result = 'emailSent';
    seen.add(key);
    return { kind, email: email.trim(), result };
  });
};

const admin = () =>
  subscriberState(
    subscriptionWith({
      planName: 'Bedrift',
      isPaying: false,
      paymentMethod: null,
      subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'admin' },
    }),
  );

const renderScreen = (state = admin(), language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<BusinessAdminScreen />, {
    preloadedState: state,
    language,
    route: '/administrer-bedrift',
    namespaces: ['business'],
  });

const field = () => screen.getByRole('textbox', { name: 'E-postadresser' });
const table = (name: string) => screen.getByRole('table', { name });
const rowsOf = (name: string) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')]
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim())
        .join(' '),
    );

describe('BusinessAdminScreen', () => {
  it('shows the company, the seats and the employees with date added and status', async () => {
    const { routes } = fakeServer(mixedAnswer);
    serveApi(routes);
    await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Administrer bedriftens abonnement' }),
    ).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Bedriftsavtalen' });
    const summary = screen.getByRole('region', { name: 'Bedriftsavtalen' });
    expect(summary).toHaveTextContent('BedriftSørlandet Regnskap AS');
    expect(summary).toHaveTextContent('E-postadressene må slutte på@bedrift.no');
    expect(summary).toHaveTextContent('Plasser2 av 10 brukt, 8 ledige');

    const users = table('Ansatte og invitasjoner');
    const [header, invited, active] = within(users).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['E-postadresse', 'Lagt til', 'Status', 'Endre']);
    expect(within(invited!).getByRole('rowheader')).toHaveTextContent('ny.ansatt@bedrift.no');
    expect(invited).toHaveTextContent('8. mars 2026');
    expect(invited).toHaveTextContent('Invitert');
    expect(invited).toHaveTextContent('Lenken virker til 7. april 2099');
    expect(
      within(invited!).getByRole('button', { name: 'Send på nytt til ny.ansatt@bedrift.no' }),
    ).toBeEnabled();
    expect(within(active!).getByRole('rowheader')).toHaveTextContent(
      'anders@bedrift.noAnders Ansatt',
    );
    expect(active).toHaveTextContent('12. januar 2026');
    expect(active).toHaveTextContent('Aktiv');
    // An active employee has nothing to resend; both can be removed.
    expect(within(active!).queryByRole('button', { name: /Send på nytt/ })).toBeNull();
    expect(within(active!).getByRole('button', { name: 'Fjern anders@bedrift.no' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Fjern valgte (0)' })).toBeDisabled();
  });

  it('checks a mixed list before sending, sends it, and shows what happened to each address', async () => {
    const { routes, bodies } = fakeServer(mixedAnswer);
    serveApi(routes);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(
      field(),
      'kari@bedrift.no, ola@gmail.com\nKari@Bedrift.no;ikke-en-adresse anders@bedrift.no',
    );
    expect(screen.getByText('Adresser i listen: 5')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));

    const before = await screen.findByRole('heading', {
      level: 3,
      name: 'Slik blir invitasjonene',
    });
    await waitFor(() => expect(before).toHaveFocus());
    expect(bodies).toEqual([
      {
        dryRun: true,
        changes: [
          { kind: 'ADD', email: 'kari@bedrift.no' },
          { kind: 'ADD', email: 'ola@gmail.com' },
          { kind: 'ADD', email: 'Kari@Bedrift.no' },
          { kind: 'ADD', email: 'ikke-en-adresse' },
          { kind: 'ADD', email: 'anders@bedrift.no' },
        ],
      },
    ]);
    expect(rowsOf('Slik blir invitasjonene')).toEqual([
      'kari@bedrift.no Blir invitert Får en e-post med en lenke for å bekrefte.',
      'ola@gmail.com Sendes ikke Adressen må slutte på @bedrift.no.',
      'Kari@Bedrift.no Sendes ikke Står også lenger opp i listen. Den får bare én invitasjon.',
      'ikke-en-adresse Sendes ikke Dette er ikke en gyldig e-postadresse.',
      'anders@bedrift.no Sendes ikke Adressen er allerede invitert eller har tilgang.',
    ]);
    expect(
      screen.getByText(
        'Adresser som kan inviteres: 1 av 5. De andre blir ikke sendt; tabellen viser hvorfor. Etter utsendingen er 3 av 10 plasser brukt.',
      ),
    ).toBeVisible();
    // Nothing is editable between the check and the sending.
    expect(screen.queryByRole('textbox', { name: 'E-postadresser' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send invitasjonen' }));
    const after = await screen.findByRole('heading', { level: 3, name: 'Resultat av utsendingen' });
    await waitFor(() => expect(after).toHaveFocus());
    expect(bodies[1]).toEqual({ ...bodies[0], dryRun: false });
    expect(screen.getByRole('heading', { name: 'Noen e-poster ble ikke sendt' })).toBeVisible();
    expect(screen.getByText(/^Sendt: 1 av 5\./)).toBeVisible();
    expect(rowsOf('Resultat av utsendingen')[0]).toBe(
      'kari@bedrift.no Invitert E-posten med lenken er sendt.',
    );
    expect(rowsOf('Resultat av utsendingen')[1]).toBe(
      'ola@gmail.com Ikke sendt Adressen må slutte på @bedrift.no.',
    );
    // The list and the seats follow the server.
    await waitFor(() =>
      expect(
        within(table('Ansatte og invitasjoner')).getByRole('rowheader', {
          name: 'kari@bedrift.no',
        }),
      ).toBeVisible(),
    );
    expect(screen.getByRole('region', { name: 'Bedriftsavtalen' })).toHaveTextContent(
      '3 av 10 brukt, 7 ledige',
    );

    // The addresses that can be corrected are left in the field.
    await user.click(screen.getByRole('button', { name: 'Inviter flere' }));
    await waitFor(() => expect(field()).toHaveFocus());
    expect(field()).toHaveValue('ola@gmail.com\nikke-en-adresse');
  });

  it('says when every address goes out, and when the seats run out', async () => {
    const full = (body: ChangesBody): BusinessUserChangeResult[] =>
      body.changes.map(({ kind, email }, i) => ({
        kind,
        email,
        result: i === 0 ? 'emailSent' : 'maxUsersReached',
      }));
    serveApi(fakeServer(full).routes);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(field(), 'a@bedrift.no b@bedrift.no');
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));
    await screen.findByRole('heading', { level: 3, name: 'Slik blir invitasjonene' });
    expect(rowsOf('Slik blir invitasjonene')[1]).toBe(
      'b@bedrift.no Sendes ikke Det er ingen ledige plasser igjen.',
    );
    expect(screen.getByText(/^Det er ikke nok ledige plasser til alle\. Fjern noen/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Endre listen' }));
    await waitFor(() => expect(field()).toHaveFocus());
    expect(field()).toHaveValue('a@bedrift.no b@bedrift.no');
    await user.clear(field());
    await user.type(field(), 'a@bedrift.no');
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));
    await screen.findByText(
      'Alle adressene kan inviteres (1). Etter utsendingen er 3 av 10 plasser brukt.',
    );
    await user.click(screen.getByRole('button', { name: 'Send invitasjonen' }));
    expect(await screen.findByRole('heading', { name: 'Invitasjonene er sendt' })).toBeVisible();
  });

  it('words every result of an invitation, before and after sending', async () => {
    const results: BusinessUserChangeResult['result'][] = [
      'emailSent',
      'errorSaved',
      'wrongEmailDomain',
      'userExist',
      'maxUsersReached',
      'invalidEmail',
      'duplicate',
    ];
    serveApi(
      fakeServer((body) =>
        body.changes.map(({ kind, email }, i) => ({ kind, email, result: results[i]! })),
      ).routes,
    );
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(field(), results.map((r) => `${r.toLowerCase()}@bedrift.no`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));
    await screen.findByRole('heading', { level: 3, name: 'Slik blir invitasjonene' });
    expect(rowsOf('Slik blir invitasjonene')).toEqual([
      'emailsent@bedrift.no Blir invitert Får en e-post med en lenke for å bekrefte.',
      'errorsaved@bedrift.no Sendes ikke Vi kan ikke lagre invitasjonen akkurat nå. Prøv igjen om litt.',
      'wrongemaildomain@bedrift.no Sendes ikke Adressen må slutte på @bedrift.no.',
      'userexist@bedrift.no Sendes ikke Adressen er allerede invitert eller har tilgang.',
      'maxusersreached@bedrift.no Sendes ikke Det er ingen ledige plasser igjen.',
      'invalidemail@bedrift.no Sendes ikke Dette er ikke en gyldig e-postadresse.',
      'duplicate@bedrift.no Sendes ikke Står også lenger opp i listen. Den får bare én invitasjon.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send invitasjonen' }));
    await screen.findByRole('heading', { level: 3, name: 'Resultat av utsendingen' });
    expect(rowsOf('Resultat av utsendingen')).toEqual([
      'emailsent@bedrift.no Invitert E-posten med lenken er sendt.',
      'errorsaved@bedrift.no Ikke sendt Vi fikk ikke lagret eller sendt invitasjonen. Prøv igjen om litt.',
      'wrongemaildomain@bedrift.no Ikke sendt Adressen må slutte på @bedrift.no.',
      'userexist@bedrift.no Ikke sendt Adressen er allerede invitert eller har tilgang.',
      'maxusersreached@bedrift.no Ikke sendt Det var ingen ledige plasser igjen.',
      'invalidemail@bedrift.no Ikke sendt Dette er ikke en gyldig e-postadresse.',
      'duplicate@bedrift.no Ikke sendt Står også lenger opp i listen. Den fikk bare én invitasjon.',
    ]);
  });

  it('asks for at least one address and at most the agreement allows, without a request', async () => {
    const { routes, bodies } = fakeServer(mixedAnswer, agreementWith({ maxChangesPerRequest: 2 }));
    serveApi(routes);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    const check = screen.getByRole('button', { name: 'Sjekk adressene' });
    await user.click(check);
    await waitFor(() => expect(field()).toHaveFocus());
    expect(field()).toHaveAccessibleDescription(/Skriv eller lim inn minst én e-postadresse$/);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(), 'a@bedrift.no, b@bedrift.no, c@bedrift.no');
    await user.click(check);
    expect(field()).toHaveAccessibleDescription(
      /Listen har 3 adresser, men du kan sende til høyst 2 om gangen\./,
    );
    expect(bodies).toHaveLength(0);
  });

  it('reads the addresses of a CSV file into the list', async () => {
    serveApi(fakeServer(mixedAnswer).routes);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(field(), 'kari@bedrift.no');
    const csv = new File(
      ['E-post;Navn\n"per@bedrift.no";Per Hansen\nlise@bedrift.no;Lise\n'],
      'ansatte.csv',
      { type: 'text/csv' },
    );
    await user.upload(screen.getByLabelText('Eller last opp en CSV-fil'), csv);
    expect(await screen.findByText('La til 2 adresser fra ansatte.csv.')).toBeVisible();
    expect(field()).toHaveValue('kari@bedrift.no\nper@bedrift.no\nlise@bedrift.no');

    await user.upload(
      screen.getByLabelText('Eller last opp en CSV-fil'),
      new File(['Navn\nPer\n'], 'tom.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Fant ingen e-postadresser i tom.csv.')).toBeVisible();
  });

  it('sends one check for a double click', async () => {
    let release: () => void = () => {};
    const { routes } = fakeServer(mixedAnswer);
    const calls = serveApi([
      route('POST', '/api/business/FVN/users', async (request) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return (await routes[1]!(request))!;
      }),
      ...routes,
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(field(), 'kari@bedrift.no');
    const check = screen.getByRole('button', { name: 'Sjekk adressene' });
    await user.dblClick(check);
    await waitFor(() => expect(check).toBeDisabled());
    expect(screen.getByText('Sjekker adressene …')).toBeVisible();
    release();
    await screen.findByRole('heading', { level: 3, name: 'Slik blir invitasjonene' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('sends an invitation again and says so where the focus goes', async () => {
    const { routes, bodies } = fakeServer((body) =>
      body.changes.map(({ kind, email }) => ({ kind, email, result: 'resent' })),
    );
    serveApi(routes);
    const { user } = await renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Send på nytt til ny.ansatt@bedrift.no' }),
    );
    const notice = await screen.findByText(
      'Sendt på nytt: ny.ansatt@bedrift.no. En ny e-post er sendt. Lenken i den forrige virker ikke lenger.',
    );
    await waitFor(() => expect(notice.closest('.ds-alert')).toHaveFocus());
    expect(bodies).toEqual([{ changes: [{ kind: 'UPDATE', email: 'ny.ansatt@bedrift.no' }] }]);
  });

  it.each([
    [
      'notExist',
      'Ikke sendt: ny.ansatt@bedrift.no. Det finnes ingen invitasjon til adressen. Den kan være fjernet.',
    ],
    [
      'userExist',
      'Ikke sendt: ny.ansatt@bedrift.no. Personen har allerede bekreftet og har tilgang.',
    ],
    [
      'errorSaved',
      'Ikke sendt: ny.ansatt@bedrift.no. Vi fikk ikke sendt e-posten. Prøv igjen om litt.',
    ],
  ] as const)('words a resend answered %s', async (result, text) => {
    serveApi(
      fakeServer((body) => body.changes.map(({ kind, email }) => ({ kind, email, result }))).routes,
    );
    const { user } = await renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Send på nytt til ny.ansatt@bedrift.no' }),
    );
    expect(await screen.findByText(text)).toBeVisible();
  });

  it('removes the chosen ones after a confirmation, with the result per address', async () => {
    const { routes, bodies } = fakeServer((body) =>
      body.changes.map(({ kind, email }) => ({
        kind,
        email,
        result: email === 'anders@bedrift.no' ? 'failed' : 'deleted',
      })),
    );
    serveApi(routes);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Velg ny.ansatt@bedrift.no' }));
    await user.click(screen.getByRole('checkbox', { name: 'Velg anders@bedrift.no' }));
    expect(screen.getByRole('checkbox', { name: 'Velg alle' })).toBeChecked();
    const removeChosen = screen.getByRole('button', { name: 'Fjern valgte (2)' });

    // "Avbryt" changes nothing and gives the focus back.
    await user.click(removeChosen);
    const confirm = await screen.findByRole('heading', {
      level: 3,
      name: 'Fjerne disse personene (2)?',
    });
    await waitFor(() => expect(confirm).toHaveFocus());
    const region = screen.getByRole('region', { name: 'Fjerne disse personene (2)?' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ny.ansatt@bedrift.no', 'anders@bedrift.no']);
    expect(region).toHaveTextContent(/mister tilgangen i dag/);
    await user.click(within(region).getByRole('button', { name: 'Avbryt' }));
    expect(removeChosen).toHaveFocus();
    expect(bodies).toHaveLength(0);

    await user.click(removeChosen);
    await user.click(await screen.findByRole('button', { name: 'Ja, fjern' }));
    const heading = await screen.findByRole('heading', {
      level: 3,
      name: 'Resultat av fjerningen',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(bodies).toEqual([
      {
        changes: [
          { kind: 'REMOVE', email: 'ny.ansatt@bedrift.no' },
          { kind: 'REMOVE', email: 'anders@bedrift.no' },
        ],
      },
    ]);
    expect(
      screen.getByText(
        'Noen ble ikke fjernet. Fjernet: 1 av 2; tabellen viser hvorfor de andre ikke ble det.',
      ),
    ).toBeVisible();
    expect(rowsOf('Resultat av fjerningen')).toEqual([
      'ny.ansatt@bedrift.no Fjernet Er fjernet. Hadde personen tatt i bruk tilgangen, slutter den i dag, og vi har sendt en e-post om det.',
      'anders@bedrift.no Ikke fjernet Vi fikk ikke fjernet personen, og ingenting er endret for vedkommende. Prøv igjen om litt.',
    ]);
    await waitFor(() =>
      expect(
        within(table('Ansatte og invitasjoner')).queryByRole('rowheader', {
          name: 'ny.ansatt@bedrift.no',
        }),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Fjern valgte (0)' })).toBeDisabled();
  });

  it('removes one from its row, and says when it was gone already; one request for a double click', async () => {
    let release: () => void = () => {};
    const { routes, bodies } = fakeServer((body) =>
      body.changes.map(({ kind, email }) => ({ kind, email, result: 'notExist' })),
    );
    serveApi([
      route('POST', '/api/business/FVN/users', async (request) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return (await routes[1]!(request))!;
      }),
      ...routes,
    ]);
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Fjern anders@bedrift.no' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Fjerne anders@bedrift.no?' }),
    ).toHaveFocus();
    const yes = screen.getByRole('button', { name: 'Ja, fjern' });
    await user.dblClick(yes);
    await waitFor(() => expect(yes).toBeDisabled());
    release();
    await screen.findByRole('heading', { level: 3, name: 'Resultat av fjerningen' });
    expect(bodies).toHaveLength(1);
    expect(screen.getByText('Ingen ble fjernet. Tabellen viser hvorfor.')).toBeVisible();
    expect(rowsOf('Resultat av fjerningen')).toEqual([
      'anders@bedrift.no Ikke fjernet Adressen står ikke i listen. Den kan være fjernet allerede.',
    ]);
  });

  it.each([
    [
      429,
      'RATE_LIMITED',
      /^Du har prøvd mange ganger på kort tid\. Vent 2 min \(til kl\. \d\d:\d\d\)/,
    ],
    [403, 'BUSINESS_ADMIN_REQUIRED', /^Du er ikke lenger administrator for bedriftsavtalen/],
    [404, 'BUSINESS_AGREEMENT_NOT_FOUND', /^Vi finner ikke bedriftsavtalen lenger/],
    [400, 'VALIDATION_FAILED', /^Listen kunne ikke sendes slik den er\./],
    [500, 'INTERNAL_ERROR', /^Noe gikk galt, og vi vet ikke om endringen ble lagret\./],
  ])('says why a check was refused (%s %s), keeping the list', async (status, code, text) => {
    const { routes } = fakeServer(mixedAnswer);
    serveApi([
      route('POST', '/api/business/FVN/users', () =>
        problem(status, code, { headers: { 'retry-after': '100' } }),
      ),
      ...routes,
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Inviter ansatte' });
    await user.type(field(), 'kari@bedrift.no');
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field()).toHaveValue('kari@bedrift.no');
  });

  it('tells an employee that the admin runs the page, and asks the server nothing', async () => {
    const calls = serveApi([]);
    await renderScreen(
      subscriberState(
        subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
      ),
    );
    const region = screen.getByRole('region', {
      name: 'Denne siden er for administratorer av bedriftsabonnement',
    });
    expect(region).toHaveTextContent(
      'Du leser Fædrelandsvennen gjennom et bedriftsabonnement fra arbeidsgiveren din.',
    );
    expect(within(region).getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(region).getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(calls).toHaveLength(0);
  });

  it('tells a private subscriber, and anyone the server refuses, who the page is for', async () => {
    serveApi([]);
    const { unmount } = await renderScreen(subscriberState());
    expect(
      screen.getByText(
        /^Brukeren din er ikke administrator for et bedriftsabonnement på Fædrelandsvennen\./,
      ),
    ).toBeVisible();
    unmount();

    serveApi([route('GET', '/api/business/FVN', () => problem(403, 'BUSINESS_ADMIN_REQUIRED'))]);
    await renderScreen();
    expect(
      await screen.findByRole('region', {
        name: 'Denne siden er for administratorer av bedriftsabonnement',
      }),
    ).toBeVisible();
  });

  it('says when no agreement is found, and retries a failed load', async () => {
    serveApi([
      route('GET', '/api/business/FVN', () => problem(404, 'BUSINESS_AGREEMENT_NOT_FOUND')),
    ]);
    const { unmount } = await renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi finner ingen bedriftsavtale knyttet til abonnementet ditt.',
    );
    unmount();

    let loads = 0;
    serveApi([
      route('GET', '/api/business/FVN', () =>
        ++loads === 1 ? problem(500, 'INTERNAL_ERROR') : json(agreementWith()),
      ),
    ]);
    const { user } = await renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke hentet bedriftsavtalen akkurat nå.');
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('heading', { name: 'Bedriftsavtalen' })).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    serveApi(fakeServer(mixedAnswer).routes);
    const { user } = await renderScreen(admin(), 'nn');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Tilsette og invitasjonar' }),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'E-postadresser' }), 'ola@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Sjekk adressene' }));
    await screen.findByRole('heading', { level: 3, name: 'Slik blir invitasjonane' });
    expect(rowsOf('Slik blir invitasjonane')).toEqual([
      'ola@gmail.com Blir ikkje sendt Adressa må slutte på @bedrift.no.',
    ]);
  });
});
