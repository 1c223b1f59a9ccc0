// Pieces the student screens share: which campaign a route belongs to, and the list of what the
// student plan includes.
import { useTranslation } from 'react-i18next';

import type { StudentCampaign } from '../../../shared/student/campaigns';
import type { SubscriptionFeature } from '../../api/order';

/** /student2, /student-verifisering2 and /student-kvittering2 are the second campaign. */
export const campaignOfPath = (pathname: string): StudentCampaign =>
  pathname.endsWith('2') ? 'student2' : 'student';

/** The digital features a reader gets, in words. */
export function StudentFeatures({
  features,
}: {
  readonly features: readonly SubscriptionFeature[];
}) {
  const { t } = useTranslation('student');
  const listed = features.filter(
    (f): f is 'content' | 'e-paper' | 'partner-content' =>
      f === 'content' || f === 'e-paper' || f === 'partner-content',
  );
  return (
    <ul className="ds-list">
      {listed.map((feature) => (
        <li key={feature}>{t(`student.features.${feature}`)}</li>
      ))}
    </ul>
  );
}
