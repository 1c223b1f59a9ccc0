// The spinner is decoration: hidden from assistive technology, sized by data-size.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { Spinner } from '../../../src/app/ui/Spinner';

describe('Spinner', () => {
  it('is hidden from the accessibility tree and keeps Designsystemet classes', () => {
    render(
      <p>
        <Spinner data-size="sm" className="extra" /> Laster
      </p>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    const svg = document.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('data-size', 'sm');
    expect(svg).toHaveClass('ds-spinner', 'extra');
  });
});
