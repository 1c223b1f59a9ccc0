// The FAQ of /kundeservice: true to what the product does today. Every link of an
// answer goes to a screen of the route table that is built (a link to a route that does not
// exist, or is listed but not built, fails here); what a screen shows from data is told from the
// same data (the payment methods, the catalogue's first-month offer and family-sharing plans);
// and no answer promises what is not there.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { matchPath } from 'react-router';

import CustomerServiceScreen from '../../../src/app/features/customer-service/CustomerServiceScreen';
import { faq } from '../../../src/app/features/customer-service/faq';
import { registeredRoutes, routes } from '../../../src/app/routing/routes';
import { formatKroner } from '../../../src/shared/money/money';
import { catalogueRoute, fvnCatalogue, subscriberState } from '../fixtures';
import { json, problem, renderWithState, serveApi } from '../render';

/** Whether a link's path is a screen that exists: a registered route (with its screen). */
const existingScreen = (href: string) => {
  const pathname = new URL(href, 'http://fvn.localhost').pathname;
  return registeredRoutes.some((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
};

async function renderFaq(language: 'nb' | 'nn' = 'nb', catalogue = true) {
  serveApi([
    catalogueRoute(() => (catalogue ? json(fvnCatalogue) : problem(500, 'INTERNAL_ERROR'))),
  ]);
  const rendered = await renderWithState(<CustomerServiceScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['customer-service'],
  });
  return { ...rendered, faq: screen.getByRole('region', { name: 'Ofte stilte spørsmål' }) };
}

const answerTo = (faqRegion: HTMLElement, question: string) =>
  within(faqRegion).getByText(question).closest('details')!;

describe('FAQ on /kundeservice', () => {
  it('links only to screens that exist (the data)', () => {
    const links = faq.flatMap((entry) => entry.links.map((link) => link.to));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((to) => !existingScreen(to))).toEqual([]);
  });

  it('links only to screens that exist (what is rendered, in both languages)', async () => {
    for (const language of ['nb', 'nn'] as const) {
      const { faq: region, unmount } = await renderFaq(language);
      const hrefs = within(region)
        .getAllByRole('link', { hidden: true })
        .map((a) => a.getAttribute('href') ?? '');
      expect(hrefs.length).toBe(faq.flatMap((e) => e.links).length);
      expect(hrefs.filter((href) => !href.startsWith('/') || !existingScreen(href))).toEqual([]);
      unmount();
    }
  });

  it('would catch a link to a route that is not built or not there at all', () => {
    // Every route of the table (requirements §2) has its screen now, so all of them are registered; a
    // route without one would not be, and a link to it would be caught like one to /finnes-ikke.
    expect(routes.filter((r) => !r.screen).map((r) => r.path)).toEqual([]);
    expect(registeredRoutes).toHaveLength(routes.length);
    expect(existingScreen('/finnes-ikke')).toBe(false);
    expect(existingScreen('/betal-faktura/800000012')).toBe(true);
  });

  it('tells the payment methods and prices from the same data as the screens', async () => {
    const { faq: region } = await renderFaq();
    expect(await within(region).findByText(/Nye lesere betaler/)).toHaveTextContent(
      `Nye lesere betaler ${formatKroner(100)} for den første måneden av Premium digital.`,
    );
    expect(answerTo(region, 'Kan jeg dele abonnementet med familien?')).toHaveTextContent(
      'Familiedeling følger med Premium digital og Papir + digital.',
    );
    expect(answerTo(region, 'Hvordan endrer jeg betalingsmåte?')).toHaveTextContent(
      'Du kan betale med betalingskort eller Vipps.',
    );
    const payment = within(answerTo(region, 'Hvordan endrer jeg betalingsmåte?'));
    expect(
      payment.getByRole('link', { name: 'Endre betalingsmåte til Vipps', hidden: true }),
    ).toHaveAttribute('href', '/endre-betalingsmetode');
    expect(answerTo(region, 'Hvor finner jeg fakturaene mine?')).toHaveTextContent(
      'En ubetalt faktura kan du betale der med betalingskort eller Vipps.',
    );
  });

  it('leaves out what the catalogue would tell when it cannot be read', async () => {
    const { faq: region } = await renderFaq('nb', false);
    const renewal = answerTo(region, 'Fornyes abonnementet automatisk?');
    expect(renewal).toHaveTextContent(/fornyes automatisk til ordinær pris/);
    expect(renewal).not.toHaveTextContent(/Nye lesere/);
    expect(answerTo(region, 'Kan jeg dele abonnementet med familien?')).not.toHaveTextContent(
      /følger med/,
    );
  });

  it('promises nothing that is not there, and writes no paths in the texts', () => {
    for (const language of ['nb', 'nn']) {
      const catalogue = JSON.parse(
        readFileSync(
          path.resolve(import.meta.dirname, `../../../locales/${language}/customer-service.json`),
          'utf8',
        ),
      ) as { 'customer-service': { faq: Record<string, unknown> } };
      const texts = JSON.stringify(catalogue['customer-service'].faq);
      expect(texts).not.toMatch(
        /\b(snart|kommer|etter hvert|etter kvart|ennå|enno|kjem|senere|seinare|planlegg)/i,
      );
      expect(texts).not.toMatch(/\s\/[a-z]/);
    }
  });
});
