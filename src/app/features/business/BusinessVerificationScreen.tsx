// /bedrift?invitasjon=… (login): an invited employee takes the company's seat. The reader confirms
// (nothing happens by opening the link alone); the server then verifies by the signed-in
// e-mail address as the identity provider has it. Signed in with another address, the answer
// asks for a code: it is e-mailed to the invited address (masked on the page), the reader types
// it (wrong codes count down to five, a new code can be asked for within the rate limits). On
// ok the subscription is read again and the page says what the reader now has, with the way
// home. Every verification result (spec §4) has its message and next step. Each new step's
// heading takes the focus.
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { object, string } from 'yup';

import {
  type BusinessVerificationCodeSent,
  type BusinessVerificationResult,
  useSendBusinessVerificationCodeMutation,
  useVerifyBusinessInvitationMutation,
} from '../../api/business';
import { callFailure } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { formatClockTime } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { reloadSubscription } from '../../session/reloadSubscription';
import { logoutRequested } from '../../session/sessionActions';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';

import { ProblemNotice } from './ProblemNotice';
import type { ChangeProblem } from './results';
import {
  CODE_REFUSALS,
  invitationToken,
  MAX_WRONG_CODES,
  type Stop,
  STOPS,
  type VerificationResultCode,
} from './verification';

import './business.css';

/** What the invitation is, once the server has named it (any answer but a missing token). */
interface Invitation {
  readonly companyName: string | null;
  readonly maskedEmail: string | null;
}

type Step =
  | { readonly name: 'start' }
  | { readonly name: 'code-required' }
  | { readonly name: 'code'; readonly sent: BusinessVerificationCodeSent; readonly resent: boolean }
  | { readonly name: 'done'; readonly subscription: Subscription | null }
  | { readonly name: 'stopped'; readonly stop: Stop };

const CODE_FORMAT = 'business:business.verify.code.format';
const CODE_WRONG = 'business:business.verify.code.wrong';
const CODE_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
};
const digitsOf = (code: string) => code.replace(/\s/g, '');
const codeSchema = object({
  code: string()
    .trim()
    .required(MESSAGES.required)
    .test('six-digits', CODE_FORMAT, (value) => !value || /^[0-9]{6}$/.test(digitsOf(value))),
});

/** A failed call (no answer, or a refusal that is not a result) in the screen's words. */
function problemOf(error: unknown): ChangeProblem {
  const failure = callFailure(error);
  if (failure.status === 429)
    return { kind: 'rate-limited', retryAfter: failure.retryAfter, at: Date.now() };
  return { kind: 'failed' };
}

const FEATURE_KEYS: Readonly<Record<string, string>> = {
  content: 'business.verify.features.content',
  'e-paper': 'business.verify.features.e-paper',
  paper: 'business.verify.features.paper',
  'partner-content': 'business.verify.features.partner-content',
};

function Done({
  subscription,
  invitation,
  titleName,
}: {
  readonly subscription: Subscription | null;
  readonly invitation: Invitation;
  readonly titleName: string;
}) {
  const { t } = useTranslation('business');
  const company = invitation.companyName;
  const facts: Fact[] = [];
  if (subscription) {
    facts.push({
      key: 'plan',
      label: t('business.verify.done.plan'),
      value: subscription.planName,
    });
    const features = subscription.features
      .map((feature) => FEATURE_KEYS[feature])
      .filter((key): key is string => !!key)
      .map((key) => t(key));
    if (features.length > 0)
      facts.push({
        key: 'features',
        label: t('business.verify.done.features'),
        value: features.join(', '),
      });
  }
  if (company)
    facts.push({ key: 'paid-by', label: t('business.verify.done.paid-by'), value: company });
  return (
    <>
      <Notice color="success">
        {company
          ? t('business.verify.done.text', { title: titleName, company })
          : t('business.verify.done.text-without-company', { title: titleName })}
      </Notice>
      {facts.length > 0 ? <Facts facts={facts} /> : null}
      <p className="ds-paragraph">{t('business.verify.done.next')}</p>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('business.verify.home-link')}
        </Link>
      </p>
    </>
  );
}

function Stopped({
  stop,
  invitation,
  titleName,
  onRetry,
}: {
  readonly stop: Stop;
  readonly invitation: Invitation;
  readonly titleName: string;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation('business');
  const dispatch = useAppDispatch();
  const company = invitation.companyName ?? t('business.verify.your-company');
  let next: ReactNode;
  switch (stop.next) {
    case 'home':
      next = (
        <Link className="ds-link" to="/">
          {t('business.verify.home-link')}
        </Link>
      );
      break;
    case 'retry':
      next = (
        <button type="button" className="ds-button" onClick={onRetry}>
          {t('business.verify.retry')}
        </button>
      );
      break;
    case 'sign-out':
      next = (
        <button type="button" className="ds-button" onClick={() => dispatch(logoutRequested())}>
          {t('business.verify.sign-out')}
        </button>
      );
      break;
    case 'ask-admin':
    case 'customer-service':
      next = null;
  }
  return (
    <>
      <Notice color="warning">
        {t(`business.${stop.key}.text`, { title: titleName, company })}
      </Notice>
      <ul className="screen-links">
        {next ? <li>{next}</li> : null}
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('business.customer-service-link')}
          </Link>
        </li>
        {stop.next !== 'home' ? (
          <li>
            <HomeLink />
          </li>
        ) : null}
      </ul>
    </>
  );
}

function CodeForm({
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
  readonly onResult: (answer: BusinessVerificationResult) => void;
  readonly onResend: () => void;
  readonly resending: boolean;
}) {
  const { t, i18n } = useTranslation('business');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [verify] = useVerifyBusinessInvitationMutation();
  const [wrong, setWrong] = useState(0);
  const [dead, setDead] = useState<'locked' | 'expired' | null>(null);
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  const resentRef = useRef<HTMLDivElement>(null);
  const deadRef = useRef<HTMLDivElement>(null);
  const label = t('business.verify.code.label');

  useEffect(() => {
    if (resent) resentRef.current?.focus();
  }, [resent]);
  useEffect(() => {
    if (dead) deadRef.current?.focus();
  }, [dead]);

  async function submit(values: { code: string }, form: FormikHelpers<{ code: string }>) {
    setProblem(null);
    const answer = await verify({
      businessVerificationRequest: { token, code: digitsOf(values.code) },
    });
    if (!answer.data) {
      const failure = callFailure(answer.error);
      if (failure.status === 400) form.setFieldError('code', CODE_FORMAT);
      else setProblem(problemOf(answer.error));
      return;
    }
    switch (answer.data.result) {
      case 'CODE_WRONG': {
        const count = wrong + 1;
        setWrong(count);
        if (count >= MAX_WRONG_CODES) setDead('locked');
        else form.setFieldError('code', CODE_WRONG);
        return;
      }
      case 'CODE_EXPIRED':
        setDead('expired');
        return;
      default:
        onResult(answer.data);
    }
  }

  return (
    <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={submit}>
      <Form noValidate className="form-stack">
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
        {dead ? (
          <Notice color="danger" role="alert" tabIndex={-1} ref={deadRef}>
            {t(`business.verify.code.${dead}`)}
          </Notice>
        ) : null}
        {problem ? <ProblemNotice problem={problem} /> : null}
        <ErrorSummary labels={{ code: label }} />
        <TextField
          {...CODE_INPUT}
          label={label}
          description={t('business.verify.code.description')}
          disabled={dead !== null}
        />
        {wrong > 0 && !dead ? (
          <p className="ds-paragraph" aria-live="polite">
            {t('business.verify.code.remaining', { remaining: MAX_WRONG_CODES - wrong })}
          </p>
        ) : null}
        <SubmitButton busyText={t('business.verify.code.checking')} disabled={dead !== null}>
          {t('business.verify.code.submit')}
        </SubmitButton>
        <div className="form-actions">
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            disabled={resending}
            onClick={onResend}
          >
            {t('business.verify.code.resend')}
          </button>
          <span role="status" className="form-progress">
            {resending ? (
              <>
                <Spinner data-size="sm" /> {t('business.verify.code.sending')}
              </>
            ) : null}
          </span>
        </div>
      </Form>
    </Formik>
  );
}

/** The heading of each step; a stop has its own (`<key>.heading`). */
const HEADINGS: Readonly<Record<Exclude<Step['name'], 'stopped'>, string>> = {
  start: 'business.verify.start.heading',
  'code-required': 'business.verify.code-required.heading',
  code: 'business.verify.code.heading',
  done: 'business.verify.done.heading',
};

export default function BusinessVerificationScreen() {
  const { t } = useTranslation('business');
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const token = invitationToken(search);
  const user = useAppSelector(selectUser);
  const title = useAppSelector(selectTitle);
  const titleName = title?.name ?? '';
  const [verify, { isLoading: verifying }] = useVerifyBusinessInvitationMutation();
  const [sendCode, { isLoading: sending }] = useSendBusinessVerificationCodeMutation();
  const inFlight = useRef(false);
  const [step, setStep] = useState<Step>(
    token ? { name: 'start' } : { name: 'stopped', stop: STOPS.REQUEST_MISSING_VALUES },
  );
  const [invitation, setInvitation] = useState<Invitation>({
    companyName: null,
    maskedEmail: null,
  });
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  // The first step is where the page starts: only a change of step moves the focus.
  const [moved, setMoved] = useState(false);

  const go = (next: Step) => {
    setMoved(true);
    setProblem(null);
    setStep(next);
  };

  const startOver = () => go({ name: 'start' });

  /** Any answer but CODE_WRONG/CODE_EXPIRED (the code form keeps those). */
  async function onResult(answer: BusinessVerificationResult) {
    if (answer.companyName || answer.maskedEmail)
      setInvitation({ companyName: answer.companyName, maskedEmail: answer.maskedEmail });
    const result: VerificationResultCode = answer.result;
    switch (result) {
      case 'ok': {
        // The seat is a subscription now: Min Side reads it again (spec §4) and shows it.
        const subscription = await dispatch(reloadSubscription({ orSession: true }));
        go({ name: 'done', subscription });
        return;
      }
      case 'CODE_REQUIRED':
        go({ name: 'code-required' });
        return;
      case 'CODE_WRONG':
        // Only an answer to a code: without one it cannot come. Start over.
        go({ name: 'start' });
        return;
      default:
        go({ name: 'stopped', stop: STOPS[result] });
    }
  }

  async function confirm() {
    if (!token || inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    try {
      const answer = await verify({ businessVerificationRequest: { token } });
      if (answer.data) await onResult(answer.data);
      else if (callFailure(answer.error).status === 400)
        go({ name: 'stopped', stop: STOPS.REQUEST_MISSING_VALUES });
      else setProblem(problemOf(answer.error));
    } finally {
      inFlight.current = false;
    }
  }

  async function requestCode(resend: boolean) {
    if (!token || inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    try {
      const answer = await sendCode({ businessVerificationCodeRequest: { token } });
      if (answer.data) {
        if (resend) setStep({ name: 'code', sent: answer.data, resent: true });
        else go({ name: 'code', sent: answer.data, resent: false });
        return;
      }
      const failure = callFailure(answer.error);
      const stop = failure.code ? CODE_REFUSALS[failure.code] : undefined;
      if (stop) go({ name: 'stopped', stop });
      else if (failure.status === 400) go({ name: 'stopped', stop: STOPS.REQUEST_MISSING_VALUES });
      else setProblem(problemOf(answer.error));
    } finally {
      inFlight.current = false;
    }
  }

  const company = invitation.companyName ?? t('business.verify.your-company');
  const masked = invitation.maskedEmail ?? t('business.verify.invited-address');
  let body: ReactNode;
  switch (step.name) {
    case 'start':
      body = (
        <>
          <p className="ds-paragraph">
            {user.email
              ? t('business.verify.start.signed-in-as', { email: user.email })
              : t('business.verify.start.signed-in')}
          </p>
          <p className="ds-paragraph">{t('business.verify.start.text')}</p>
          {problem ? <ProblemNotice problem={problem} /> : null}
          <div className="form-actions">
            <button
              type="button"
              className="ds-button"
              disabled={verifying}
              onClick={() => void confirm()}
            >
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
      break;
    case 'code-required':
      body = (
        <>
          <p className="ds-paragraph">
            {t('business.verify.code-required.text', {
              company,
              masked,
              email: user.email || t('business.verify.this-user'),
            })}
          </p>
          <p className="ds-paragraph">{t('business.verify.code-required.other-user')}</p>
          {problem ? <ProblemNotice problem={problem} /> : null}
          <div className="form-actions">
            <button
              type="button"
              className="ds-button"
              disabled={sending}
              onClick={() => void requestCode(false)}
            >
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
      break;
    case 'code':
      body = (
        <>
          {problem ? <ProblemNotice problem={problem} /> : null}
          <CodeForm
            key={step.sent.expiresAt}
            token={token ?? ''}
            sent={step.sent}
            resent={step.resent}
            onResult={(answer) => void onResult(answer)}
            onResend={() => void requestCode(true)}
            resending={sending}
          />
        </>
      );
      break;
    case 'done':
      body = (
        <Done subscription={step.subscription} invitation={invitation} titleName={titleName} />
      );
      break;
    case 'stopped':
      body = (
        <Stopped
          stop={step.stop}
          invitation={invitation}
          titleName={titleName}
          onRetry={startOver}
        />
      );
      break;
  }

  return (
    <section aria-labelledby="business-verify-heading" className="screen business">
      <h1 id="business-verify-heading" className="ds-heading" data-size="lg">
        {t('business.verify.heading')}
      </h1>
      {step.name === 'start' ? (
        <p className="ds-paragraph">{t('business.verify.intro', { title: titleName })}</p>
      ) : null}
      <section aria-labelledby="business-verify-step" className="screen" key={step.name}>
        <StepHeading id="business-verify-step" focusOnMount={moved}>
          {step.name === 'stopped'
            ? t(`business.${step.stop.key}.heading`)
            : t(HEADINGS[step.name], { company })}
        </StepHeading>
        {body}
      </section>
    </section>
  );
}
