// /mitt-innhold: what the subscription gives, each with where to use it; the partner
// titles of the group for a plan with the partner content; a family member's share said so.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import MyContentScreen from '../../../../src/app/features/my-content/MyContentScreen';
import { subscriberState, subscriptionWith } from '../../fixtures';
import { renderWithState } from '../../render';

const renderContent = (features: string[], overrides = {}, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<MyContentScreen />, {
    preloadedState: subscriberState(
      subscriptionWith({ features: features as never, planName: 'Premium digital', ...overrides }),
    ),
    language,
    namespaces: ['my-content'],
    route: '/mitt-innhold',
  });

describe('/mitt-innhold', () => {
  it('lists each thing the subscription gives with where to use it, and the partner titles', async () => {
    await renderContent(['content', 'e-paper', 'family-share', 'partner-content']);
    expect(screen.getByRole('heading', { level: 1, name: 'Mitt innhold' })).toBeVisible();
    expect(
      screen.getByText(
        'Dette gir abonnementet ditt (Premium digital) deg tilgang til, og her bruker du det.',
      ),
    ).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Alt innhold på nett og i appen',
      'E-avisen',
      'Familiedeling',
      'Innhold fra avisene i samarbeidet',
    ]);
    expect(screen.getByRole('link', { name: 'Les e-avisen' })).toHaveAttribute(
      'href',
      'https://www.fvn.no/eavis/',
    );
    expect(screen.getByRole('link', { name: 'Administrer familiedeling' })).toHaveAttribute(
      'href',
      '/familiedeling',
    );
    const partners = within(screen.getByRole('list', { name: 'Avisene i samarbeidet' }))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(partners.length).toBeGreaterThan(1);
    expect(partners).not.toContain('Fædrelandsvennen');
    expect([...partners].sort((a, b) => a!.localeCompare(b!, 'nb'))).toEqual(partners);
  });

  it('a paper subscription leads to the delivery pages; a family member’s share says so (nynorsk)', async () => {
    await renderContent(['content', 'paper'], { eligibleForSharing: false }, 'nn');
    expect(screen.getByRole('heading', { level: 1, name: 'Mitt innhald' })).toBeVisible();
    expect(
      screen.getByText(/Du har tilgang gjennom familiedeling \(Premium digital\)/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Endre levering' })).toHaveAttribute(
      'href',
      '/endre-avislevering',
    );
    expect(screen.getByRole('link', { name: 'Sei frå om levering' })).toHaveAttribute(
      'href',
      '/tilbakemelding',
    );
    expect(screen.queryByRole('list', { name: 'Avisene i samarbeidet' })).toBeNull();
  });
});
