// Step 2 of /koble-bruker: the 6-digit SMS code (POST verify/). Wrong codes count down to the
// lock after five; a locked, expired or spent code asks for a new one ("Send koden på nytt"
// searches again, within the server's rate limits). Every result code has its own message.
import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';

import { useSearchAccountMutation, useVerifyCodeMutation } from '../../api/account';
import { callFailure } from '../../api/problem';
import {
  DEAD_CODE_MESSAGES,
  type DeadCode,
  deadCodeReason,
  MAX_WRONG_ATTEMPTS,
  RESULT_MESSAGES,
} from '../../flows/connect/connectOutcome';
import { formatClockTime } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';

import { RateLimitNotice } from './RateLimitNotice';
import { type AcceptedSearch, searchRequest } from './SearchStep';

/** A feature message for TextField: "<namespace>:<key>". */
const CODE_FORMAT = 'connect:connect.code.format';
const CODE_WRONG = 'connect:connect.code.wrong';

const digitsOf = (code: string) => code.replace(/\s/g, '');

const codeSchema = object({
  code: string()
    .trim()
    .required(MESSAGES.required)
    .test('six-digits', CODE_FORMAT, (value) => !value || /^[0-9]{6}$/.test(digitsOf(value))),
});

const CODE_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
};

export interface CodeStepProps {
  readonly titleCode: string;
  readonly search: AcceptedSearch;
  /** This step follows "Send koden på nytt" (a new verification). */
  readonly resent: boolean;
  readonly onResent: (search: AcceptedSearch) => void;
  readonly onChangeSearch: () => void;
  /** The code was right: connect with this token. */
  readonly onVerified: (connectToken: string) => void;
  /** A result that ends the flow, by its message key. */
  readonly onStopped: (messageKey: string) => void;
}

type Problem =
  | { readonly kind: 'failed'; readonly at: number }
  | { readonly kind: 'rate-limited'; readonly retryAfter: number | null; readonly at: number };

export function CodeStep({
  titleCode,
  search,
  resent,
  onResent,
  onChangeSearch,
  onVerified,
  onStopped,
}: CodeStepProps) {
  const { t, i18n } = useTranslation('connect');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [verifyCode] = useVerifyCodeMutation();
  const [searchAccount, { isLoading: resending }] = useSearchAccountMutation();
  const [wrong, setWrong] = useState(0);
  const [dead, setDead] = useState<DeadCode | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const deadRef = useRef<HTMLDivElement>(null);
  const label = t('connect.code.label');

  // After "Send koden på nytt" the reader hears that a new code is on its way.
  useEffect(() => {
    if (resent) noticeRef.current?.focus();
  }, [resent]);
  useEffect(() => {
    if (dead) deadRef.current?.focus();
  }, [dead]);

  async function verify(values: { code: string }, form: FormikHelpers<{ code: string }>) {
    setProblem(null);
    const result = await verifyCode({
      verifyRequest: { verificationId: search.verificationId, code: digitsOf(values.code) },
    });
    if (result.data) {
      const { result: code, connectToken } = result.data;
      if (code === 'ok' && connectToken) onVerified(connectToken);
      else
        onStopped(code === 'ok' ? RESULT_MESSAGES.REQUEST_MISSING_VALUES : RESULT_MESSAGES[code]);
      return;
    }
    const failure = callFailure(result.error);
    if (failure.status === 400 && failure.code === 'VERIFICATION_CODE_WRONG') {
      const count = wrong + 1;
      setWrong(count);
      if (count >= MAX_WRONG_ATTEMPTS) setDead('locked');
      else form.setFieldError('code', CODE_WRONG);
    } else if (failure.status === 400) {
      form.setFieldError('code', CODE_FORMAT);
    } else if (failure.status === 404) {
      setDead(deadCodeReason(wrong, search.expiresAt, Date.now()));
    } else {
      setProblem({ kind: 'failed', at: Date.now() });
    }
  }

  async function resend() {
    setProblem(null);
    const result = await searchAccount(searchRequest(search.method, search.value, titleCode));
    if (result.data) {
      onResent({
        ...search,
        verificationId: result.data.verificationId,
        expiresAt: result.data.expiresAt,
      });
      return;
    }
    const failure = callFailure(result.error);
    setProblem(
      failure.status === 429
        ? { kind: 'rate-limited', retryAfter: failure.retryAfter, at: Date.now() }
        : { kind: 'failed', at: Date.now() },
    );
  }

  return (
    <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={verify}>
      <Form noValidate className="form-stack">
        {resent ? (
          <Notice tabIndex={-1} ref={noticeRef}>
            {t('connect.code.resent')}
          </Notice>
        ) : null}
        <p className="ds-paragraph">{t('connect.code.sent')}</p>
        <p className="ds-paragraph">
          {t(`connect.code.searched-for.${search.method}`, { value: search.value })}{' '}
          {t('connect.code.valid-until', {
            time: formatClockTime(search.expiresAt, language),
          })}
        </p>
        {dead ? (
          <Notice color="danger" role="alert" tabIndex={-1} ref={deadRef}>
            {t(DEAD_CODE_MESSAGES[dead])}
          </Notice>
        ) : null}
        {problem?.kind === 'rate-limited' ? (
          <RateLimitNotice retryAfter={problem.retryAfter} at={problem.at} />
        ) : null}
        {problem?.kind === 'failed' ? (
          <Notice color="danger" role="alert">
            {t('connect.code.failed')}
          </Notice>
        ) : null}
        <ErrorSummary labels={{ code: label }} />
        <TextField
          {...CODE_INPUT}
          label={label}
          description={t('connect.code.description')}
          disabled={dead !== null}
        />
        {wrong > 0 && !dead ? (
          <p className="ds-paragraph" aria-live="polite">
            {t('connect.code.remaining', { remaining: MAX_WRONG_ATTEMPTS - wrong })}
          </p>
        ) : null}
        <SubmitButton busyText={t('connect.code.checking')} disabled={dead !== null}>
          {t('connect.code.submit')}
        </SubmitButton>
        <div className="form-actions">
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            disabled={resending}
            onClick={() => void resend()}
          >
            {t('connect.code.resend')}
          </button>
          <button
            type="button"
            className="ds-button"
            data-variant="tertiary"
            onClick={onChangeSearch}
          >
            {t('connect.code.change')}
          </button>
          <span role="status" className="form-progress">
            {resending ? (
              <>
                <Spinner data-size="sm" /> {t('connect.code.resending')}
              </>
            ) : null}
          </span>
        </div>
      </Form>
    </Formik>
  );
}
