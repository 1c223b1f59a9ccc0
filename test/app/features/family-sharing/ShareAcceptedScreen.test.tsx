// /deling-akseptert: what the new member now has (whose subscription, the plan's digital
// features, at no cost) and the next steps; a reader who shares nothing is told so; nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import type { Subscription } from '../../../../src/app/api/subscription';
import ShareAcceptedScreen from '../../../../src/app/features/family-sharing/ShareAcceptedScreen';
import { subscriberState, subscriptionWith } from '../../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../../render';

import { FAMILY_PATH, memberFamily } from './family-support';

const share = subscriptionWith({
  eligibleForSharing: false,
  instStatusCode: 61,
  status: 'ACTIVE_NON_BILLABLE',
  planName: 'Premium digital',
  features: ['content', 'e-paper', 'partner-content'],
  paymentMethod: null,
});

const renderScreen = (subscription: Subscription = share, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<ShareAcceptedScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['family-sharing'],
    route: '/deling-akseptert',
  });

describe('ShareAcceptedScreen', () => {
  it('says whose subscription the reader now shares, what it includes and what comes next', async () => {
    serveApi([route('GET', FAMILY_PATH, () => json(memberFamily()))]);
    await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Velkommen i familiedelingen!' }),
    ).toBeVisible();
    expect(
      await screen.findByText('Du deler nå abonnementet til Dag Digital på Fædrelandsvennen.'),
    ).toBeVisible();
    const includes = screen.getByRole('region', { name: 'Dette har du fått (Premium digital)' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alt innhold på nett og i appen', 'E-avis', 'Innhold fra partneraviser']);
    expect(includes).toHaveTextContent('Det koster deg ingenting.');

    const next = screen.getByRole('region', { name: 'Slik kommer du i gang' });
    expect(next).toHaveTextContent(
      'Logg inn med kari@example.no på nettsiden og i appen, så får du tilgang til alt innholdet.',
    );
    expect(within(next).getByRole('link', { name: 'Gå til Fædrelandsvennen' })).toHaveAttribute(
      'href',
      'https://www.fvn.no/',
    );
    expect(within(next).getByRole('link', { name: 'Familiedeling' })).toHaveAttribute(
      'href',
      '/familiedeling',
    );
    expect(next).toHaveTextContent(
      'Avslutter Dag Digital abonnementet eller fjerner deg, får du beskjed på e-post',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('still says what the reader has when who shares it could not be read', async () => {
    serveApi([route('GET', FAMILY_PATH, () => problem(500, 'INTERNAL_ERROR'))]);
    await renderScreen();
    expect(
      await screen.findByText('Du har nå tilgang til Fædrelandsvennen gjennom familiedeling.'),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Dette har du fått (Premium digital)' }),
    ).toBeVisible();
  });

  it('tells a reader who shares nothing, without asking the server', async () => {
    const calls = serveApi([]);
    await renderScreen(subscriptionWith());
    expect(screen.getByRole('heading', { level: 1, name: 'Ingen familiedeling' })).toBeVisible();
    expect(
      screen.getByText('Du er ikke med i noen familiedeling på Fædrelandsvennen nå.'),
    ).toBeVisible();
    expect(callsTo(calls, 'GET', FAMILY_PATH)).toHaveLength(0);
  });

  it('reads in nynorsk', async () => {
    serveApi([route('GET', FAMILY_PATH, () => json(memberFamily()))]);
    await renderScreen(share, 'nn');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Velkomen i familiedelinga!' }),
    ).toBeVisible();
    expect(
      await screen.findByText('Du deler no abonnementet til Dag Digital på Fædrelandsvennen.'),
    ).toBeVisible();
  });
});
