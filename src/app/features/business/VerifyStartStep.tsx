// The first step of /bedrift: who is signed in, and the button that takes the seat (nothing
// happens by opening the link alone).
import { useTranslation } from 'react-i18next';

import { Spinner } from '../../ui/Spinner';

import { ProblemNotice } from './ProblemNotice';
import type { ChangeProblem } from './results';

export function VerifyStartStep({
  email,
  problem,
  verifying,
  onConfirm,
}: {
  /** The signed-in address, if the identity provider gave one. */
  readonly email: string;
  readonly problem: ChangeProblem | null;
  readonly verifying: boolean;
  readonly onConfirm: () => void;
}) {
  const { t } = useTranslation('business');
  return (
    <>
      <p className="ds-paragraph">
        {email
          ? t('business.verify.start.signed-in-as', { email })
          : t('business.verify.start.signed-in')}
      </p>
      <p className="ds-paragraph">{t('business.verify.start.text')}</p>
      {problem ? <ProblemNotice problem={problem} /> : null}
      <div className="form-actions">
        <button type="button" className="ds-button" disabled={verifying} onClick={onConfirm}>
          {t('business.verify.start.confirm')}
        </button>
        <span role="status" className="form-progress">
          {verifying ? (
            <>
              <Spinner data-size="sm" /> {t('business.verify.start.confirming')}
            </>
          ) : null}
        </span>
      </div>
    </>
  );
}
