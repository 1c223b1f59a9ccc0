// The step heading takes the focus when a step is shown after a move, not on a first view.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { StepHeading } from '../../../src/app/ui/StepHeading';

describe('StepHeading', () => {
  it('is an h2 that does not take the focus on a first view', () => {
    render(<StepHeading>Velg abonnement</StepHeading>);
    const heading = screen.getByRole('heading', { name: 'Velg abonnement', level: 2 });
    expect(heading).not.toHaveFocus();
  });

  it('takes the focus when shown after a move', () => {
    render(
      <StepHeading level={1} focusOnMount>
        Bekreft
      </StepHeading>,
    );
    expect(screen.getByRole('heading', { name: 'Bekreft', level: 1 })).toHaveFocus();
  });

  it('is an h3 of size sm for an outcome inside a section', () => {
    render(
      <StepHeading level={3} focusOnMount>
        Resultat
      </StepHeading>,
    );
    const heading = screen.getByRole('heading', { name: 'Resultat', level: 3 });
    expect(heading).toHaveAttribute('data-size', 'sm');
    expect(heading).toHaveFocus();
  });
});
