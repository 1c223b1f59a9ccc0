// The progress line: an announced status with the spinner beside the text, empty without text.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { Progress } from '../../../src/app/ui/Progress';

describe('Progress', () => {
  it('announces what is happening, with a decorative spinner', () => {
    const { container } = render(<Progress>Henter fakturaen …</Progress>);
    expect(screen.getByRole('status')).toHaveTextContent('Henter fakturaen …');
    const spinner = container.querySelector('svg.ds-spinner');
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps an empty live region (no spinner) when there is nothing to say', () => {
    const { container } = render(<Progress>{null}</Progress>);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(container.querySelector('svg')).toBeNull();
  });

  it("holds a screen's place while a screen body loads (reserve), and only then", () => {
    const { rerender } = render(<Progress reserve>Henter prisene …</Progress>);
    expect(screen.getByRole('status')).toHaveClass('progress', 'progress--reserve');
    rerender(<Progress>Henter prisene …</Progress>);
    expect(screen.getByRole('status')).not.toHaveClass('progress--reserve');
  });
});
