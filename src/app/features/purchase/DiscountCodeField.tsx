// The discount code box of the order form: the reader types a code and applies it to the price
// with Enter or the box's own button (Enter here never pays), and can remove an applied code.
// When the server refuses the code (unknown, expired, not for the plan, or too many guesses),
// the code is taken off the price and the refusal is said under the box until another is tried.
// An applied code that replaces the first month for 1 kr says so (the two are not combined).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isDiscountProblem, problemKey } from './orderRules';

import '../../ui/designsystemet-forms.css';

/**
 * Whether a refused quote is a refusal of the applied code rather than of the order: codes are
 * refused one by one, and guessing them is rate limited; either way the code goes.
 */
export const isCodeRefusal = (failureCode: string | null, applied: string) =>
  isDiscountProblem(failureCode) || (failureCode === 'RATE_LIMITED' && !!applied);

const ID = 'field-discountCode';

export function DiscountCodeField({
  applied,
  failureCode,
  failureStatus,
  description,
  replacedOffer = null,
  checking,
  disabled,
  onApply,
}: {
  /** The code applied to the price now ('' for none). */
  readonly applied: string;
  /** The code and status of the server's refusal of the current quote, if it refused it. */
  readonly failureCode: string | null;
  readonly failureStatus: number | null;
  /** The server's description of the applied code's discount, once priced. */
  readonly description: string | null;
  /** The price of the offer the applied code replaces (e.g. "kr 1,00"), if it replaced one. */
  readonly replacedOffer?: string | null;
  /** The price with the applied code is being asked for. */
  readonly checking: boolean;
  readonly disabled: boolean;
  /** Applies a code to the price ('' removes it). */
  readonly onApply: (code: string) => void;
}) {
  const { t } = useTranslation('purchase');
  const [text, setText] = useState(applied);
  const typed = text.trim().toUpperCase();

  // A code the server does not know or that does not apply: the price without it, and the
  // code's message under the box until another code is tried.
  const [error, setError] = useState<string | null>(null);
  const refused = isCodeRefusal(failureCode, applied);
  useEffect(() => {
    if (!refused) return;
    setError(t(problemKey(failureCode, failureStatus), { code: applied }));
    onApply('');
  }, [refused, failureCode, failureStatus, onApply, t, applied]);

  const applyCode = (code: string) => {
    setError(null);
    onApply(code);
  };
  const apply = () => {
    if (typed) applyCode(typed);
  };

  return (
    <div className="purchase-discount">
      <div className="ds-field">
        <label className="ds-label" htmlFor={ID}>
          {t('purchase.order.discount-label')}
          <span className="form-optional"> {t('purchase.order.optional')}</span>
        </label>
        <input
          className="ds-input"
          type="text"
          id={ID}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ID}-status`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the box applies the code; it does not pay.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        <div id={`${ID}-status`} aria-live="polite" data-field="validation">
          {error ? <p className="ds-validation-message">{error}</p> : null}
          {!error && checking ? (
            <p className="ds-paragraph">{t('purchase.order.discount-checking')}</p>
          ) : null}
          {!error && !checking && applied && description ? (
            <p className="ds-paragraph">
              {replacedOffer
                ? t('purchase.order.discount-applied-instead', {
                    code: applied,
                    description,
                    price: replacedOffer,
                  })
                : t('purchase.order.discount-applied', { code: applied, description })}
            </p>
          ) : null}
        </div>
      </div>
      {applied && applied === typed ? (
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={disabled}
          onClick={() => {
            setText('');
            applyCode('');
          }}
        >
          {t('purchase.order.discount-remove')}
        </button>
      ) : (
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={disabled || !typed}
          onClick={apply}
        >
          {t('purchase.order.discount-apply')}
        </button>
      )}
    </div>
  );
}
