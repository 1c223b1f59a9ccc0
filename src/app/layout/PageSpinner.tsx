// The full-page overlay of requirements §2: the spinner with the spinner message while the store's
// spinner flag is on (the navigation guard sequence and the login/logout sagas set it).
import { useTranslation } from 'react-i18next';

import { DEFAULT_SPINNER_MESSAGE, selectSpinner } from '../session/spinnerSlice';
import { useAppSelector } from '../store/hooks';
import { Spinner } from '../ui/Spinner';

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
