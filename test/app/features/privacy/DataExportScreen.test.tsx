// /schibstedTakeoutGateway (issue 14): ask for a copy, download it or read it on the page; an
// expired copy said so; the daily limit said; failures said.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import DataExportScreen from '../../../../src/app/features/privacy/DataExportScreen';
import { subscriberState } from '../../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../../render';

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
  account: { aria_account_no: 'A-2001' },
  profile: null,
  subscriptions: [{ subscription_no: 'S-1001', plan_name: 'Digital' }],
  invoicesAndPayments: [{ id: 1, amount_ore: 27900, status: 'paid' }],
  consents: [],
};

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
    expect(summary).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Abonnementer (1)' })).toBeVisible();
    const invoices = screen.getByRole('region', { name: 'Fakturaer og betalinger (1)' });
    expect(within(invoices).getByText('27900')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Samtykker (0)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Skriv ut eller lagre som PDF' })).toBeVisible();
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
