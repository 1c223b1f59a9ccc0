// Why /endre-abonnement cannot change this subscription (changeBlock), and where to go instead:
// the home page for a plan the reader stops qualifying for, /angre-oppsigelse for a cancellation
// in progress, customer service for the rest.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';

import type { ChangeBlock } from './planChoices';

/** The reason the change is refused here, with the way on. */
export function Blocked({
  block,
  subscription,
}: {
  readonly block: ChangeBlock;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  return (
    <section aria-labelledby="plan-change-blocked-heading">
      <h2 id="plan-change-blocked-heading" className="ds-heading" data-size="sm">
        {t('plan-change.blocked.heading')}
      </h2>
      <p className="ds-paragraph">
        {t(`plan-change.blocked.${block}`, {
          date: subscription.pendingChange
            ? longDate(subscription.pendingChange.effectiveDate)
            : '',
        })}
      </p>
      {block === 'conversion' ? (
        <p className="ds-paragraph">
          <Link className="ds-button" data-variant="primary" to="/">
            {t('plan-change.blocked.conversion-link')}
          </Link>
        </p>
      ) : block === 'cancelled' ? (
        <p className="ds-paragraph">
          <Link className="ds-link" to="/angre-oppsigelse">
            {t('plan-change.blocked.undo-link')}
          </Link>
        </p>
      ) : (
        <>
          {title ? <ContactDetails title={title} /> : null}
          <p className="ds-paragraph">
            <Link className="ds-link" to="/kundeservice">
              {t('plan-change.customer-service-link')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
