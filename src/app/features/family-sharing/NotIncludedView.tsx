// /familiedeling for a subscriber whose plan has no family sharing: what family sharing is, and
// the plan change that gives it — the title's plans with family sharing that this subscription
// may switch to in self-service (the shared rule /endre-abonnement applies), with the way there;
// when there is none (a student, business or paper subscription), customer service arranges it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isSelfServiceTarget, selfServiceBlock } from '../../../shared/subscription/eligibility';
import type { FamilySharePlan } from '../../api/family';
import type { Subscription } from '../../api/subscription';
import { traitsOf } from '../../lib/format/subscription';
import { OfferCard } from '../../ui/OfferCard';

/** The plans with family sharing this subscription can change to itself. */
export function reachablePlans(
  subscription: Subscription | null,
  plans: readonly FamilySharePlan[],
): FamilySharePlan[] {
  if (!subscription || selfServiceBlock(traitsOf(subscription)) !== null) return [];
  return plans.filter((plan) =>
    isSelfServiceTarget(subscription, {
      ariaPlanID: plan.ariaPlanID,
      planProductType: plan.productType,
    }),
  );
}

export function NotIncludedView({
  subscription,
  plans,
}: {
  readonly subscription: Subscription | null;
  readonly plans: readonly FamilySharePlan[];
}) {
  const { t } = useTranslation('family-sharing');
  const reachable = reachablePlans(subscription, plans);
  return (
    <>
      <section aria-labelledby="family-what-heading" className="screen">
        <h2 id="family-what-heading" className="ds-heading" data-size="sm">
          {t('family-sharing.not-included.what-heading')}
        </h2>
        <p className="ds-paragraph">{t('family-sharing.not-included.what')}</p>
        <ul className="ds-list">
          <li>{t('family-sharing.not-included.point-own-login')}</li>
          <li>{t('family-sharing.not-included.point-digital')}</li>
          <li>{t('family-sharing.not-included.point-no-cost')}</li>
        </ul>
      </section>
      <OfferCard
        heading={t('family-sharing.not-included.heading', {
          plan: subscription?.planName ?? '',
        })}
      >
        {reachable.length > 0 ? (
          <>
            <p className="ds-paragraph">
              {t('family-sharing.not-included.change', {
                plans: reachable.map((plan) => plan.planName).join(', '),
              })}
            </p>
            <p className="ds-paragraph">
              <Link className="ds-button" data-variant="primary" to="/endre-abonnement">
                {t('family-sharing.not-included.change-link')}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="ds-paragraph">{t('family-sharing.not-included.customer-service')}</p>
            <p className="ds-paragraph">
              <Link className="ds-link" to="/kundeservice">
                {t('family-sharing.not-included.customer-service-link')}
              </Link>
            </p>
          </>
        )}
      </OfferCard>
    </>
  );
}
