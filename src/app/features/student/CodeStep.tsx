// The code step: the code sent to the student (pupil) address. The server judges it (a wrong or
// spent code is a result shown in place, not counted here); a new code may be asked for once
// the wait from the last one has run out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { newIdempotencyKey } from '../../api/idempotencyKey';
import { callFailure } from '../../api/problem';
import {
  type StudentResult,
  useActivateStudentMutation,
  useActivateStudentSubscriptionMutation,
  useRegisterStudentEmailMutation,
  useRegisterStudentMutation,
} from '../../api/student';
import { Notice } from '../../ui/Notice';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { useRateLimitText } from '../../ui/RateLimitNotice';
import { StepHeading } from '../../ui/StepHeading';

import { ResultNotice } from './ResultNotice';
import {
  COUNTDOWN_SECONDS,
  type Kind,
  resendAvailableAt,
  retryAt,
  type Sent,
} from './verification';

const CODE_HEADING = 'student-code-heading';
/** Feature messages for the code field: "<namespace>:<key>". */
const CODE_ERRORS = { format: 'student:student.verify.code-pattern' };
/** Six digits, with room for a space in the middle. */
const CODE_MAX_LENGTH = 7;
/** The step's own box and button row (student.css). */
const BOX = { className: 'student-step', actionsClassName: 'student-actions' };

export function CodeStep({
  kind,
  titleCode,
  sent,
  result,
  onVerified,
  onResult,
  onResent,
  onOtherEmail,
}: {
  readonly kind: Kind;
  readonly titleCode: string;
  readonly sent: Sent;
  readonly result: StudentResult['result'] | undefined;
  readonly onVerified: (validUntil: string | null) => void;
  readonly onResult: (result: StudentResult['result']) => void;
  readonly onResent: (sent: Sent) => void;
  readonly onOtherEmail: () => void;
}) {
  const { t } = useTranslation('student');
  const rateLimitText = useRateLimitText();
  const [activateWithEmail] = useActivateStudentSubscriptionMutation();
  const [activate] = useActivateStudentMutation();
  const [registerEmail, emailResend] = useRegisterStudentEmailMutation();
  const [registerStudent, pupilResend] = useRegisterStudentMutation();
  const [resendAt, setResendAt] = useState(sent.resendAvailableAt);
  const [failed, setFailed] = useState(false);

  async function submit(code: string): Promise<undefined> {
    setFailed(false);
    const answer =
      kind === 'pupil'
        ? await activate({ activateStudentRequest: { code, titleCode } })
        : await activateWithEmail({
            activateStudentSubscriptionRequest: { email: sent.email, code, titleCode },
          });
    if ('data' in answer && answer.data) {
      if (answer.data.result === 'ok') onVerified(answer.data.validUntil ?? null);
      else onResult(answer.data.result);
      return undefined;
    }
    const failure = callFailure(answer.error);
    if (failure.status === 429) setResendAt(retryAt(failure.retryAfter));
    setFailed(true);
    return undefined;
  }

  async function resend(clearCode: () => void) {
    setFailed(false);
    const answer =
      kind === 'pupil'
        ? await registerStudent({
            'Idempotency-Key': newIdempotencyKey(),
            registerStudentRequest: {
              email: sent.email,
              institution: sent.institution,
              titleCode,
              kind: 'pupil',
            },
          })
        : await registerEmail({
            'Idempotency-Key': newIdempotencyKey(),
            studentEmailRequest: { email: sent.email, titleCode },
          });
    if ('data' in answer && answer.data) {
      if (answer.data.result === 'ok') {
        clearCode();
        onResent({ ...sent, resendAvailableAt: resendAvailableAt(answer.data), resent: true });
        setResendAt(resendAvailableAt(answer.data));
      } else onResult(answer.data.result);
      return;
    }
    const failure = callFailure(answer.error);
    if (failure.status === 429) setResendAt(retryAt(failure.retryAfter));
    else setFailed(true);
  }

  return (
    <OneTimeCodeStep
      texts={{
        label: t('student.verify.code-label'),
        description: t('student.verify.code-description'),
        submit: t('student.verify.confirm'),
        checking: t('student.verify.confirming'),
        resend: t('student.verify.resend'),
        // A minute's wait counts down; a longer one (the hour's limit) is said as the clock time.
        resendWait: (seconds) =>
          seconds > COUNTDOWN_SECONDS
            ? rateLimitText(seconds, Date.now())
            : t('student.verify.resend-wait', { seconds }),
      }}
      errors={CODE_ERRORS}
      maxLength={CODE_MAX_LENGTH}
      invalid={result === 'CODE_WRONG'}
      onSubmit={submit}
      onResend={(clearCode) => void resend(clearCode)}
      resending={emailResend.isLoading || pupilResend.isLoading}
      resendAvailableAt={resendAt}
      otherAction={{ label: t('student.verify.other-email'), onClick: onOtherEmail }}
      labelledBy={CODE_HEADING}
      box={BOX}
      intro={
        <>
          <StepHeading id={CODE_HEADING} level={2} focusOnMount>
            {t('student.verify.code-heading')}
          </StepHeading>
          <p className="ds-paragraph">
            {t('student.verify.code-sent', { email: sent.email, institution: sent.institution })}
          </p>
          {sent.resent ? (
            <Notice color="success" role="status">
              {t('student.verify.resent')}
            </Notice>
          ) : null}
        </>
      }
      answerNotices={
        <>
          {result ? <ResultNotice result={result} kind={kind} /> : null}
          {failed ? (
            <Notice color="danger" role="alert">
              {t('student.result.error')}
            </Notice>
          ) : null}
        </>
      }
    />
  );
}
