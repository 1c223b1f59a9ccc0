// /administrer-bedrift (login and subscription): the business admin's page (requirements §2, §6: admins
// only, recognised from subscriptionInfo1 containing admin; the server checks it again and
// answers 403 to anyone else). The company with its e-mail domains and the seats used of the
// agreement's maximum, inviting employees (InviteSection: paste, type or upload, a table of
// what would happen before sending and of what happened after), and the employees and
// invitations with resend and remove (UserSection). Anyone else is told what the page is for
// and where to go instead: an employee that the admin runs it, others customer service.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { hasBusinessInfo, isBusinessAdmin } from '../../../shared/subscription/status';
import { type BusinessAgreement, useGetBusinessAgreementQuery } from '../../api/business';
import { traitsOf } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { domainsText } from './domains';
import { InviteSection } from './InviteSection';
import { changeProblem } from './results';
import { UserSection } from './UserSection';

import './business.css';

const NOT_ADMIN_HEADING_ID = 'business-not-admin-heading';

/** Why this page has nothing for the reader, and where to go instead. */
function NotAdmin({
  employee,
  titleName,
}: {
  readonly employee: boolean;
  readonly titleName: string;
}) {
  const { t } = useTranslation('business');
  return (
    <Notice
      region
      aria-labelledby={NOT_ADMIN_HEADING_ID}
      heading={<span id={NOT_ADMIN_HEADING_ID}>{t('business.not-admin.heading')}</span>}
    >
      <p>
        {employee
          ? t('business.not-admin.employee', { title: titleName })
          : t('business.not-admin.other', { title: titleName })}
      </p>
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('business.customer-service-link')}
          </Link>
        </li>
        <li>
          <HomeLink />
        </li>
      </ul>
    </Notice>
  );
}

function SeatSummary({ agreement }: { readonly agreement: BusinessAgreement }) {
  const { t } = useTranslation('business');
  const { seats } = agreement;
  const facts: Fact[] = [
    { key: 'company', label: t('business.summary.company'), value: agreement.companyName },
    {
      key: 'domains',
      label: t('business.summary.domains'),
      value: domainsText(agreement.emailDomains, t('business.domains.or')),
    },
    {
      key: 'seats',
      label: t('business.summary.seats'),
      value: t('business.summary.seats-value', {
        used: seats.used,
        max: seats.max,
        remaining: seats.remaining,
      }),
    },
  ];
  return (
    <section aria-labelledby="business-summary-heading" className="ds-card business-summary">
      <h2 id="business-summary-heading" className="ds-heading" data-size="sm">
        {t('business.summary.heading')}
      </h2>
      <Facts facts={facts} />
      {seats.remaining === 0 ? <p className="ds-paragraph">{t('business.summary.full')}</p> : null}
    </section>
  );
}

function AdminFlow({
  titleCode,
  titleName,
}: {
  readonly titleCode: string;
  readonly titleName: string;
}) {
  const { t } = useTranslation('business');
  // Asked again on arrival: another admin (or tab) may have changed the list.
  const query = useGetBusinessAgreementQuery({ titleCode }, { refetchOnMountOrArgChange: true });
  if (query.isLoading) return <Progress reserve>{t('business.admin.loading')}</Progress>;
  const agreement = query.data;
  if (!agreement) {
    const problem = changeProblem(query.error);
    if (problem.kind === 'not-admin') return <NotAdmin employee={false} titleName={titleName} />;
    return (
      <Notice color="danger" role="alert">
        <p>
          {problem.kind === 'no-agreement'
            ? t('business.admin.no-agreement')
            : t('business.admin.load-failed')}
        </p>
        <ul className="screen-links">
          {problem.kind === 'no-agreement' ? (
            <li>
              <Link className="ds-link" to="/kundeservice">
                {t('business.customer-service-link')}
              </Link>
            </li>
          ) : (
            <li>
              <button type="button" className="ds-button" onClick={() => void query.refetch()}>
                {t('business.retry')}
              </button>
            </li>
          )}
          <li>
            <HomeLink />
          </li>
        </ul>
      </Notice>
    );
  }
  return (
    <>
      <p className="ds-paragraph">
        {t('business.admin.intro', { company: agreement.companyName, title: titleName })}
      </p>
      <SeatSummary agreement={agreement} />
      <InviteSection agreement={agreement} />
      <UserSection agreement={agreement} />
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </>
  );
}

export default function BusinessAdminScreen() {
  const { t } = useTranslation('business');
  const { subscription } = useAppSelector(selectSubscription);
  const title = useAppSelector(selectTitle);
  const traits = subscription ? traitsOf(subscription) : null;
  let body;
  if (!subscription || !title)
    body = (
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    );
  else if (traits && isBusinessAdmin(traits))
    body = <AdminFlow titleCode={title.titleCode} titleName={title.name} />;
  else body = <NotAdmin employee={!!traits && hasBusinessInfo(traits)} titleName={title.name} />;
  return (
    <Screen headingId="business-heading" className="business" heading={t('business.admin.heading')}>
      {body}
    </Screen>
  );
}
