// The offer card: an accent card with an optional heading over the offer's text.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { OfferCard } from '../../../src/app/ui/OfferCard';

describe('OfferCard', () => {
  it('shows the heading and the offer', () => {
    render(
      <OfferCard heading="Et tilbud til deg">
        <p>Tre måneder for prisen av én.</p>
      </OfferCard>,
    );
    const heading = screen.getByRole('heading', { name: 'Et tilbud til deg', level: 2 });
    const card = heading.parentElement!;
    expect(card).toHaveClass('ds-card');
    expect(card).toHaveAttribute('data-color', 'accent');
    expect(card).toHaveTextContent('Tre måneder for prisen av én.');
  });

  it('has no heading when none is given', () => {
    render(
      <OfferCard>
        <p>Halv pris i ett år.</p>
      </OfferCard>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Halv pris i ett år.')).toBeVisible();
  });
});
