// An offer put forward (winback, reactivation price, a plan to keep): a Designsystemet card in
// the accent colour with an optional heading and the offer's text.
import type { HTMLAttributes, ReactNode } from 'react';

import './offer-card.css';

type Props = HTMLAttributes<HTMLDivElement> & {
  readonly heading?: ReactNode;
  readonly children: ReactNode;
};

export function OfferCard({ heading, className, children, ...rest }: Props) {
  return (
    <div
      className={['ds-card', 'offer-card', className].filter(Boolean).join(' ')}
      data-color="accent"
      {...rest}
    >
      {heading ? (
        <h2 className="ds-heading" data-size="sm">
          {heading}
        </h2>
      ) : null}
      {children}
    </div>
  );
}
