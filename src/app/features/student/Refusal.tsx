// Why the student plan cannot be bought here (a subscriber already, under age, no birth date),
// and what to do.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PURCHASE_MINIMUM_AGE } from '../../../shared/subscription/status';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

export function Refusal({ reason }: { readonly reason: 'already' | 'under-age' | 'birth-date' }) {
  const { t } = useTranslation('student');
  const title = useAppSelector(selectTitle);
  if (reason === 'birth-date')
    return (
      <Notice color="warning" role="alert">
        <p>{t('student.refusal.birth-date')}</p>
        <p>
          <Link className="ds-link" to="/endre-profil">
            {t('student.refusal.birth-date-link')}
          </Link>
        </p>
      </Notice>
    );
  return (
    <>
      <Notice color="warning" role="alert">
        {reason === 'already'
          ? t('student.refusal.already-subscriber', { title: title?.name ?? '' })
          : t('student.refusal.under-age', { age: PURCHASE_MINIMUM_AGE })}
      </Notice>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </>
  );
}
