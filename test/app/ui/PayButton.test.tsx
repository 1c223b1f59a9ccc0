// The pay button: enabled and quiet when idle; disabled with an announced progress text when busy.
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { PayButton } from '../../../src/app/ui/PayButton';

describe('PayButton', () => {
  it('pays when pressed', async () => {
    const onClick = jest.fn();
    render(
      <PayButton
        label="Betal kr 279,00"
        busyText="Sender deg til betaling …"
        busy={false}
        type="button"
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: 'Betal kr 279,00' });
    expect(button).toBeEnabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled with the progress text while busy (no second payment)', () => {
    render(<PayButton label="Betal kr 279,00" busyText="Sender deg til betaling …" busy />);
    expect(screen.getByRole('button', { name: 'Betal kr 279,00' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sender deg til betaling …');
  });

  it('is disabled when told so, without a progress text', () => {
    render(<PayButton label="Betal" busyText="…" busy={false} disabled />);
    expect(screen.getByRole('button', { name: 'Betal' })).toBeDisabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
