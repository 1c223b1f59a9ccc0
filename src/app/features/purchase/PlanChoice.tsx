// The order's first two choices, as radios: the plan (the products the reader's age allows, a
// youth plan described with its age limit, and a line for each one withheld) and the period of
// the chosen plan, each with its price per period and the first-month offer where it applies.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import { addedFeatures } from '../../../shared/subscription/features';
import type { Catalogue, CatalogueProduct, Period } from '../../api/order';
import { periodSlug } from '../../lib/format/subscription';
import { usePeriodWords } from '../../ui/usePeriodWords';

import { YouthWithheldNotes } from './AgeNotices';

import '../../ui/designsystemet-forms.css';

/**
 * The plan radios; a youth plan the reader is too old for is not offered, its reason is said,
 * and it is never the chosen one: the first offered is chosen instead.
 */
export function PlanChoice({
  catalogue,
  offered,
  withheld,
  value,
  disabled,
  onChange,
}: {
  readonly catalogue: Catalogue;
  readonly offered: readonly CatalogueProduct[];
  readonly withheld: readonly CatalogueProduct[];
  /** The chosen plan's ariaPlanID. */
  readonly value: string;
  readonly disabled: boolean;
  /** Chooses a plan; also called (from an effect) when the chosen plan is withheld. */
  readonly onChange: (product: CatalogueProduct) => void;
}) {
  const { t } = useTranslation('purchase');
  const chosenWithheld = withheld.some((p) => p.ariaPlanID === value);
  const firstOffered = offered[0];
  useEffect(() => {
    if (chosenWithheld && firstOffered) onChange(firstOffered);
  }, [chosenWithheld, firstOffered, onChange]);
  return (
    <fieldset className="ds-fieldset purchase-choices">
      <legend className="ds-label">{t('purchase.order.plan-legend')}</legend>
      {offered.map((p) => {
        const id = `plan-${p.ariaPlanID}`;
        const description = p.youth
          ? t('purchase.order.youth-note', { product: p.product, age: catalogue.youthMaximumAge })
          : p.product;
        return (
          <div className="ds-field" data-variant="outline" key={p.ariaPlanID}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name="ariaPlanID"
              value={p.ariaPlanID}
              checked={value === p.ariaPlanID}
              disabled={disabled}
              onChange={() => onChange(p)}
              aria-describedby={`${id}-description`}
            />
            <label className="ds-label" htmlFor={id}>
              {p.planName}
            </label>
            <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
              {description}
            </p>
          </div>
        );
      })}
      <YouthWithheldNotes plans={withheld} maximumAge={catalogue.youthMaximumAge} />
    </fieldset>
  );
}

/**
 * The period radios of the chosen plan, each with its price (and the offer's, if it has one) and
 * what a period includes beyond the plan (the premium month's e-paper and partner content).
 */
export function PeriodChoice({
  catalogue,
  withoutFirstMonthOffer = false,
  product,
  value,
  disabled,
  onChange,
}: {
  readonly catalogue: Catalogue;
  /** The server said this reader does not get the catalogue's first month for 1 kr. */
  readonly withoutFirstMonthOffer?: boolean;
  /** The chosen plan. */
  readonly product: CatalogueProduct;
  readonly value: Period;
  readonly disabled: boolean;
  readonly onChange: (period: Period) => void;
}) {
  const { t } = useTranslation('purchase');
  const { period, pricePer } = usePeriodWords();
  const offer = withoutFirstMonthOffer ? null : catalogue.firstMonthOffer;
  return (
    <fieldset className="ds-fieldset purchase-choices">
      <legend className="ds-label">{t('purchase.order.period-legend')}</legend>
      {product.options.map((option) => {
        const id = `period-${periodSlug(option.period)}`;
        const price = pricePer(option.price, option.period);
        const withOffer =
          offer?.ariaPlanID === product.ariaPlanID && offer.period === option.period;
        const extra = addedFeatures(product.features, option.features);
        return (
          <div className="ds-field" data-variant="outline" key={option.period}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name="period"
              value={option.period}
              checked={value === option.period}
              disabled={disabled}
              onChange={() => onChange(option.period)}
              aria-describedby={`${id}-description`}
            />
            <label className="ds-label" htmlFor={id}>
              {period(option.period)}
            </label>
            <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
              {withOffer
                ? t('purchase.order.period-offer', { offer: formatKroner(offer.price), price })
                : price}
              {extra.length > 0
                ? ` ${t('purchase.order.period-includes', {
                    features: extra.map((f) => t(`purchase.features.${f}`)).join(', '),
                  })}`
                : null}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
