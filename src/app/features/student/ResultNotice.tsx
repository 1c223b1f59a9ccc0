// A result of the student verification calls (requirements §8) that is not a field's, in words, with its
// next step.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

import type { Kind } from './verification';

/** The catalogue key of a result code (requirements §8): ARIA_ACTIVE is student.result.aria-active. */
const resultKey = (result: string) => `student.result.${result.toLowerCase().replace(/_/g, '-')}`;

/** The notice of a result that is not a field's, with its next step. */
export function ResultNotice({ result, kind }: { readonly result: string; readonly kind: Kind }) {
  const { t } = useTranslation('student');
  if (result === 'ARIA_ACTIVE' || result === 'USER_EXIST_ACTIVE')
    return (
      <Notice color="warning" role="alert">
        <p>{t(resultKey(result))}</p>
        <p>{t(`${resultKey(result)}-next`)}</p>
        <p>
          {result === 'ARIA_ACTIVE' ? (
            <HomeLink />
          ) : (
            <Link className="ds-link" to="/kundeservice">
              {t('student.verify.customer-service')}
            </Link>
          )}
        </p>
      </Notice>
    );
  const pupilWording = result === 'EMAIL_WRONG' && kind === 'pupil';
  return (
    <Notice color="warning" role="alert">
      {t(pupilWording ? 'student.result.email-wrong-pupil' : resultKey(result))}
    </Notice>
  );
}
