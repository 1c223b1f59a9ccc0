// The card/Vipps choice (requirements §8 labels): radios in a fieldset, each with its description. The
// texts come in as props so each screen keeps its keys in its own namespace.
import type { ReactNode } from 'react';

import { PAYMENT_PROVIDERS, type PaymentProvider, providerSlug } from './paymentProviders';

import './designsystemet-forms.css';
import './payment-method-choice.css';

type Props = {
  readonly legend: ReactNode;
  /** The label and description of each provider. */
  readonly texts: (provider: PaymentProvider) => {
    readonly label: ReactNode;
    readonly description: ReactNode;
  };
  readonly value: PaymentProvider;
  readonly onChange: (provider: PaymentProvider) => void;
  readonly disabled?: boolean;
  /** Prefix of the radios' ids (unique on the page). */
  readonly idPrefix?: string;
};

export function PaymentMethodChoice({
  legend,
  texts,
  value,
  onChange,
  disabled = false,
  idPrefix = 'payment',
}: Props) {
  return (
    <fieldset className="ds-fieldset payment-method-choice">
      <legend className="ds-label">{legend}</legend>
      {PAYMENT_PROVIDERS.map((provider) => {
        const id = `${idPrefix}-${providerSlug(provider)}`;
        const { label, description } = texts(provider);
        return (
          <div className="ds-field" data-variant="outline" key={provider}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name="paymentProvider"
              value={provider}
              checked={value === provider}
              disabled={disabled}
              onChange={() => onChange(provider)}
              aria-describedby={`${id}-description`}
            />
            <label className="ds-label" htmlFor={id}>
              {label}
            </label>
            <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
              {description}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
