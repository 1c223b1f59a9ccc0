// /schibstedTakeoutGateway: ask for a copy, download it or read it on the page; an
// expired copy said so; the daily limit said; failures said. Read on the page, the copy is in
// words: grouped by what it is about, Norwegian labels (bokmål or nynorsk by the title), dates in
// Oslo time, money in kroner, codes as words, and no database name or internal code; a group
// without data says so.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import type { PersonalData } from '../../../../src/app/api/privacy';
import DataExportScreen from '../../../../src/app/features/privacy/DataExportScreen';
import { subscriberState } from '../../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../../render';

import { columnsOf, fullCopy } from './personalData';

const copy = (status: 'ready' | 'expired' = 'ready') => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  status,
  requestedAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  sizeBytes: 18_432,
});

const content = {
  generatedAt: '2026-11-27T10:00:00.000Z',
  identity: { id: '1000002', name: 'Kari Nordmann', email: 'kari@example.no' },
  account: { aria_account_no: '100000001' },
  profile: null,
  subscriptions: [{ subscription_no: '500000001', plan_name: 'Digital', title_code: 'FVN' }],
  invoicesAndPayments: [
    { id: 1, subscription_no: '500000001', amount_ore: 27900, currency: 'NOK', status: 'paid' },
  ],
  consents: [],
};

/** The values shown under `label` in `container` (each <dt>'s <dd>). */
const valuesOf = (container: HTMLElement, label: string) =>
  within(container)
    .getAllByText(label, { selector: 'dt' })
    .map((term) => term.nextElementSibling?.textContent);

/** The cards (records) of the part whose heading is `name`, newest first. */
const cardsOf = (name: string) =>
  within(screen.getByRole('region', { name })).getAllByRole('listitem');

/** Opens the copy of `data` on a ready copy's page. */
async function readCopy(data: unknown, language: 'nb' | 'nn' = 'nb') {
  serveApi([
    route('GET', '/api/privacy/export', () => json({ latest: copy() })),
    route('GET', `/api/privacy/export/${copy().id}`, () => json(data)),
  ]);
  const { user } = await renderExport(language);
  await user.click(await screen.findByRole('button', { name: 'Vis kopien her' }));
  return screen.findByRole('heading', { level: 2, name: 'Kopien din' });
}

const renderExport = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<DataExportScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['privacy'],
    route: '/schibstedTakeoutGateway',
  });

describe('/schibstedTakeoutGateway', () => {
  it('makes a copy, offers the download, and shows it part by part', async () => {
    const calls = serveApi([
      route('GET', '/api/privacy/export', () => json({ latest: null })),
      route('POST', '/api/privacy/export', () => json(copy(), 201)),
      route('GET', `/api/privacy/export/${copy().id}`, () => json(content)),
    ]);
    const { user } = await renderExport();
    expect(screen.getByRole('heading', { level: 1, name: 'Last ned dataene dine' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Lag en kopi' }));
    const ready = await screen.findByText(
      /Kopien er klar\. Du kan laste den ned til og med 4\. desember 2026/,
    );
    expect(ready.closest('[role="status"]')).toHaveFocus();
    const [post] = callsTo(calls, 'POST', '/api/privacy/export');
    expect(await post!.json()).toEqual({ titleCode: 'FVN' });
    const link = screen.getByRole('link', { name: 'Last ned kopien (JSON, 18 kB)' });
    expect(link).toHaveAttribute('href', `/api/privacy/export/${copy().id}`);
    expect(link).toHaveAttribute('download', 'minside-data-2026-11-27.json');
    await user.click(screen.getByRole('button', { name: 'Vis kopien her' }));
    const summary = await screen.findByRole('heading', { level: 2, name: 'Kopien din' });
    // The button that opened it is gone: reading goes on from the copy's heading.
    expect(summary).toHaveFocus();
    expect(screen.getByRole('heading', { level: 4, name: 'Abonnementer (1)' })).toBeVisible();
    const invoices = screen.getByRole('region', { name: 'Fakturaer og betalinger (1)' });
    expect(valuesOf(invoices, 'Beløp')).toEqual(['kr 279,00']);
    expect(valuesOf(invoices, 'Status')).toEqual(['Betalt']);
    expect(valuesOf(invoices, 'Abonnement')).toEqual([
      'Fædrelandsvennen, Digital (nr.\u00a0500000001)',
    ]);
    expect(invoices).not.toHaveTextContent('27900');
    // No consent given: the group says there is nothing, rather than an empty list.
    const privacy = screen.getByRole('region', { name: 'Samtykker og personvern' });
    expect(privacy).toHaveTextContent('Vi har ingen opplysninger om deg her.');
    expect(within(privacy).queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Skriv ut eller lagre som PDF' })).toBeVisible();
  });

  it('reads the copy in words, grouped, with dates in Oslo time, kroner and no database name', async () => {
    const heading = await readCopy(fullCopy);
    const summary = heading.parentElement!;
    expect(summary).toHaveTextContent('Kopien ble laget 27. november 2026 kl. 11:00.');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Deg og kontoen din',
      'Abonnementene dine',
      'Bestillinger, fakturaer og betalinger',
      'Levering og klager',
      'Familiedeling, bedrift og student',
      'Samtykker og personvern',
    ]);
    // Each part under its group, counted.
    const subscriptions = screen.getByRole('region', { name: 'Abonnementene dine' });
    expect(
      within(subscriptions)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual([
      'Abonnementer (2)',
      'Endringer i abonnementene (2)',
      'Overganger til en annen plan (1)',
    ]);

    // The newest subscription first; its status, price, dates and payment in words.
    const [trial, ending] = cardsOf('Abonnementer (2)');
    expect(valuesOf(trial!, 'Avis')).toEqual(['Fædrelandsvennen']);
    expect(valuesOf(trial!, 'Abonnement')).toEqual(['Premium digital']);
    expect(valuesOf(trial!, 'Status')).toEqual(['Prøveperiode']);
    expect(valuesOf(trial!, 'Pris')).toEqual(['kr 279,00 per måned']);
    expect(valuesOf(trial!, 'Betalingsmåte')).toEqual(['Betalingskort **** 4242, utløper 02/29']);
    expect(valuesOf(trial!, 'Prøveperioden slutter')).toEqual(['23. desember 2026']);
    expect(valuesOf(trial!, 'Rabatt')).toEqual(['25 %']);
    expect(valuesOf(trial!, 'Hvorfor det endres')).toEqual(['Studentbekreftelsen går ut']);
    // 23:30 UTC on 29 March is 01:30 the next day in Oslo (summer time began that night).
    expect(valuesOf(trial!, 'Opprettet')).toEqual(['30. mars 2026 kl. 01:30']);
    expect(valuesOf(ending!, 'Status')).toEqual(['Sagt opp, aktivt ut perioden']);
    expect(valuesOf(ending!, 'Pris')).toEqual(['kr 6\u00a0490,00 per år']);
    expect(valuesOf(ending!, 'Grunn til oppsigelsen')).toEqual(['Flytter']);
    expect(valuesOf(ending!, 'Utløper')).toEqual(['13. mars 2027']);
    expect(valuesOf(ending!, 'Betalingsmåte')).toEqual(['AvtaleGiro']);

    const [cancelled, shared] = cardsOf('Endringer i abonnementene (2)');
    expect(valuesOf(cancelled!, 'Hva skjedde')).toEqual(['Sagt opp']);
    expect(valuesOf(cancelled!, 'Abonnement')).toEqual([
      'Firda, Papir + digital (nr.\u00a0500000005)',
    ]);
    expect(valuesOf(cancelled!, 'Status før')).toEqual(['Aktivt']);
    expect(valuesOf(cancelled!, 'Gjort av')).toEqual(['Du']);
    // A subscription that is not the reader's own (a family share's) is named by its number.
    expect(valuesOf(shared!, 'Abonnement')).toEqual(['Nr.\u00a0500000009']);

    const [invoice] = cardsOf('Fakturaer og betalinger (1)');
    expect(valuesOf(invoice!, 'Fakturanummer')).toEqual(['800000012']);
    expect(valuesOf(invoice!, 'Beløp')).toEqual(['kr 1\u00a0749,00']);
    expect(valuesOf(invoice!, 'Periode')).toEqual(['13. oktober 2026 til 12. januar 2027']);
    expect(valuesOf(invoice!, 'Gjelder')).toEqual(['Fornyelse']);
    expect(valuesOf(invoice!, 'Betalingsmåte')).toEqual(['Faktura']);
    const [order] = cardsOf('Bestillinger (1)');
    expect(valuesOf(order!, 'Tilbud')).toEqual(['Første måned for 1 krone']);
    expect(valuesOf(order!, 'Beløp')).toEqual(['kr 1,00']);
    expect(valuesOf(order!, 'Status')).toEqual(['Avvist']);
    expect(valuesOf(order!, 'Hvorfor betalingen ikke gikk gjennom')).toEqual([
      'Vi fikk ikke bekreftet betalingen',
    ]);

    const [move, stop] = cardsOf('Endringer i leveringen (2)');
    expect(valuesOf(move!, 'Type')).toEqual(['Midlertidig adresse']);
    expect(valuesOf(move!, 'Periode')).toEqual(['4. januar 2027 til og med 13. januar 2027']);
    expect(valuesOf(move!, 'Adresse')).toEqual(['Paula Papir, Hytteveien 3, 4640 Søgne']);
    expect(within(move!).queryByText('Kreditert', { selector: 'dt' })).toBeNull();
    expect(valuesOf(stop!, 'Periode')).toEqual(['Fra 4. november 2026, inntil videre']);
    expect(valuesOf(stop!, 'Kreditert')).toEqual(['kr 123,00']);
    const [complaint] = cardsOf('Klager på levering (1)');
    expect(valuesOf(complaint!, 'Hva var galt')).toEqual(['Avisen var våt eller skadet']);
    expect(valuesOf(complaint!, 'Leveringsdager')).toEqual([
      '25. november 2026, 26. november 2026',
    ]);

    const [profile] = cardsOf('Profilen');
    expect(valuesOf(profile!, 'Leveringsadresse')).toEqual([
      'Paula Papir, Dronningens gate 15 H0101, etasje 2, 4610 Kristiansand S',
    ]);
    const [change] = cardsOf('Hendelser på kontoen (1)');
    expect(valuesOf(change!, 'Endret')).toEqual(['telefon, leveringsadresse']);
    expect(valuesOf(change!, 'Gjort av')).toEqual(['Du']);
    const consents = screen.getByRole('region', { name: 'Samtykker (2)' });
    expect(valuesOf(consents, 'Samtykke')).toEqual(['Nyheter og tilbud på e-post', 'Annonser']);
    expect(valuesOf(consents, 'Svar')).toEqual(['Ja', 'Nei']);

    // Nothing of the database's own language: no column name, plan code, øre or key.
    const text = summary.textContent ?? '';
    for (const column of columnsOf(fullCopy))
      expect([column, text.includes(column)]).toEqual([column, false]);
    for (const internal of [
      'C-DIGITAL-PREMIUM',
      'card_3115ff',
      '27900',
      '174900',
      'privacy.export',
    ])
      expect([internal, text.includes(internal)]).toEqual([internal, false]);
    expect(text).not.toContain('Vi har ingen opplysninger');
    // A long e-mail address may break anywhere; other values keep their words whole.
    const identity = screen.getByRole('region', { name: 'Fra innloggingstjenesten' });
    const email = within(identity).getByText(fullCopy.identity.email, { selector: 'dd' });
    expect(email).toHaveAttribute('data-wrap', 'anywhere');
    expect(screen.getByText('Prøveperiode', { selector: 'dd' })).not.toHaveAttribute('data-wrap');
  });

  it('reads the copy in nynorsk on a nynorsk title', async () => {
    const data: PersonalData = {
      ...fullCopy,
      consents: [],
      consentHistory: [],
      segmentMessagesClosed: [],
      deletionRequests: [],
    };
    const heading = await readCopy(data, 'nn');
    expect(heading.parentElement).toHaveTextContent(
      'Kopien vart laga 27. november 2026 kl. 11:00.',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Abonnementa dine' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Bestillingar, fakturaer og betalingar' }),
    ).toBeVisible();
    const [trial, ending] = cardsOf('Abonnement (2)');
    expect(valuesOf(trial!, 'Blir fornya')).toEqual(['24. desember 2026']);
    expect(valuesOf(trial!, 'Pris')).toEqual(['kr 279,00 per månad']);
    expect(valuesOf(trial!, 'Kvifor det blir endra')).toEqual(['Studentstadfestinga går ut']);
    expect(valuesOf(ending!, 'Grunn til oppseiinga')).toEqual(['Flyttar']);
    expect(valuesOf(ending!, 'Status')).toEqual(['Sagt opp, aktivt ut perioden']);
    const [cancelled] = cardsOf('Endringar i abonnementa (2)');
    expect(valuesOf(cancelled!, 'Kva skjedde')).toEqual(['Sagt opp']);
    const [stop] = cardsOf('Endringar i leveringa (2)').slice(1);
    expect(valuesOf(stop!, 'Periode')).toEqual(['Frå 4. november 2026, inntil vidare']);
    const [profile] = cardsOf('Profilen');
    expect(valuesOf(profile!, 'Namn')).toEqual(['Paula Papir']);
    expect(screen.getByRole('region', { name: 'Samtykke og personvern' })).toHaveTextContent(
      'Vi har ingen opplysningar om deg her.',
    );
    expect(screen.getByText('Vi har ingen opplysningar om deg her.')).toBeVisible();
  });

  it('says an old copy was deleted, and when three copies a day are made (nynorsk)', async () => {
    serveApi([
      route('GET', '/api/privacy/export', () => json({ latest: copy('expired') })),
      route('POST', '/api/privacy/export', () => problem(429, 'RATE_LIMITED')),
    ]);
    const { user } = await renderExport('nn');
    expect(
      await screen.findByText('Kopien frå 27. november 2026 er sletta. Du kan lage ein ny.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lag ein kopi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har laga tre kopiar i dag. Prøv igjen i morgon.',
    );
  });
});
