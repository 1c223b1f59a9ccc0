// Small pieces the plan-change screens share: a heading that takes the focus when a new step
// appears, the list of facts, and the words for a period and a price per period.
import { type HTMLAttributes, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { Period } from '../../api/order';
import { periodSlug } from '../../format/subscription';

type StepHeadingProps = HTMLAttributes<HTMLHeadingElement> & {
  readonly level?: 1 | 2;
  /** Move the focus here when shown (a step the reader just went to), not on a first view. */
  readonly focusOnMount?: boolean;
};

export function StepHeading({
  level = 2,
  focusOnMount = false,
  children,
  ...rest
}: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading
      ref={ref}
      tabIndex={-1}
      className="ds-heading"
      data-size={level === 1 ? 'lg' : 'md'}
      {...rest}
    >
      {children}
    </Heading>
  );
}

export interface Fact {
  readonly key: string;
  readonly label: string;
  readonly value: ReactNode;
}

export function Facts({ facts }: { readonly facts: readonly Fact[] }) {
  return (
    <dl className="facts">
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Månedlig", and "kr 279,00 per måned", in the reader's language. */
export function usePeriodWords() {
  const { t } = useTranslation('plan-change');
  const period = useCallback((value: Period) => t(`plan-change.period.${periodSlug(value)}`), [t]);
  const pricePer = useCallback(
    (price: number, value: Period) =>
      t(`plan-change.price-per.${periodSlug(value)}`, { price: formatKroner(price) }),
    [t],
  );
  return { period, pricePer };
}
