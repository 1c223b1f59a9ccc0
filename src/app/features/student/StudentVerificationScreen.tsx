// /student-verifisering, /student-verifisering2 (students) and /elev-verifisering (pupils), all
// with login: verify a student (pupil) e-mail address with a code sent there, then pay for the
// student plan of the campaign through the purchase saga (card or Vipps), which ends on
// /student-kvittering(2). The server decides everything: the screen first asks for a quote of
// the student plan, and its answer says where the reader stands (verified: pay; not verified:
// the e-mail step; a subscriber, under 18, no birth date: why not, and what to do). A reader who
// already has the student plan verifies again here (yearly): that keeps the student price, and
// calls off the change the server announced for when the last verification lapses. Results of
// the verification calls (spec §8) are shown in place, each with a next step.
import { Form, FormikProvider, useFormik } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import * as yup from 'yup';

import { formatKroner } from '../../../shared/money/money';
import { studentCampaigns } from '../../../shared/student/campaigns';
import { STUDENT_PLAN_ID } from '../../../shared/subscription/plans';
import { PURCHASE_MINIMUM_AGE } from '../../../shared/subscription/status';
import { type OrderPaymentProvider, type OrderQuote, useQuoteOrderMutation } from '../../api/order';
import { callFailure } from '../../api/problem';
import {
  type StudentResult,
  useActivateStudentMutation,
  useActivateStudentSubscriptionMutation,
  useRegisterStudentEmailMutation,
  useRegisterStudentMutation,
} from '../../api/student';
import { purchaseResumed, selectPurchase, startPurchase } from '../../flows/order/purchaseSlice';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import { emailAddress, MESSAGES, requiredText } from '../../ui/form/validation';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PayButton } from '../../ui/PayButton';
import { PaymentMethodChoice } from '../../ui/PaymentMethodChoice';
import { providerSlug } from '../../ui/paymentProviders';
import { Progress } from '../../ui/Progress';
import { StepHeading } from '../../ui/StepHeading';

import { campaignOfPath } from './studentParts';

import './student.css';

type Kind = 'student' | 'pupil';

/** Where the reader stands, from the server's answers. */
type Stage =
  | { readonly name: 'checking' }
  | { readonly name: 'check-failed' }
  | { readonly name: 'email'; readonly result?: StudentResult['result'] }
  | { readonly name: 'code'; readonly sent: Sent; readonly result?: StudentResult['result'] }
  | { readonly name: 'pay'; readonly quote: OrderQuote; readonly validUntil: string | null }
  /** A student subscriber verified again: the student plan goes on. */
  | { readonly name: 'renewed'; readonly validUntil: string | null }
  | { readonly name: 'refused'; readonly reason: 'already' | 'under-age' | 'birth-date' };

interface Sent {
  readonly email: string;
  readonly institution: string;
  readonly resendAvailableAt: number;
  readonly resent: boolean;
}

const CODE = /^\d{6}$/;

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
const CODE_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
  maxLength: 7,
};
const EMAIL_HEADING = 'student-email-heading';
const CODE_HEADING = 'student-code-heading';
const PAY_HEADING = 'student-pay-heading';
/** Results that send the reader back to the e-mail step (a new address, or a stop). */
const BACK_TO_EMAIL = new Set<StudentResult['result']>([
  'USER_NOT_EXIST',
  'ARIA_ACTIVE',
  'USER_EXIST_ACTIVE',
]);

/** Seconds until `at` (ms), ticking every second while positive. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

export default function StudentVerificationScreen() {
  const { t } = useTranslation('student');
  const { pathname } = useLocation();
  const kind: Kind = pathname === '/elev-verifisering' ? 'pupil' : 'student';
  const campaign = studentCampaigns[kind === 'pupil' ? 'student' : campaignOfPath(pathname)];
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const [stage, setStage] = useState<Stage>({ name: 'checking' });
  const [quoteOrder] = useQuoteOrderMutation();
  const { subscription } = useAppSelector(selectSubscription);
  const reload = useReloadSubscription();
  // A subscriber on the student plan: the verification renews it rather than buys it.
  const renewing = subscription?.ariaPlanID === STUDENT_PLAN_ID && subscription.hasSubscription;
  useResumeOnReturn(purchaseResumed);

  /** Asks the server where the reader stands: a quote of the student plan, or why not. */
  const check = useCallback(
    async (validUntil: string | null = null) => {
      if (!titleCode) return;
      const answer = await quoteOrder({
        orderQuoteRequest: {
          kind: 'new',
          titleCode,
          ariaPlanID: STUDENT_PLAN_ID,
          period: campaign.period,
        },
      });
      if ('data' in answer && answer.data) {
        setStage({ name: 'pay', quote: answer.data, validUntil });
        return;
      }
      const { code } = callFailure(answer.error);
      if (code === 'STUDENT_VERIFICATION_REQUIRED' || code === 'ACCOUNT_REQUIRED')
        setStage({ name: 'email' });
      else if (code === 'ALREADY_SUBSCRIBER')
        setStage(renewing ? { name: 'email' } : { name: 'refused', reason: 'already' });
      else if (code === 'AGE_BELOW_MINIMUM') setStage({ name: 'refused', reason: 'under-age' });
      else if (code === 'BIRTH_DATE_REQUIRED') setStage({ name: 'refused', reason: 'birth-date' });
      else setStage({ name: 'check-failed' });
    },
    [quoteOrder, titleCode, campaign.period, renewing],
  );
  const verified = (validUntil: string | null) => {
    if (!renewing) return void check(validUntil);
    setStage({ name: 'renewed', validUntil });
    void reload();
  };
  useEffect(() => {
    void check();
  }, [check]);

  const toCode = (sent: Sent, result?: StudentResult['result']) =>
    setStage(result ? { name: 'code', sent, result } : { name: 'code', sent });
  const toEmail = (result?: StudentResult['result']) =>
    setStage(result ? { name: 'email', result } : { name: 'email' });
  const afterCode = (sent: Sent) => (result: StudentResult['result']) =>
    BACK_TO_EMAIL.has(result) ? toEmail(result) : toCode(sent, result);

  let body;
  switch (stage.name) {
    case 'checking':
      body = <Progress reserve>{t('student.verify.checking')}</Progress>;
      break;
    case 'check-failed':
      body = (
        <Notice color="danger" role="alert">
          <p>{t('student.verify.check-failed')}</p>
          <button type="button" className="ds-button" onClick={() => void check()}>
            {t('student.offer.retry')}
          </button>
        </Notice>
      );
      break;
    case 'email':
      body = (
        <EmailStep
          kind={kind}
          renewing={renewing}
          titleCode={titleCode}
          result={stage.result}
          onSent={toCode}
          onResult={toEmail}
        />
      );
      break;
    case 'code':
      body = (
        <CodeStep
          kind={kind}
          titleCode={titleCode}
          sent={stage.sent}
          result={stage.result}
          onVerified={verified}
          onResult={afterCode(stage.sent)}
          onResent={toCode}
          onOtherEmail={() => toEmail()}
        />
      );
      break;
    case 'pay':
      body = <PayStep quote={stage.quote} validUntil={stage.validUntil} />;
      break;
    case 'renewed':
      body = <Renewed kind={kind} validUntil={stage.validUntil} />;
      break;
    case 'refused':
      body = <Refusal reason={stage.reason} />;
  }

  return (
    <section aria-labelledby="student-verify-heading" className="screen student">
      <h1 id="student-verify-heading" className="ds-heading" data-size="lg">
        {t(kind === 'pupil' ? 'student.verify.heading-pupil' : 'student.verify.heading')}
      </h1>
      {body}
    </section>
  );
}

/** The catalogue key of a result code (spec §8): ARIA_ACTIVE is student.result.aria-active. */
const resultKey = (result: string) => `student.result.${result.toLowerCase().replace(/_/g, '-')}`;

/** The notice of a result that is not a field's, with its next step. */
function ResultNotice({ result, kind }: { readonly result: string; readonly kind: Kind }) {
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

/** A student subscriber verified again: until when, and that the student plan goes on. */
function Renewed({
  kind,
  validUntil,
}: {
  readonly kind: Kind;
  readonly validUntil: string | null;
}) {
  const { t } = useTranslation('student');
  const longDate = useLongDate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="student-step">
      <Notice color="success" role="status" tabIndex={-1} ref={ref}>
        <p>
          {t(kind === 'pupil' ? 'student.renewed.done-pupil' : 'student.renewed.done', {
            date: validUntil ? longDate(validUntil) : '',
          })}
        </p>
        <p>{t('student.renewed.goes-on')}</p>
      </Notice>
      <p>
        <HomeLink />
      </p>
    </div>
  );
}

function EmailStep({
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
              registerStudentRequest: {
                email,
                institution: values.institution.trim(),
                titleCode,
                kind: 'pupil',
              },
            })
          : await registerEmail({ studentEmailRequest: { email, titleCode } });
      if ('data' in answer && answer.data) {
        const data = answer.data;
        if (data.result === 'ok')
          onSent({
            email,
            institution: data.institution ?? '',
            resendAvailableAt: Date.parse(data.resendAvailableAt ?? '') || Date.now() + 60_000,
            resent: false,
          });
        else onResult(data.result);
        return;
      }
      const failure = callFailure(answer.error);
      if (failure.status === 429) setWaitUntil(Date.now() + (failure.retryAfter ?? 60) * 1000);
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
        {wait > 0 ? (
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

function CodeStep({
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
  const [activateWithEmail] = useActivateStudentSubscriptionMutation();
  const [activate] = useActivateStudentMutation();
  const [registerEmail, emailResend] = useRegisterStudentEmailMutation();
  const [registerStudent, pupilResend] = useRegisterStudentMutation();
  const [resendAt, setResendAt] = useState(sent.resendAvailableAt);
  const wait = useSecondsUntil(resendAt);
  const [failed, setFailed] = useState(false);
  const label = t('student.verify.code-label');
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: yup.object({
      code: yup
        .string()
        .transform((v: string) => v.replace(/\s/g, ''))
        .required(MESSAGES.required)
        .matches(CODE, 'student:student.verify.code-pattern'),
    }),
    onSubmit: async (values) => {
      setFailed(false);
      const code = values.code.replace(/\s/g, '');
      const answer =
        kind === 'pupil'
          ? await activate({ activateStudentRequest: { code, titleCode } })
          : await activateWithEmail({
              activateStudentSubscriptionRequest: { email: sent.email, code, titleCode },
            });
      if ('data' in answer && answer.data) {
        if (answer.data.result === 'ok') onVerified(answer.data.validUntil ?? null);
        else onResult(answer.data.result);
        return;
      }
      const failure = callFailure(answer.error);
      if (failure.status === 429) setResendAt(Date.now() + (failure.retryAfter ?? 60) * 1000);
      setFailed(true);
    },
  });

  const resend = async () => {
    setFailed(false);
    const answer =
      kind === 'pupil'
        ? await registerStudent({
            registerStudentRequest: {
              email: sent.email,
              institution: sent.institution,
              titleCode,
              kind: 'pupil',
            },
          })
        : await registerEmail({ studentEmailRequest: { email: sent.email, titleCode } });
    if ('data' in answer && answer.data) {
      if (answer.data.result === 'ok') {
        formik.resetForm();
        onResent({
          ...sent,
          resendAvailableAt: Date.parse(answer.data.resendAvailableAt ?? '') || Date.now() + 60_000,
          resent: true,
        });
        setResendAt(Date.parse(answer.data.resendAvailableAt ?? '') || Date.now() + 60_000);
      } else onResult(answer.data.result);
      return;
    }
    const failure = callFailure(answer.error);
    if (failure.status === 429) setResendAt(Date.now() + (failure.retryAfter ?? 60) * 1000);
    else setFailed(true);
  };
  const resending = emailResend.isLoading || pupilResend.isLoading;
  const codeWrong = result === 'CODE_WRONG';

  return (
    <div className="student-step">
      <FormikProvider value={formik}>
        <Form noValidate className="form-stack" aria-labelledby={CODE_HEADING}>
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
          <ErrorSummary labels={{ code: label }} />
          {result ? <ResultNotice result={result} kind={kind} /> : null}
          {failed ? (
            <Notice color="danger" role="alert">
              {t('student.result.error')}
            </Notice>
          ) : null}
          <TextField
            {...CODE_INPUT}
            label={label}
            description={t('student.verify.code-description')}
            aria-invalid={codeWrong || undefined}
          />
          <SubmitButton busyText={t('student.verify.confirming')}>
            {t('student.verify.confirm')}
          </SubmitButton>
        </Form>
      </FormikProvider>
      <div className="student-actions">
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={wait > 0 || resending}
          onClick={() => void resend()}
        >
          {t('student.verify.resend')}
        </button>
        <button type="button" className="ds-button" data-variant="tertiary" onClick={onOtherEmail}>
          {t('student.verify.other-email')}
        </button>
      </div>
      <p className="ds-paragraph" role="status">
        {wait > 0 ? t('student.verify.resend-wait', { seconds: wait }) : ''}
      </p>
    </div>
  );
}

function PayStep({
  quote,
  validUntil,
}: {
  readonly quote: OrderQuote;
  readonly validUntil: string | null;
}) {
  const { t } = useTranslation('student');
  const longDate = useLongDate();
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const [provider, setProvider] = useState<OrderPaymentProvider>('SWEDBANK-PPG');
  const busy = purchase.step !== 'idle';
  const price = formatKroner(quote.amount);
  const facts: Fact[] = [
    { key: 'plan', label: t('student.verify.facts-plan'), value: quote.planName },
    { key: 'price', label: t('student.verify.facts-price'), value: price },
    {
      key: 'renewal',
      label: t('student.verify.facts-renewal'),
      value: t('student.verify.facts-renewal-value', {
        date: longDate(quote.renewalDate),
        price: formatKroner(quote.renewalPrice),
      }),
    },
  ];
  const start = () =>
    dispatch(
      startPurchase({
        kind: 'new',
        titleCode: quote.titleCode,
        ariaPlanID: quote.ariaPlanID,
        period: quote.period,
        paymentProvider: provider,
      }),
    );
  return (
    <form
      className="student-step form-stack"
      aria-labelledby={PAY_HEADING}
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      {validUntil ? (
        <Notice color="success" role="status">
          {t('student.verify.verified', { date: longDate(validUntil) })}
        </Notice>
      ) : null}
      <StepHeading id={PAY_HEADING} level={2} focusOnMount={validUntil !== null}>
        {t('student.verify.pay-heading')}
      </StepHeading>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('student.verify.no-binding')}</p>
      <PaymentMethodChoice
        legend={t('student.payment.legend')}
        texts={(p) => ({
          label: t(`student.payment.provider.${providerSlug(p)}`),
          description: t(`student.payment.description.${providerSlug(p)}`),
        })}
        value={provider}
        onChange={setProvider}
        disabled={busy}
      />
      {purchase.problem ? (
        <Notice color="danger" role="alert">
          {t('student.verify.pay-failed')}
        </Notice>
      ) : null}
      <PayButton
        label={t('student.verify.pay', { price })}
        busyText={t('student.verify.paying')}
        busy={busy}
      />
    </form>
  );
}

function Refusal({ reason }: { readonly reason: 'already' | 'under-age' | 'birth-date' }) {
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
