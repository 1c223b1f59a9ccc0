// The e-mail step: the student (pupil) address the code goes to, and for a pupil the school.
// A rate-limited reader sees a short wait count down, and a long one as the clock time.
import { Form, FormikProvider, useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';

import { newIdempotencyKey } from '../../api/idempotencyKey';
import { callFailure } from '../../api/problem';
import {
  type StudentResult,
  useRegisterStudentEmailMutation,
  useRegisterStudentMutation,
} from '../../api/student';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import { emailAddress, requiredText } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { RateLimitNotice } from '../../ui/RateLimitNotice';
import { StepHeading } from '../../ui/StepHeading';
import { useSecondsUntil } from '../../ui/useSecondsUntil';

import { ResultNotice } from './ResultNotice';
import {
  COUNTDOWN_SECONDS,
  type Kind,
  resendAvailableAt,
  retryAt,
  type Sent,
} from './verification';

// Field and heading names (kept out of the markup: they are not text).
const EMAIL_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  spellCheck: false,
};
const INSTITUTION_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'institution',
  autoComplete: 'organization',
};
const EMAIL_HEADING = 'student-email-heading';

export function EmailStep({
  kind,
  renewing,
  titleCode,
  result,
  onSent,
  onResult,
}: {
  readonly kind: Kind;
  readonly renewing: boolean;
  readonly titleCode: string;
  readonly result: StudentResult['result'] | undefined;
  readonly onSent: (sent: Sent) => void;
  readonly onResult: (result: StudentResult['result']) => void;
}) {
  const { t } = useTranslation('student');
  const [registerEmail] = useRegisterStudentEmailMutation();
  const [registerStudent] = useRegisterStudentMutation();
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const wait = useSecondsUntil(waitUntil);
  const [failed, setFailed] = useState(false);
  const labels = {
    email: t(kind === 'pupil' ? 'student.verify.email-label-pupil' : 'student.verify.email-label'),
    institution: t('student.verify.institution-label'),
  };
  const formik = useFormik({
    initialValues: { email: '', institution: '' },
    validationSchema: yup.object({
      email: emailAddress(),
      institution: kind === 'pupil' ? requiredText(200) : yup.string(),
    }),
    onSubmit: async (values) => {
      setFailed(false);
      const email = values.email.trim();
      const answer =
        kind === 'pupil'
          ? await registerStudent({
              'Idempotency-Key': newIdempotencyKey(),
              registerStudentRequest: {
                email,
                institution: values.institution.trim(),
                titleCode,
                kind: 'pupil',
              },
            })
          : await registerEmail({
              'Idempotency-Key': newIdempotencyKey(),
              studentEmailRequest: { email, titleCode },
            });
      if ('data' in answer && answer.data) {
        const data = answer.data;
        if (data.result === 'ok')
          onSent({
            email,
            institution: data.institution ?? '',
            resendAvailableAt: resendAvailableAt(data),
            resent: false,
          });
        else onResult(data.result);
        return;
      }
      const failure = callFailure(answer.error);
      if (failure.status === 429) setWaitUntil(retryAt(failure.retryAfter));
      else if (failure.status === 400) onResult('MISSING_PARAMETERS');
      else setFailed(true);
    },
  });
  const fieldResult = result === 'EMAIL_WRONG';
  return (
    <FormikProvider value={formik}>
      <Form noValidate className="student-step form-stack" aria-labelledby={EMAIL_HEADING}>
        <StepHeading id={EMAIL_HEADING} level={2}>
          {t('student.verify.email-heading')}
        </StepHeading>
        {renewing ? <p className="ds-paragraph">{t('student.renewed.intro')}</p> : null}
        <p className="ds-paragraph">
          {t(kind === 'pupil' ? 'student.verify.intro-pupil' : 'student.verify.intro')}
        </p>
        <ErrorSummary labels={labels} />
        {result && !fieldResult ? <ResultNotice result={result} kind={kind} /> : null}
        {fieldResult ? <ResultNotice result={result} kind={kind} /> : null}
        {wait > COUNTDOWN_SECONDS ? (
          <RateLimitNotice role="status" retryAfter={wait} at={Date.now()} />
        ) : wait > 0 ? (
          <Notice color="warning" role="status">
            {t('student.verify.rate-limited', { seconds: wait })}
          </Notice>
        ) : null}
        {failed ? (
          <Notice color="danger" role="alert">
            {t('student.result.error')}
          </Notice>
        ) : null}
        <TextField
          {...EMAIL_INPUT}
          label={labels.email}
          description={t(
            kind === 'pupil'
              ? 'student.verify.email-description-pupil'
              : 'student.verify.email-description',
          )}
          aria-invalid={fieldResult || undefined}
        />
        {kind === 'pupil' ? (
          <TextField
            {...INSTITUTION_INPUT}
            label={labels.institution}
            description={t('student.verify.institution-description')}
          />
        ) : null}
        <SubmitButton busyText={t('student.verify.sending')} disabled={wait > 0}>
          {t('student.verify.send')}
        </SubmitButton>
      </Form>
    </FormikProvider>
  );
}
