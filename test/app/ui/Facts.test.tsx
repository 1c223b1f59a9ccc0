// The facts list: each label with its value, in order, as a description list.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { Facts } from '../../../src/app/ui/Facts';

describe('Facts', () => {
  it('shows each label with its value, in the given order', () => {
    const { container } = render(
      <Facts
        facts={[
          { key: 'plan', label: 'Abonnement', value: 'Digital' },
          { key: 'price', label: 'Pris', value: <strong>kr 279,00</strong> },
        ]}
      />,
    );
    expect(container.querySelector('dl')).toHaveClass('facts');
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Abonnement', 'Pris']);
    expect(values.map((value) => value.textContent)).toEqual(['Digital', 'kr 279,00']);
  });

  it('is an empty list without facts', () => {
    const { container } = render(<Facts facts={[]} />);
    expect(container.querySelector('dl.facts')).toBeEmptyDOMElement();
    expect(screen.queryAllByRole('term')).toEqual([]);
  });
});
