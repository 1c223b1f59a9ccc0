// Step 2 of /koble-bruker: the 6-digit SMS code (POST verify/). Wrong codes count down to the
// lock after five; a locked, expired or spent code asks for a new one ("Send koden på nytt"
// searches again, within the server's rate limits). Every result code has its own message.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
import { Notice } from '../../ui/Notice';
import { type CodeAnswer, OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { RateLimitNotice } from '../../ui/RateLimitNotice';

import { type AcceptedSearch, searchRequest } from './SearchStep';

/** Feature messages for the code field: "<namespace>:<key>". */
const CODE_ERRORS = { format: 'connect:connect.code.format', wrong: 'connect:connect.code.wrong' };

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
  const [problem, setProblem] = useState<Problem | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // After "Send koden på nytt" the reader hears that a new code is on its way.
  useEffect(() => {
    if (resent) noticeRef.current?.focus();
  }, [resent]);

  async function verify(code: string, wrong: number): Promise<CodeAnswer<DeadCode>> {
    setProblem(null);
    const result = await verifyCode({
      verifyRequest: { verificationId: search.verificationId, code },
    });
    if (result.data) {
      const { result: answer, connectToken } = result.data;
      if (answer === 'ok' && connectToken) onVerified(connectToken);
      else
        onStopped(
          answer === 'ok' ? RESULT_MESSAGES.REQUEST_MISSING_VALUES : RESULT_MESSAGES[answer],
        );
      return undefined;
    }
    const failure = callFailure(result.error);
    if (failure.status === 400 && failure.code === 'VERIFICATION_CODE_WRONG') return 'wrong';
    if (failure.status === 400) return 'malformed';
    if (failure.status === 404)
      return { dead: deadCodeReason(wrong, search.expiresAt, Date.now()) };
    setProblem({ kind: 'failed', at: Date.now() });
    return undefined;
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
    <OneTimeCodeStep
      texts={{
        label: t('connect.code.label'),
        description: t('connect.code.description'),
        submit: t('connect.code.submit'),
        checking: t('connect.code.checking'),
        resend: t('connect.code.resend'),
        resending: t('connect.code.resending'),
        remaining: (remaining) => t('connect.code.remaining', { remaining }),
      }}
      errors={CODE_ERRORS}
      maxWrongTries={MAX_WRONG_ATTEMPTS}
      deadText={(reason) => t(DEAD_CODE_MESSAGES[reason])}
      onSubmit={verify}
      onResend={() => void resend()}
      resending={resending}
      otherAction={{ label: t('connect.code.change'), onClick: onChangeSearch }}
      intro={
        <>
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
        </>
      }
      notices={
        <>
          {problem?.kind === 'rate-limited' ? (
            <RateLimitNotice retryAfter={problem.retryAfter} at={problem.at} />
          ) : null}
          {problem?.kind === 'failed' ? (
            <Notice color="danger" role="alert">
              {t('connect.code.failed')}
            </Notice>
          ) : null}
        </>
      }
    />
  );
}
