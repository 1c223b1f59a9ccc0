// /verifiser-familiemedlem?token=… (login): the invitee opened the link from the invitation and
// signed in (any account). The screen asks what the link offers (POST family-invitations/preview,
// the token in the body) and shows who invited them and to what, with "Bli med" and "Nei takk".
// Accepting creates the shared subscription; the session's subscription is read again so the
// guards know it, and the reader lands on /deling-akseptert. Every other state has its own words
// and next step (requirements §8: expired link, already used, withdrawn, generic error, existing active
// subscription — offered to keep theirs, which declines the invitation so the seat is freed —
// and the contract's declined, full, own link, sharing ended, unknown link, too many tries).
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import {
  type FamilyInvitationPreview,
  useAcceptFamilyInvitationMutation,
  useDeclineFamilyInvitationMutation,
  usePreviewFamilyInvitationQuery,
} from '../../api/family';
import { callFailure } from '../../api/problem';
import { reloadSubscription } from '../../session/reloadSubscription';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { useRateLimitText } from '../../ui/RateLimitNotice';
import { Screen } from '../../ui/Screen';
import { Spinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';

import { Announcement, announcement, type AnnouncementValue } from './Announcement';
import {
  inviteeOutcome,
  type InviteOutcome,
  useDayOf,
  useWaitText,
  waitUntil,
} from './familyWords';
import { SharedFeatures } from './MemberView';

import './family-sharing.css';

/** Where the invitee is: an outcome of the link, or what they chose. */
type Step =
  | { readonly name: 'offer' }
  | { readonly name: 'outcome'; readonly outcome: InviteOutcome; readonly until?: number | null }
  | { readonly name: 'declined-now' }
  | { readonly name: 'joined-not-loaded' };

/** The outcomes after which the link cannot be used: the offer is gone. */
const FINAL: ReadonlySet<InviteOutcome> = new Set([
  'expired',
  'used',
  'withdrawn',
  'declined',
  'not-found',
  'own-subscription',
  'full',
  'self',
  'ended',
]);

/** An invitation state other than valid, as an outcome. */
const STATE_OUTCOMES: Readonly<Record<string, InviteOutcome>> = {
  expired: 'expired',
  used: 'used',
  withdrawn: 'withdrawn',
  declined: 'declined',
};

function OutcomeSection({
  outcome,
  inviter,
  titleName,
  until,
  focus,
  children,
}: {
  readonly outcome: InviteOutcome | 'missing';
  readonly inviter: string;
  readonly titleName: string;
  readonly until?: number | null;
  readonly focus: boolean;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation('family-sharing');
  const waitText = useWaitText();
  const values = { inviter, title: titleName, wait: waitText(until ?? null) };
  return (
    <section aria-labelledby="family-verify-outcome" className="screen">
      <StepHeading id="family-verify-outcome" focusOnMount={focus}>
        {t(`family-sharing.verify.outcome.${outcome}.heading`, values)}
      </StepHeading>
      <Notice color={outcome === 'error' || outcome === 'rate-limited' ? 'danger' : 'warning'}>
        {t(`family-sharing.verify.outcome.${outcome}.text`, values)}
      </Notice>
      {children}
    </section>
  );
}

const INCLUDES_HEADING_ID = 'family-verify-includes';

function Offer({
  preview,
  busy,
  problem,
  onAccept,
  onDecline,
}: {
  readonly preview: FamilyInvitationPreview;
  readonly busy: 'accept' | 'decline' | null;
  readonly problem: AnnouncementValue | null;
  readonly onAccept: () => void;
  readonly onDecline: () => void;
}) {
  const { t } = useTranslation('family-sharing');
  const dayOf = useDayOf();
  const user = useAppSelector(selectUser);
  const values = {
    inviter: preview.inviterName,
    title: preview.titleName,
    plan: preview.planName,
  };
  return (
    <section aria-labelledby="family-verify-offer" className="screen">
      <h2 id="family-verify-offer" className="ds-heading" data-size="md">
        {t('family-sharing.verify.offer.heading', values)}
      </h2>
      <p className="ds-paragraph">{t('family-sharing.verify.offer.text', values)}</p>
      <div className="ds-card family-offer">
        <h3 id={INCLUDES_HEADING_ID} className="ds-heading" data-size="xs">
          {t('family-sharing.verify.offer.includes', values)}
        </h3>
        <SharedFeatures features={preview.features} labelledBy={INCLUDES_HEADING_ID} />
        <p className="ds-paragraph">{t('family-sharing.verify.offer.free', values)}</p>
      </div>
      {user.email ? (
        <p className="ds-paragraph">
          {t('family-sharing.verify.offer.signed-in-as', { email: user.email })}
        </p>
      ) : null}
      <p className="ds-paragraph family-item-meta">
        {t('family-sharing.verify.offer.valid-until', { date: dayOf(preview.expiresAt) })}
      </p>
      <Announcement value={problem} />
      <div className="form-actions">
        <button type="button" className="ds-button" disabled={busy !== null} onClick={onAccept}>
          {t('family-sharing.verify.offer.accept')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy !== null}
          onClick={onDecline}
        >
          {t('family-sharing.verify.offer.decline')}
        </button>
        <span role="status" className="form-progress">
          {busy ? (
            <>
              <Spinner data-size="sm" />{' '}
              {t(
                busy === 'accept'
                  ? 'family-sharing.verify.offer.accepting'
                  : 'family-sharing.verify.offer.declining',
              )}
            </>
          ) : null}
        </span>
      </div>
    </section>
  );
}

function VerifyWithToken({ token }: { readonly token: string }) {
  const { t } = useTranslation('family-sharing');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rateLimitText = useRateLimitText();
  const preview = usePreviewFamilyInvitationQuery(
    { familyInvitationTokenRequest: { token } },
    { refetchOnMountOrArgChange: true },
  );
  const [accept] = useAcceptFamilyInvitationMutation();
  const [decline] = useDeclineFamilyInvitationMutation();
  const [step, setStep] = useState<Step>({ name: 'offer' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<AnnouncementValue | null>(null);
  const running = useRef(false);
  // A step the reader went to takes the focus; the first view does not move it.
  const [moved, setMoved] = useState(false);
  const go = (next: Step) => {
    setMoved(true);
    setStep(next);
  };

  const data = preview.data;
  const inviter = data?.inviterName ?? t('family-sharing.verify.someone');
  const titleName = data?.titleName ?? '';

  async function run(action: 'accept' | 'decline') {
    if (running.current) return;
    running.current = true;
    setBusy(action);
    setProblem(null);
    try {
      const request = { familyInvitationTokenRequest: { token } };
      if (action === 'accept') {
        await accept(request).unwrap();
        // The guards read the store: it must hold the shared subscription before /deling-akseptert.
        const subscription = await dispatch(reloadSubscription({ orSession: true }));
        if (subscription?.hasSubscription) await navigate('/deling-akseptert', { replace: true });
        else go({ name: 'joined-not-loaded' });
      } else {
        await decline(request).unwrap();
        go({ name: 'declined-now' });
      }
    } catch (error) {
      const failure = callFailure(error);
      const outcome = inviteeOutcome(failure);
      if (FINAL.has(outcome)) go({ name: 'outcome', outcome });
      else if (outcome === 'rate-limited')
        setProblem(announcement('danger', rateLimitText(failure.retryAfter, Date.now())));
      else
        setProblem(
          announcement(
            'danger',
            t(
              action === 'accept'
                ? 'family-sharing.verify.accept-failed'
                : 'family-sharing.verify.decline-failed',
            ),
          ),
        );
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  const acceptInvitation = () => void run('accept');
  const declineInvitation = () => void run('decline');

  if (preview.isLoading) return <Progress reserve>{t('family-sharing.verify.loading')}</Progress>;

  if (!data) {
    const failure = callFailure(preview.error);
    const outcome = inviteeOutcome(failure);
    return (
      <OutcomeSection
        outcome={outcome}
        inviter={inviter}
        titleName={titleName}
        until={waitUntil(failure.retryAfter)}
        focus={false}
      >
        {outcome === 'error' || outcome === 'rate-limited' ? (
          <p className="ds-paragraph">
            <button
              type="button"
              className="ds-button"
              disabled={preview.isFetching}
              onClick={() => void preview.refetch()}
            >
              {t('family-sharing.retry')}
            </button>
          </p>
        ) : null}
        <NextSteps />
      </OutcomeSection>
    );
  }

  if (step.name === 'declined-now')
    return (
      <section aria-labelledby="family-verify-declined" className="screen">
        <StepHeading id="family-verify-declined" focusOnMount={moved}>
          {t('family-sharing.verify.declined-now.heading')}
        </StepHeading>
        <Notice color="success">
          <p>{t('family-sharing.verify.declined-now.text', { inviter })}</p>
          {data.hasOwnActiveSubscription ? (
            <p>{t('family-sharing.verify.declined-now.keeps-own', { title: titleName })}</p>
          ) : null}
        </Notice>
        <NextSteps />
      </section>
    );

  if (step.name === 'joined-not-loaded')
    return (
      <section aria-labelledby="family-verify-joined" className="screen">
        <StepHeading id="family-verify-joined" focusOnMount={moved}>
          {t('family-sharing.verify.joined.heading')}
        </StepHeading>
        <Notice color="success">
          <p>{t('family-sharing.verify.joined.text', { inviter, title: titleName })}</p>
          <p>
            {/* A full page load reads the session again, with the new subscription. */}
            <a className="ds-link" href="/deling-akseptert">
              {t('family-sharing.verify.joined.link')}
            </a>
          </p>
        </Notice>
      </section>
    );

  const outcome: InviteOutcome | null =
    step.name === 'outcome'
      ? step.outcome
      : data.state !== 'valid'
        ? (STATE_OUTCOMES[data.state] ?? 'error')
        : data.hasOwnActiveSubscription
          ? 'own-subscription'
          : null;

  if (outcome === 'own-subscription')
    return (
      <OutcomeSection outcome={outcome} inviter={inviter} titleName={titleName} focus={moved}>
        <p className="ds-paragraph">{t('family-sharing.verify.keep-own.text', { inviter })}</p>
        <Announcement value={problem} />
        <div className="form-actions">
          <button
            type="button"
            className="ds-button"
            disabled={busy !== null}
            onClick={declineInvitation}
          >
            {t('family-sharing.verify.keep-own.button')}
          </button>
          <span role="status" className="form-progress">
            {busy ? (
              <>
                <Spinner data-size="sm" /> {t('family-sharing.verify.offer.declining')}
              </>
            ) : null}
          </span>
        </div>
        <NextSteps />
      </OutcomeSection>
    );

  if (outcome)
    return (
      <OutcomeSection outcome={outcome} inviter={inviter} titleName={titleName} focus={moved}>
        <NextSteps />
      </OutcomeSection>
    );

  return (
    <Offer
      preview={data}
      busy={busy}
      problem={problem}
      onAccept={acceptInvitation}
      onDecline={declineInvitation}
    />
  );
}

/** Where to go from here: Min side (a subscriber) and customer service. */
function NextSteps() {
  const { t } = useTranslation('family-sharing');
  return (
    <ul className="screen-links">
      <li>
        <HomeLink />
      </li>
      <li>
        <Link className="ds-link" to="/kundeservice">
          {t('family-sharing.verify.customer-service')}
        </Link>
      </li>
    </ul>
  );
}

const MISSING = 'missing';

export default function VerifyFamilyMemberScreen() {
  const { t } = useTranslation('family-sharing');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Screen
      headingId="family-verify-heading"
      className="family"
      heading={t('family-sharing.verify.heading')}
    >
      {token ? (
        <VerifyWithToken token={token} />
      ) : (
        <OutcomeSection
          outcome={MISSING}
          inviter={t('family-sharing.verify.someone')}
          titleName=""
          focus={false}
        >
          <NextSteps />
        </OutcomeSection>
      )}
    </Screen>
  );
}
