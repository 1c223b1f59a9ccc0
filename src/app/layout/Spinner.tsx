// The loading indicator: Designsystemet's spinner (an SVG styled by .ds-spinner) and the
// full-page overlay of spec §2 that shows it with the spinner message while the flag is on.
import type { SVGAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_SPINNER_MESSAGE, selectSpinner } from '../session/spinnerSlice';
import { useAppSelector } from '../store/hooks';

type SpinnerProps = SVGAttributes<SVGSVGElement> & {
  readonly 'data-size'?: '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
};

/** The spinning circle only; decorative (the text next to it says what is happening). */
export function Spinner({ className, ...rest }: SpinnerProps) {
  return (
    <svg
      className={['ds-spinner', className].filter(Boolean).join(' ')}
      viewBox="0 0 50 50"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <circle
        className="ds-spinner__background"
        cx="25"
        cy="25"
        r="20"
        fill="none"
        strokeWidth="5"
      />
      <circle className="ds-spinner__circle" cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
    </svg>
  );
}

type PageSpinnerProps = {
  /** Hides the overlay although the flag is on (an error the reader must see wins). */
  readonly suppressed?: boolean;
};

/**
 * The full-page loading indicator. The live region is always in the page so screen readers
 * announce the message when it appears; the overlay inside it comes and goes with the flag.
 */
export function PageSpinner({ suppressed = false }: PageSpinnerProps) {
  const { t } = useTranslation();
  const { showSpinner, spinnerMsg } = useAppSelector(selectSpinner);
  const message = spinnerMsg === DEFAULT_SPINNER_MESSAGE ? t('spinner.fetching') : spinnerMsg;
  return (
    <div className="page-spinner-region" role="status" aria-live="polite">
      {showSpinner && !suppressed ? (
        <div className="page-spinner">
          <Spinner data-size="lg" />
          {message ? (
            <p className="page-spinner__message">{message}</p>
          ) : (
            <span className="ds-sr-only">{t('spinner.label')}</span>
          )}
        </div>
      ) : null}
    </div>
  );
}
