// The card/Vipps choice: two radios in a named group, each described, the chosen one checked.
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { PaymentMethodChoice } from '../../../src/app/ui/PaymentMethodChoice';
import type { PaymentProvider } from '../../../src/app/ui/paymentProviders';

const texts = (provider: PaymentProvider) =>
  provider === 'VIPPS'
    ? { label: 'Vipps', description: 'Betal i Vipps-appen.' }
    : { label: 'Betalingskort', description: 'Visa eller Mastercard.' };

describe('PaymentMethodChoice', () => {
  it('offers card and Vipps with descriptions, the current value checked', () => {
    render(
      <PaymentMethodChoice
        legend="Betalingsmåte"
        texts={texts}
        value="VIPPS"
        onChange={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Betalingsmåte' });
    expect(group).toBeVisible();
    const card = screen.getByRole('radio', { name: 'Betalingskort' });
    const vipps = screen.getByRole('radio', { name: 'Vipps' });
    expect(card).not.toBeChecked();
    expect(vipps).toBeChecked();
    expect(card).toHaveAccessibleDescription('Visa eller Mastercard.');
    expect(vipps).toHaveAccessibleDescription('Betal i Vipps-appen.');
  });

  it('reports the choice', async () => {
    const onChange = jest.fn();
    render(
      <PaymentMethodChoice
        legend="Betalingsmåte"
        texts={texts}
        value="VIPPS"
        onChange={onChange}
        idPrefix="invoice"
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Betalingskort' }));
    expect(onChange).toHaveBeenCalledWith('SWEDBANK-PPG');
    expect(screen.getByRole('radio', { name: 'Betalingskort' })).toHaveAttribute(
      'id',
      'invoice-swedbank-ppg',
    );
  });

  it('cannot be changed while disabled', () => {
    render(
      <PaymentMethodChoice
        legend="Betalingsmåte"
        texts={texts}
        value="SWEDBANK-PPG"
        onChange={() => {}}
        disabled
      />,
    );
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
