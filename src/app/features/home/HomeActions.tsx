// What people come to Min Side to do, grouped, each one step away: the subscription (change,
// cancel, undo, start again, family sharing, prices), payment and invoices, paper delivery (paper plans only),
// and the profile. Only what the reader can do in the subscription's state is offered (while it
// is suspended for an unpaid amount: the invoices, the payment method, cancelling it, the contact
// details and the prices).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  hasAccess,
  hasBusinessInfo,
  isBusinessAdmin,
  isFamilyShare,
  isPaying,
  SubscriptionStatus,
} from '../../../shared/subscription/status';
import type { Subscription } from '../../api/subscription';
import { FLOW_PATHS } from '../../flows/payment-method/storage';
import { REACTIVATION_ORDER_PATH } from '../../hooks/freeReactivation';
import { traitsOf } from '../../lib/format/subscription';
import { openWhileSuspended } from '../../session/access';

interface Action {
  readonly key: string;
  readonly to: string;
  readonly label: string;
}

interface Group {
  readonly key: string;
  readonly heading: string;
  readonly actions: readonly Action[];
}

function useGroups(subscription: Subscription | null): Group[] {
  const { t } = useTranslation('home');
  const status = subscription?.instStatusCode;
  const traits = subscription ? traitsOf(subscription) : null;
  const own = !!traits && !isFamilyShare(traits) && !hasBusinessInfo(traits);
  const running = status === SubscriptionStatus.ACTIVE || status === SubscriptionStatus.TRIAL;

  const lifecycle: Action[] = [];
  if (status !== undefined && hasAccess(status))
    lifecycle.push({ key: 'content', to: '/mitt-innhold', label: t('home.actions.content') });
  if (running && own) {
    lifecycle.push({ key: 'change', to: '/endre-abonnement', label: t('home.actions.change') });
    // Pause instead of leaving: the choice of 1–3 months is the cancellation page's first section.
    if (subscription?.pauseOffer?.available)
      lifecycle.push({
        key: 'pause',
        to: '/avslutt-abonnement#cancel-pause',
        label: t('home.actions.pause'),
      });
    lifecycle.push({ key: 'cancel', to: '/avslutt-abonnement', label: t('home.actions.cancel') });
  } else if (status === SubscriptionStatus.SUSPENDED && own && !subscription?.expiryDate) {
    // Suspended for an unpaid amount, and not cancelled yet: it can be cancelled all the same.
    lifecycle.push({ key: 'cancel', to: '/avslutt-abonnement', label: t('home.actions.cancel') });
  } else if (status === SubscriptionStatus.PENDING_CANCELLATION) {
    lifecycle.push({ key: 'undo', to: '/angre-oppsigelse', label: t('home.actions.undo') });
  } else if (status === SubscriptionStatus.CANCELLED || status === SubscriptionStatus.TERMINATED) {
    lifecycle.push({
      key: 'reactivate',
      to: REACTIVATION_ORDER_PATH,
      label: t('home.actions.reactivate'),
    });
  }
  // Family sharing: the owner of a plan that includes it invites and manages the family there; a
  // member sees whose subscription they share and can leave. Not while it has ended.
  const familyOwner = own && !!subscription?.features.includes('family-share');
  const familyMember = !!traits && isFamilyShare(traits);
  if ((familyOwner || familyMember) && status !== undefined && hasAccess(status))
    lifecycle.push({ key: 'family', to: '/familiedeling', label: t('home.actions.family') });
  lifecycle.push({ key: 'prices', to: '/nye-priser', label: t('home.actions.prices') });

  // A subscriber who pays for their own running subscription can switch to Vipps (unless it is
  // Vipps already) or add a new card.
  const paysOwn = !!subscription?.hasSubscription && !!traits && isPaying(traits) && own;
  const payment: Action[] = [
    { key: 'invoices', to: '/fakturaoversikt', label: t('home.actions.invoices') },
  ];
  if (paysOwn) {
    if (subscription.paymentMethod?.provider !== 'VIPPS')
      payment.push({ key: 'vipps', to: FLOW_PATHS.vipps.start, label: t('home.payment.to-vipps') });
    payment.push({ key: 'card', to: FLOW_PATHS.card.start, label: t('home.payment.add-card') });
  }

  const groups: Group[] = [
    { key: 'subscription', heading: t('home.groups.subscription'), actions: lifecycle },
    { key: 'payment', heading: t('home.groups.payment'), actions: payment },
  ];
  // A business admin invites and removes the company's employees (/administrer-bedrift).
  if (traits && isBusinessAdmin(traits))
    groups.push({
      key: 'business',
      heading: t('home.groups.business'),
      actions: [
        { key: 'business-admin', to: '/administrer-bedrift', label: t('home.actions.business') },
      ],
    });
  if (subscription?.planProductType === 'COMBO')
    groups.push({
      key: 'delivery',
      heading: t('home.groups.delivery'),
      actions: [
        { key: 'address', to: '/leveringsadresse', label: t('home.actions.delivery-address') },
        {
          key: 'delivery-change',
          to: '/endre-avislevering',
          label: t('home.actions.delivery-change'),
        },
        { key: 'complaint', to: '/tilbakemelding', label: t('home.actions.complaint') },
      ],
    });
  groups.push({
    key: 'profile',
    heading: t('home.groups.profile'),
    actions: [
      { key: 'profile', to: '/endre-profil', label: t('home.actions.profile') },
      { key: 'contact', to: '/kontakt', label: t('home.actions.contact') },
      { key: 'privacy', to: '/personverninnstillinger', label: t('home.actions.privacy') },
    ],
  });
  if (status !== SubscriptionStatus.SUSPENDED) return groups;
  // The guard sends a suspended subscriber elsewhere from the other screens (session/access.ts).
  return groups
    .map((group) => ({ ...group, actions: group.actions.filter((a) => openWhileSuspended(a.to)) }))
    .filter((group) => group.actions.length > 0);
}

export function HomeActions({ subscription }: { readonly subscription: Subscription | null }) {
  const { t } = useTranslation('home');
  const groups = useGroups(subscription);
  return (
    <nav aria-labelledby="home-actions-heading" className="home-actions">
      <h2 id="home-actions-heading" className="ds-heading" data-size="sm">
        {t('home.actions.heading')}
      </h2>
      <div className="home-groups">
        {groups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`home-group-${group.key}`}
            className="ds-card home-group"
          >
            <h3 id={`home-group-${group.key}`} className="ds-heading" data-size="xs">
              {group.heading}
            </h3>
            <ul className="home-group-links">
              {group.actions.map((action) => (
                <li key={action.key}>
                  <Link className="ds-link" to={action.to}>
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
