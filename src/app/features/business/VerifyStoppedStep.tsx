// A /bedrift verification result that ends the flow: its message, and the next step it offers
// (home, a new try, signing out), with customer service and the way home.
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { logoutRequested } from '../../session/sessionActions';
import { useAppDispatch } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

import type { Invitation, Stop } from './verification';

export function VerifyStoppedStep({
  stop,
  invitation,
  titleName,
  onRetry,
}: {
  readonly stop: Stop;
  readonly invitation: Invitation;
  readonly titleName: string;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation('business');
  const dispatch = useAppDispatch();
  const company = invitation.companyName ?? t('business.verify.your-company');
  let next: ReactNode;
  switch (stop.next) {
    case 'home':
      next = <HomeLink />;
      break;
    case 'retry':
      next = (
        <button type="button" className="ds-button" onClick={onRetry}>
          {t('business.verify.retry')}
        </button>
      );
      break;
    case 'sign-out':
      next = (
        <button type="button" className="ds-button" onClick={() => dispatch(logoutRequested())}>
          {t('business.verify.sign-out')}
        </button>
      );
      break;
    case 'ask-admin':
    case 'customer-service':
      next = null;
  }
  return (
    <>
      <Notice color="warning">
        {t(`business.${stop.key}.text`, { title: titleName, company })}
      </Notice>
      <ul className="screen-links">
        {next ? <li>{next}</li> : null}
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('business.customer-service-link')}
          </Link>
        </li>
        {stop.next !== 'home' ? (
          <li>
            <HomeLink />
          </li>
        ) : null}
      </ul>
    </>
  );
}
