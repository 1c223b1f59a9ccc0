// /student and /student2 (no guard): the student offer of the title, one screen for both
// campaigns (src/shared/student/campaigns.ts), with the campaign's own texts and its period's
// price from the catalogue: what it costs and includes, the price it renews at, no binding, the
// yearly re-verification, the three steps, and the way in (/student-verifisering(2), which asks
// for login first). Pupils are pointed to /elev-verifisering.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { type StudentCampaign, studentCampaigns } from '../../../shared/student/campaigns';
import { useGetCatalogueQuery } from '../../api/order';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { OfferCard } from '../../ui/OfferCard';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { campaignOfPath, StudentFeatures } from './studentParts';

import './student.css';

export default function StudentOfferScreen() {
  const { t } = useTranslation('student');
  const { pathname } = useLocation();
  const campaign: StudentCampaign = campaignOfPath(pathname);
  const routes = studentCampaigns[campaign];
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const titleName = title?.name ?? '';
  const catalogue = useGetCatalogueQuery({ titleCode }, { skip: !titleCode });
  const plan = catalogue.data?.studentPlan ?? null;
  const option = plan?.options.find((o) => o.period === routes.period) ?? null;
  const price = option ? formatKroner(option.price) : '';

  let body;
  if (catalogue.isError)
    body = (
      <Notice color="danger" role="alert">
        <p>{t('student.offer.load-failed')}</p>
        <button type="button" className="ds-button" onClick={() => void catalogue.refetch()}>
          {t('student.offer.retry')}
        </button>
      </Notice>
    );
  else if (!catalogue.data) body = <Progress reserve>{t('student.offer.loading')}</Progress>;
  else if (!plan || !option)
    body = <Notice>{t('student.offer.none', { title: titleName })}</Notice>;
  else
    body = (
      <>
        <p className="ds-paragraph student-lead">
          {t(`student.campaign.${campaign}.intro`, { title: titleName, price })}
        </p>
        <OfferCard heading={t(`student.campaign.${campaign}.price`, { price })}>
          <h3 className="ds-heading" data-size="xs">
            {t('student.offer.includes-heading')}
          </h3>
          <StudentFeatures features={option.features} />
          <p className="ds-paragraph">
            <Link className="ds-button" to={routes.verification}>
              {t('student.offer.start')}
            </Link>
          </p>
        </OfferCard>
        <section aria-labelledby="student-steps" className="student-section">
          <h2 id="student-steps" className="ds-heading" data-size="sm">
            {t('student.offer.steps-heading')}
          </h2>
          <ol className="ds-list">
            <li>{t('student.offer.step-login')}</li>
            <li>{t('student.offer.step-verify')}</li>
            <li>{t('student.offer.step-pay')}</li>
          </ol>
        </section>
        <section aria-labelledby="student-terms" className="student-section">
          <h2 id="student-terms" className="ds-heading" data-size="sm">
            {t('student.offer.terms-heading')}
          </h2>
          <ul className="ds-list">
            <li>
              {t('student.offer.terms-renews', {
                price: t(`student.campaign.${campaign}.price`, { price }),
              })}
            </li>
            <li>{t('student.offer.terms-no-binding')}</li>
            <li>{t('student.offer.terms-yearly')}</li>
          </ul>
        </section>
        <p className="ds-paragraph">
          <Link className="ds-link" to="/elev-verifisering">
            {t('student.offer.pupil-link')}
          </Link>
        </p>
      </>
    );

  return (
    <Screen
      headingId="student-heading"
      className="student"
      heading={t(`student.campaign.${campaign}.heading`, { title: titleName })}
    >
      {body}
    </Screen>
  );
}
