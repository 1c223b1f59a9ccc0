// The retention offer: the cheaper way to keep the subscription (another period or the youth
// plan), its yearly saving and the day it takes effect, in an accent card with the screen's
// heading or none, in nb and nn.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';

import { RetentionOffer } from '../../../src/app/ui/RetentionOffer';
import type { WinbackOffer } from '../../../src/shared/subscription/winback';
import { renderApp } from '../render';

const yearly: WinbackOffer = {
  kind: 'period',
  ariaPlanID: 'plan-digital',
  planName: 'Digital',
  period: 'Årlig',
  price: 199_900,
  effectiveDate: '2026-04-01',
  currentYearlyCost: 238_800,
  offerYearlyCost: 199_900,
  yearlySaving: 38_900,
};

const youth: WinbackOffer = {
  ...yearly,
  kind: 'youth',
  ariaPlanID: 'plan-ung',
  planName: 'Digital Ung',
  period: 'Månedlig',
  price: 9_900,
  offerYearlyCost: 118_800,
  yearlySaving: 120_000,
};

describe('RetentionOffer', () => {
  it('offers the same plan on a cheaper period under the given heading', async () => {
    await renderApp(<RetentionOffer offer={yearly} heading="Behold abonnementet" />);
    const heading = screen.getByRole('heading', { name: 'Behold abonnementet', level: 2 });
    const card = heading.parentElement!;
    expect(card).toHaveClass('ds-card');
    expect(card).toHaveAttribute('data-color', 'accent');
    expect(card).toHaveTextContent(
      /Behold Digital og betal for ett år om gangen: kr\s1\s999,00 per år\. Da sparer du kr\s389,00 i året\./,
    );
    expect(card).toHaveTextContent(
      'Byttet skjer 1. april 2026, når abonnementet ellers fornyes. Til da fortsetter alt som nå, og det er ingen bindingstid.',
    );
  });

  it('offers the youth plan, with no heading of its own', async () => {
    const { container } = await renderApp(<RetentionOffer offer={youth} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container).toHaveTextContent(
      /Du er under 34 år og kan bytte til Digital Ung: kr\s99,00 per måned\. Da sparer du kr\s1\s200,00 i året\./,
    );
  });

  it('is worded in nynorsk', async () => {
    const { container } = await renderApp(<RetentionOffer offer={yearly} />, 'nn');
    expect(container).toHaveTextContent(/Behald Digital og betal for eitt år om gongen/);
    expect(container).toHaveTextContent(/Bytet skjer 1\. april 2026/);
  });
});
