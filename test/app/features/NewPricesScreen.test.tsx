// /nye-priser: every product and period of the title's catalogue in kroner for anyone, and for a
// logged-in subscriber their price now and from the next renewal.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import type { Catalogue } from '../../../src/app/api/order';
import type { Subscription } from '../../../src/app/api/subscription';
import NewPricesScreen from '../../../src/app/features/prices/NewPricesScreen';
import type { RootState } from '../../../src/app/store/store';
import { catalogueRoute, fvn, fvnCatalogue, subscriberState, subscriptionWith } from '../fixtures';
import { json, problem, renderWithState, serveApi } from '../render';

const premium = subscriptionWith({
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  period: 'Månedlig',
  price: 27_900,
  renewalDate: '2026-11-22',
});

function serveCatalogue(catalogue: Catalogue | (() => Response) = fvnCatalogue) {
  return serveApi([
    catalogueRoute(typeof catalogue === 'function' ? catalogue : () => json(catalogue)),
  ]);
}

const anonymous: Partial<RootState> = {
  title: { title: fvn },
  spinner: { showSpinner: false, spinnerMsg: '' },
};

const renderPrices = (
  preloadedState: Partial<RootState> = anonymous,
  language: 'nb' | 'nn' = 'nb',
) => renderWithState(<NewPricesScreen />, { preloadedState, language, namespaces: ['prices'] });

/** The rows of a product's price table: [period, price]. */
async function pricesOf(planName: string) {
  const table = await screen.findByRole('table', { name: planName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

const ownPrice = () => screen.getByRole('region', { name: 'Din pris' });

describe('NewPricesScreen', () => {
  it("lists every product and period of the title's catalogue in kroner", async () => {
    serveCatalogue();
    await renderPrices();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Priser for Fædrelandsvennen' }),
    ).toBeVisible();
    expect(screen.getByText(/fornyes automatisk til ordinær pris, uten bindingstid/)).toBeVisible();
    expect(await pricesOf('Premium digital')).toEqual([
      ['Månedlig', 'kr 279,00 per måned'],
      ['Kvartalsvis', 'kr 799,00 per kvartal'],
      ['Årlig', 'kr 2\u00a0990,00 per år'],
      ['Månedlig Premium', 'kr 379,00 per måned'],
    ]);
    expect(await pricesOf('Papir + digital')).toEqual([
      ['Månedlig', 'kr 599,00 per måned'],
      ['Årlig', 'kr 6\u00a0490,00 per år'],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Premium digital',
      'UNG digital',
      'Student digital',
      'Bedrift digital',
      'Papir + digital',
    ]);
    expect(
      screen.getByText('Ny abonnent? Du betaler kr 1,00 den første måneden for Premium digital.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Din pris' })).not.toBeInTheDocument();
  });

  it("tells a subscriber their price stays the same when the catalogue's is theirs", async () => {
    serveCatalogue();
    await renderPrices(subscriberState(premium));
    await screen.findByRole('table', { name: 'Premium digital' });
    expect(ownPrice()).toHaveTextContent(
      'I dag betaler du kr 279,00 per måned for Premium digital (Månedlig).',
    );
    expect(ownPrice()).toHaveTextContent(
      'Prisen din er den samme når abonnementet fornyes 22. november 2026.',
    );
  });

  it('tells a subscriber the new price from the renewal date when it differs', async () => {
    serveCatalogue();
    await renderPrices(subscriberState({ ...premium, price: 24_900 }));
    await screen.findByRole('table', { name: 'Premium digital' });
    expect(ownPrice()).toHaveTextContent('I dag betaler du kr 249,00 per måned');
    expect(ownPrice()).toHaveTextContent('Ny pris fra 22. november 2026: kr 279,00 per måned.');
  });

  it('shows the plan a scheduled change renews into', async () => {
    const changing: Subscription = {
      ...premium,
      pendingChange: {
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        planName: 'Premium digital',
        period: 'Årlig',
        price: 299_000,
        effectiveDate: '2026-11-22',
      },
    };
    serveCatalogue();
    await renderPrices(subscriberState(changing));
    await screen.findByRole('table', { name: 'Premium digital' });
    expect(ownPrice()).toHaveTextContent(
      'Fra 22. november 2026 endres abonnementet til Premium digital (Årlig), og du betaler kr 2 990,00 per år.',
    );
  });

  it('says a cancelled subscription does not renew', async () => {
    serveCatalogue();
    await renderPrices(
      subscriberState({
        ...premium,
        instStatusCode: 2,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    await screen.findByRole('table', { name: 'Premium digital' });
    expect(ownPrice()).toHaveTextContent(
      'Abonnementet ditt fornyes ikke. Du har tilgang til og med 31. desember 2026.',
    );
  });

  it('offers to try again when the prices cannot be had', async () => {
    let fail = true;
    serveCatalogue(() => (fail ? problem(500, 'INTERNAL_ERROR') : json(fvnCatalogue)));
    const { user } = await renderPrices();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke hentet prisene akkurat nå.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('table', { name: 'Premium digital' })).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    serveCatalogue();
    await renderPrices(subscriberState(premium), 'nn');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Prisar for Fædrelandsvennen' }),
    ).toBeVisible();
    expect((await pricesOf('UNG digital'))[0]).toEqual(['Månadleg', 'kr 99,00 per månad']);
    expect(screen.getByRole('region', { name: 'Prisen din' })).toHaveTextContent(
      'Prisen din er den same når abonnementet blir fornya 22. november 2026.',
    );
  });
});
