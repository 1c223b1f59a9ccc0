// /student-verifisering, /student-verifisering2 (students) and /elev-verifisering (pupils), all
// with login: verify a student (pupil) e-mail address with a code sent there, then pay for the
// student plan of the campaign through the purchase saga (card or Vipps), which ends on
// /student-kvittering(2). The server decides everything: the screen first asks for a quote of
// the student plan, and its answer says where the reader stands (verified: pay; not verified:
// the e-mail step; a subscriber, under 18, no birth date: why not, and what to do). A reader who
// already has the student plan verifies again here (yearly): that keeps the student price, and
// calls off the change the server announced for when the last verification lapses. Results of
// the verification calls (requirements §8) are shown in place, each with a next step.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { studentCampaigns } from '../../../shared/student/campaigns';
import { STUDENT_PLAN_ID } from '../../../shared/subscription/plans';
import { type OrderQuote, useQuoteOrderMutation } from '../../api/order';
import { callFailure } from '../../api/problem';
import type { StudentResult } from '../../api/student';
import { purchaseResumed } from '../../flows/order/purchaseSlice';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { CodeStep } from './CodeStep';
import { EmailStep } from './EmailStep';
import { PayStep } from './PayStep';
import { Refusal } from './Refusal';
import { Renewed } from './Renewed';
import { campaignOfPath } from './studentParts';
import type { Kind, Sent } from './verification';

import './student.css';

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

/** Results that send the reader back to the e-mail step (a new address, or a stop). */
const BACK_TO_EMAIL = new Set<StudentResult['result']>([
  'USER_NOT_EXIST',
  'ARIA_ACTIVE',
  'USER_EXIST_ACTIVE',
]);

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
    <Screen
      headingId="student-verify-heading"
      className="student"
      heading={t(kind === 'pupil' ? 'student.verify.heading-pupil' : 'student.verify.heading')}
    >
      {body}
    </Screen>
  );
}
