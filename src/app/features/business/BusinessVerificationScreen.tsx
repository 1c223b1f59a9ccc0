// /bedrift?invitasjon=… (login): an invited employee takes the company's seat. The reader confirms
// (nothing happens by opening the link alone); the server then verifies by the signed-in
// e-mail address as the identity provider has it. Signed in with another address, the answer
// asks for a code: it is e-mailed to the invited address (masked on the page), the reader types
// it (wrong codes count down to five, a new code can be asked for within the rate limits). On
// ok the subscription is read again and the page says what the reader now has, with the way
// home. Every verification result (requirements §4) has its message and next step. Each new step's
// heading takes the focus.
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import {
  type BusinessVerificationCodeSent,
  type BusinessVerificationResult,
  useSendBusinessVerificationCodeMutation,
  useVerifyBusinessInvitationMutation,
} from '../../api/business';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { callFailure } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { reloadSubscription } from '../../session/reloadSubscription';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Screen } from '../../ui/Screen';
import { StepHeading } from '../../ui/StepHeading';

import { ProblemNotice } from './ProblemNotice';
import type { ChangeProblem } from './results';
import {
  CODE_REFUSALS,
  type Invitation,
  invitationToken,
  type Stop,
  STOPS,
  type VerificationResultCode,
  verificationProblem,
} from './verification';
import { VerifyCodeRequiredStep } from './VerifyCodeRequiredStep';
import { VerifyCodeStep } from './VerifyCodeStep';
import { VerifyDoneStep } from './VerifyDoneStep';
import { VerifyStartStep } from './VerifyStartStep';
import { VerifyStoppedStep } from './VerifyStoppedStep';

import './business.css';

type Step =
  | { readonly name: 'start' }
  | { readonly name: 'code-required' }
  | { readonly name: 'code'; readonly sent: BusinessVerificationCodeSent; readonly resent: boolean }
  | { readonly name: 'done'; readonly subscription: Subscription | null }
  | { readonly name: 'stopped'; readonly stop: Stop };

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

  /** Any answer but CODE_WRONG/CODE_EXPIRED (the code step keeps those). */
  async function onResult(answer: BusinessVerificationResult) {
    if (answer.companyName || answer.maskedEmail)
      setInvitation({ companyName: answer.companyName, maskedEmail: answer.maskedEmail });
    const result: VerificationResultCode = answer.result;
    switch (result) {
      case 'ok': {
        // The seat is a subscription now: Min Side reads it again (requirements §4) and shows it.
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
      else setProblem(verificationProblem(answer.error));
    } finally {
      inFlight.current = false;
    }
  }

  async function requestCode(resend: boolean) {
    if (!token || inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    try {
      const answer = await sendCode({
        'Idempotency-Key': newIdempotencyKey(),
        businessVerificationCodeRequest: { token },
      });
      if (answer.data) {
        if (resend) setStep({ name: 'code', sent: answer.data, resent: true });
        else go({ name: 'code', sent: answer.data, resent: false });
        return;
      }
      const failure = callFailure(answer.error);
      const stop = failure.code ? CODE_REFUSALS[failure.code] : undefined;
      if (stop) go({ name: 'stopped', stop });
      else if (failure.status === 400) go({ name: 'stopped', stop: STOPS.REQUEST_MISSING_VALUES });
      else setProblem(verificationProblem(answer.error));
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
        <VerifyStartStep
          email={user.email}
          problem={problem}
          verifying={verifying}
          onConfirm={() => void confirm()}
        />
      );
      break;
    case 'code-required':
      body = (
        <VerifyCodeRequiredStep
          company={company}
          masked={masked}
          email={user.email}
          problem={problem}
          sending={sending}
          onSend={() => void requestCode(false)}
        />
      );
      break;
    case 'code':
      body = (
        <>
          {problem ? <ProblemNotice problem={problem} /> : null}
          <VerifyCodeStep
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
        <VerifyDoneStep
          subscription={step.subscription}
          invitation={invitation}
          titleName={titleName}
        />
      );
      break;
    case 'stopped':
      body = (
        <VerifyStoppedStep
          stop={step.stop}
          invitation={invitation}
          titleName={titleName}
          onRetry={startOver}
        />
      );
      break;
  }

  return (
    <Screen
      headingId="business-verify-heading"
      className="business"
      heading={t('business.verify.heading')}
    >
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
    </Screen>
  );
}
