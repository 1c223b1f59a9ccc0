// /bedrift signed in with another address than the invited one: the code goes to the invited
// address (masked), on the reader's word.
import { useTranslation } from 'react-i18next';

import { Spinner } from '../../ui/Spinner';

import { ProblemNotice } from './ProblemNotice';
import type { ChangeProblem } from './results';

export function VerifyCodeRequiredStep({
  company,
  masked,
  email,
  problem,
  sending,
  onSend,
}: {
  readonly company: string;
  /** The invited address as the server masks it. */
  readonly masked: string;
  /** The signed-in address, if the identity provider gave one. */
  readonly email: string;
  readonly problem: ChangeProblem | null;
  readonly sending: boolean;
  readonly onSend: () => void;
}) {
  const { t } = useTranslation('business');
  return (
    <>
      <p className="ds-paragraph">
        {t('business.verify.code-required.text', {
          company,
          masked,
          email: email || t('business.verify.this-user'),
        })}
      </p>
      <p className="ds-paragraph">{t('business.verify.code-required.other-user')}</p>
      {problem ? <ProblemNotice problem={problem} /> : null}
      <div className="form-actions">
        <button type="button" className="ds-button" disabled={sending} onClick={onSend}>
          {t('business.verify.code-required.send', { masked })}
        </button>
        <span role="status" className="form-progress">
          {sending ? (
            <>
              <Spinner data-size="sm" /> {t('business.verify.code.sending')}
            </>
          ) : null}
        </span>
      </div>
    </>
  );
}
