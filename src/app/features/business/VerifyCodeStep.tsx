// The code step of /bedrift: the code e-mailed to the invited address, checked with the
// invitation. Wrong codes count down to five; a locked or expired code asks for a new one.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type BusinessVerificationCodeSent,
  type BusinessVerificationResult,
  useVerifyBusinessInvitationMutation,
} from '../../api/business';
import { callFailure } from '../../api/problem';
import { formatClockTime } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { Notice } from '../../ui/Notice';
import { type CodeAnswer, OneTimeCodeStep } from '../../ui/OneTimeCodeStep';

import { ProblemNotice } from './ProblemNotice';
import type { ChangeProblem } from './results';
import { MAX_WRONG_CODES, verificationProblem } from './verification';

/** Feature messages for the code field: "<namespace>:<key>". */
const CODE_ERRORS = {
  format: 'business:business.verify.code.format',
  wrong: 'business:business.verify.code.wrong',
};

export function VerifyCodeStep({
  token,
  sent,
  resent,
  onResult,
  onResend,
  resending,
}: {
  readonly token: string;
  readonly sent: BusinessVerificationCodeSent;
  readonly resent: boolean;
  /** Any answer but CODE_WRONG/CODE_EXPIRED (this step keeps those). */
  readonly onResult: (answer: BusinessVerificationResult) => void;
  readonly onResend: () => void;
  readonly resending: boolean;
}) {
  const { t, i18n } = useTranslation('business');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [verify] = useVerifyBusinessInvitationMutation();
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  const resentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (resent) resentRef.current?.focus();
  }, [resent]);

  async function submit(code: string): Promise<CodeAnswer<'expired'>> {
    setProblem(null);
    const answer = await verify({ businessVerificationRequest: { token, code } });
    if (!answer.data) {
      const failure = callFailure(answer.error);
      if (failure.status === 400) return 'malformed';
      setProblem(verificationProblem(answer.error));
      return undefined;
    }
    switch (answer.data.result) {
      case 'CODE_WRONG':
        return 'wrong';
      case 'CODE_EXPIRED':
        return { dead: 'expired' };
      default:
        onResult(answer.data);
        return undefined;
    }
  }

  return (
    <OneTimeCodeStep
      texts={{
        label: t('business.verify.code.label'),
        description: t('business.verify.code.description'),
        submit: t('business.verify.code.submit'),
        checking: t('business.verify.code.checking'),
        resend: t('business.verify.code.resend'),
        resending: t('business.verify.code.sending'),
        remaining: (remaining) => t('business.verify.code.remaining', { remaining }),
      }}
      errors={CODE_ERRORS}
      maxWrongTries={MAX_WRONG_CODES}
      deadText={(reason) => t(`business.verify.code.${reason}`)}
      onSubmit={submit}
      onResend={onResend}
      resending={resending}
      intro={
        <>
          {resent ? (
            <Notice tabIndex={-1} ref={resentRef}>
              {t('business.verify.code.resent', { email: sent.sentTo })}
            </Notice>
          ) : null}
          <p className="ds-paragraph">
            {t('business.verify.code.sent', {
              email: sent.sentTo,
              time: formatClockTime(sent.expiresAt, language),
            })}
          </p>
        </>
      }
      notices={problem ? <ProblemNotice problem={problem} /> : null}
    />
  );
}
