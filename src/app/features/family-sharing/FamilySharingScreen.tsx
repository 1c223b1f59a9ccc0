// /familiedeling (login and subscription): family sharing of this title as the server says the
// reader stands (GET family-sharing/{titleCode}). The owner sees the seats, invites by e-mail or
// SMS, and manages members and invitations (OwnerView); a member sees whose subscription they
// share and what it includes, and can leave (MemberView); a subscriber whose plan has no family
// sharing reads what it is and which plan change gives it (NotIncludedView). Always asked again
// on arrival: another tab, an answered invitation or the owner's changes move it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useGetFamilySharingQuery } from '../../api/family';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';
import { StepHeading } from '../../ui/StepHeading';

import { MemberView } from './MemberView';
import { NotIncludedView } from './NotIncludedView';
import { OwnerView } from './OwnerView';

import './family-sharing.css';

/** After leaving: the access has ended; an own subscription is the way back. */
function Left({ titleName }: { readonly titleName: string }) {
  const { t } = useTranslation('family-sharing');
  return (
    <section aria-labelledby="family-left-heading" className="screen">
      <StepHeading id="family-left-heading" focusOnMount>
        {t('family-sharing.left.heading')}
      </StepHeading>
      <Notice color="success">{t('family-sharing.left.text', { title: titleName })}</Notice>
      <p className="ds-paragraph">
        <Link className="ds-button" data-variant="primary" to="/bestill-abonnement">
          {t('family-sharing.left.order')}
        </Link>
      </p>
    </section>
  );
}

export default function FamilySharingScreen() {
  const { t } = useTranslation('family-sharing');
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  const titleName = title?.name ?? '';
  const [left, setLeft] = useState(false);
  const query = useGetFamilySharingQuery(
    { titleCode },
    { skip: !titleCode || left, refetchOnMountOrArgChange: true },
  );
  const family = query.data;

  let body;
  if (left) body = <Left titleName={titleName} />;
  else if (query.isLoading || (!family && query.isFetching))
    body = <Progress reserve>{t('family-sharing.loading')}</Progress>;
  else if (!family)
    body = (
      <Notice color="danger" role="alert">
        <p>{t('family-sharing.load-failed')}</p>
        <p>
          <button type="button" className="ds-button" onClick={() => void query.refetch()}>
            {t('family-sharing.retry')}
          </button>
        </p>
      </Notice>
    );
  else if (family.role === 'OWNER') body = <OwnerView family={family} />;
  else if (family.role === 'MEMBER' && family.membership)
    body = (
      <MemberView
        titleCode={titleCode}
        titleName={titleName}
        membership={family.membership}
        subscription={subscription}
        onLeft={() => setLeft(true)}
      />
    );
  else if (family.reason === 'NOT_INCLUDED')
    body = <NotIncludedView subscription={subscription} plans={family.familySharePlans} />;
  else body = <Notice>{t('family-sharing.no-access', { title: titleName })}</Notice>;

  return (
    <Screen headingId="family-heading" className="family" heading={t('family-sharing.heading')}>
      {body}
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
