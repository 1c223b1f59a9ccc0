// /personverninnstillinger and /samtykke1-3: the four categories changed at any time
// with accept all and reject all of the same weight, saved in the browser and with the reader;
// the contact permissions listed for a subscriber with the page of each; a permission answered
// yes or no and withdrawn; failures said, nothing lost.
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import ConsentPermissionScreen from '../../../../src/app/features/privacy/ConsentPermissionScreen';
import PrivacySettingsScreen from '../../../../src/app/features/privacy/PrivacySettingsScreen';
import { subscriberState } from '../../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../../render';

const URL = '/api/privacy/FVN/consents';

const settings = (overrides: Record<string, unknown> = {}) => ({
  titleCode: 'FVN',
  categories: { advertising: null, analytics: null, marketing: null, personalization: null },
  permissions: { email: null, sms: null, surveys: null },
  updatedAt: null,
  ...overrides,
});

afterEach(() => window.localStorage.clear());

const renderSettings = (subscribed = true, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<PrivacySettingsScreen />, {
    preloadedState: subscriberState(subscribed ? undefined : null),
    language,
    namespaces: ['privacy'],
    route: '/personverninnstillinger',
  });

describe('/personverninnstillinger', () => {
  it('a reader without a subscription changes the categories; kept in the browser and on the account', async () => {
    const calls = serveApi([
      route('GET', URL, () => json(settings())),
      route('PUT', URL, async (request) => {
        const body = (await request.json()) as { categories: Record<string, boolean> };
        return json(
          settings({ categories: body.categories, updatedAt: '2026-11-27T10:00:00.000Z' }),
        );
      }),
    ]);
    const { user } = await renderSettings(false);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Personverninnstillinger' }),
    ).toBeVisible();
    const analytics = await screen.findByRole('checkbox', { name: 'Analyse og statistikk' });
    expect(analytics).not.toBeChecked();
    // Accepting and rejecting all weigh the same.
    const accept = screen.getByRole('button', { name: 'Godta alle' });
    const reject = screen.getByRole('button', { name: 'Avvis alle' });
    expect(accept.dataset.variant).toBe(reject.dataset.variant);
    await user.click(analytics);
    await user.click(screen.getByRole('button', { name: 'Lagre valgene' }));
    expect(await screen.findByText('Valgene er lagret.')).toHaveFocus();
    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toEqual(['analytics']);
    const [put] = callsTo(calls, 'PUT', URL);
    expect(await put!.json()).toEqual({
      source: 'settings',
      categories: { advertising: false, analytics: true, marketing: false, personalization: false },
    });
    // Without a subscription there are no contact permissions to answer here.
    expect(screen.queryByRole('heading', { name: 'Kontakt fra oss' })).toBeNull();
    expect(await screen.findByText('Sist endret 27. november 2026.')).toBeVisible();
  });

  it('shows the choices kept on the account, and rejects all in one tap', async () => {
    serveApi([
      route('GET', URL, () =>
        json(
          settings({
            categories: {
              advertising: true,
              analytics: true,
              marketing: false,
              personalization: null,
            },
          }),
        ),
      ),
      route('PUT', URL, () => json(settings())),
    ]);
    const { user } = await renderSettings();
    expect(await screen.findByRole('checkbox', { name: 'Annonser' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Markedsføring' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Avvis alle' }));
    expect(await screen.findByText('Valgene er lagret.')).toBeVisible();
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem('CMP:rejected')!)).toHaveLength(4);
  });

  it('lists a subscriber’s contact permissions with the page of each (nynorsk)', async () => {
    serveApi([
      route('GET', URL, () =>
        json(settings({ permissions: { email: true, sms: false, surveys: null } })),
      ),
    ]);
    await renderSettings(true, 'nn');
    const section = await screen.findByRole('region', { name: 'Kontakt frå oss' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Nyheiter og tilbod på e-postJaEndre',
      'Tilbod og påminningar på SMSNeiEndre',
      'LesarundersøkingarIkkje svartEndre',
    ]);
    expect(
      within(section).getByRole('link', { name: 'Endre Tilbod og påminningar på SMS' }),
    ).toHaveAttribute('href', '/samtykke2');
  });

  it('says so when the choice could not be kept on the account (it stays in the browser)', async () => {
    serveApi([
      route('GET', URL, () => json(settings())),
      route('PUT', URL, () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Godta alle' }));
    expect(
      await screen.findByText(/Valgene er lagret i denne nettleseren, men vi fikk ikke lagret dem/),
    ).toHaveFocus();
    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toHaveLength(4);
  });

  it('says so when the choices cannot be read, with a retry', async () => {
    let reads = 0;
    serveApi([
      route('GET', URL, () => (++reads === 1 ? problem(500, 'INTERNAL_ERROR') : json(settings()))),
    ]);
    const { user } = await renderSettings();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke hentet valgene dine akkurat nå.');
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('checkbox', { name: 'Annonser' })).toBeVisible();
  });
});

const renderPermission = (path: string, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<ConsentPermissionScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['privacy'],
    route: path,
  });

describe('/samtykke1-3', () => {
  it('/samtykke1: says what yes means, takes a yes, then a no', async () => {
    let email: boolean | null = null;
    const calls = serveApi([
      route('GET', URL, () => json(settings({ permissions: { email, sms: null, surveys: null } }))),
      route('PUT', URL, async (request) => {
        email = ((await request.json()) as { permissions: { email: boolean } }).permissions.email;
        return json(settings({ permissions: { email, sms: null, surveys: null } }));
      }),
    ]);
    const { user } = await renderPermission('/samtykke1');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nyheter og tilbud på e-post' }),
    ).toBeVisible();
    expect(screen.getByText(/høyst én gang i uken/)).toBeVisible();
    expect(await screen.findByText('Du har ikke svart ennå.')).toBeVisible();
    const group = screen.getByRole('group', { name: 'Vil du ha nyheter og tilbud på e-post?' });
    await user.click(within(group).getByRole('button', { name: 'Ja, send meg e-post' }));
    expect(await screen.findByText('Lagret: du får nyheter og tilbud på e-post.')).toHaveFocus();
    expect(within(group).getByRole('button', { name: 'Ja, send meg e-post' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(group).getByRole('button', { name: 'Nei takk' }));
    expect(
      await screen.findByText('Lagret: du får ikke nyheter og tilbud på e-post.'),
    ).toBeVisible();
    const puts = await Promise.all(callsTo(calls, 'PUT', URL).map((c) => c.json()));
    expect(puts).toEqual([
      { source: 'samtykke1', permissions: { email: true } },
      { source: 'samtykke1', permissions: { email: false } },
    ]);
    expect(screen.getByRole('link', { name: 'Alle personverninnstillingene' })).toHaveAttribute(
      'href',
      '/personverninnstillinger',
    );
  });

  it('/samtykke3 in nynorsk, and a failed answer is said', async () => {
    serveApi([
      route('GET', URL, () => json(settings())),
      route('PUT', URL, () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderPermission('/samtykke3', 'nn');
    expect(screen.getByRole('heading', { level: 1, name: 'Lesarundersøkingar' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Ja, spør meg' }));
    expect(
      await screen.findByText('Vi fekk ikkje lagra svaret ditt. Prøv igjen om litt.'),
    ).toHaveFocus();
  });
});
