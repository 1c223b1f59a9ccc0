// The owner's invitations on /familiedeling. Those still open (waiting for an answer, or expired
// unanswered) come first, each with its state, when it was sent and until when its link works,
// and the two things the owner can do: send it again (a new link; the old one stops working) and
// withdraw it (the link stops working and the seat is free). Sending again is limited per hour:
// until `resendAvailableAt` the button waits and says until when, and a 429 says the wait too.
// Answered ones (declined, withdrawn, used) are kept below, folded, for the record.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type FamilyInvitation,
  useResendFamilyInvitationMutation,
  useWithdrawFamilyInvitationMutation,
} from '../../api/family';
import { callFailure } from '../../api/problem';
import { Spinner } from '../../ui/Spinner';

import { announcement, type AnnouncementValue } from './Announcement';
import {
  OPEN_STATES,
  OWNER_REFUSALS,
  stateKey,
  useDayOf,
  useWaitText,
  waitUntil,
} from './familyWords';
import { useNowUntil } from './useNowUntil';

import '../../ui/designsystemet-details.css';
import '../../ui/designsystemet-tags.css';

type Report = (result: AnnouncementValue) => void;

const TAG_COLORS: Readonly<Record<FamilyInvitation['state'], string>> = {
  valid: 'info',
  expired: 'warning',
  declined: 'neutral',
  withdrawn: 'neutral',
  used: 'success',
};

function InvitationFacts({ invitation }: { readonly invitation: FamilyInvitation }) {
  const { t } = useTranslation('family-sharing');
  const dayOf = useDayOf();
  const channel = t(`family-sharing.channel.${invitation.channel === 'SMS' ? 'sms' : 'email'}`);
  return (
    <>
      <p className="ds-paragraph family-item-meta">
        <span className="ds-tag" data-color={TAG_COLORS[invitation.state]}>
          {t(stateKey(invitation.state))}
        </span>{' '}
        {channel}
      </p>
      <p className="ds-paragraph family-item-meta">
        {t('family-sharing.invitations.sent', { date: dayOf(invitation.sentAt) })}
        {invitation.state === 'valid'
          ? ` ${t('family-sharing.invitations.valid-until', { date: dayOf(invitation.expiresAt) })}`
          : null}
        {invitation.state === 'expired'
          ? ` ${t('family-sharing.invitations.expired-on', { date: dayOf(invitation.expiresAt) })}`
          : null}
      </p>
    </>
  );
}

function OpenInvitation({
  invitation,
  now,
  onResult,
}: {
  readonly invitation: FamilyInvitation;
  readonly now: number;
  readonly onResult: Report;
}) {
  const { t } = useTranslation('family-sharing');
  const waitText = useWaitText();
  const [resend] = useResendFamilyInvitationMutation();
  const [withdraw] = useWithdrawFamilyInvitationMutation();
  const [busy, setBusy] = useState<'resend' | 'withdraw' | null>(null);
  const running = useRef(false);
  const recipient = invitation.recipient;
  const available = invitation.resendAvailableAt ? Date.parse(invitation.resendAvailableAt) : null;
  const waiting = available !== null && available > now;
  const headingId = `family-invitation-${invitation.invitationId}`;
  const waitId = `${headingId}-wait`;

  async function run(action: 'resend' | 'withdraw') {
    if (running.current) return;
    running.current = true;
    setBusy(action);
    try {
      const args = { invitationId: invitation.invitationId };
      if (action === 'resend') {
        await resend(args).unwrap();
        onResult(announcement('success', t('family-sharing.invitations.resent', { recipient })));
      } else {
        await withdraw(args).unwrap();
        onResult(announcement('success', t('family-sharing.invitations.withdrawn', { recipient })));
      }
    } catch (error) {
      const failure = callFailure(error);
      if (failure.status === 429)
        onResult(
          announcement(
            'warning',
            t('family-sharing.invitations.resend-limited', {
              recipient,
              wait: waitText(waitUntil(failure.retryAfter)),
            }),
          ),
        );
      else {
        const refusal = failure.code ? OWNER_REFUSALS[failure.code] : undefined;
        onResult(
          announcement(
            'danger',
            t(
              refusal ??
                (action === 'resend'
                  ? 'family-sharing.invitations.resend-failed'
                  : 'family-sharing.invitations.withdraw-failed'),
            ),
          ),
        );
      }
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  return (
    <li className="ds-card family-item">
      <h3 id={headingId} className="ds-heading family-recipient" data-size="xs">
        {recipient}
      </h3>
      <InvitationFacts invitation={invitation} />
      {waiting ? (
        <p id={waitId} className="ds-paragraph family-item-meta">
          {t('family-sharing.invitations.resend-wait', { wait: waitText(available, now) })}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy !== null || waiting}
          aria-describedby={waiting ? waitId : undefined}
          onClick={() => void run('resend')}
        >
          {t('family-sharing.invitations.resend')}
          <span className="ds-sr-only">
            {' '}
            {t('family-sharing.invitations.resend-to', { recipient })}
          </span>
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="tertiary"
          disabled={busy !== null}
          onClick={() => void run('withdraw')}
        >
          {t('family-sharing.invitations.withdraw')}
          <span className="ds-sr-only">
            {' '}
            {t('family-sharing.invitations.withdraw-to', { recipient })}
          </span>
        </button>
        <span role="status" className="form-progress">
          {busy ? (
            <>
              <Spinner data-size="sm" />{' '}
              {t(
                busy === 'resend'
                  ? 'family-sharing.invitations.resending'
                  : 'family-sharing.invitations.withdrawing',
              )}
            </>
          ) : null}
        </span>
      </div>
    </li>
  );
}

export function InvitationList({
  invitations,
  onResult,
}: {
  readonly invitations: readonly FamilyInvitation[];
  readonly onResult: Report;
}) {
  const { t } = useTranslation('family-sharing');
  const open = invitations.filter((i) => OPEN_STATES.has(i.state));
  const answered = invitations.filter((i) => !OPEN_STATES.has(i.state));
  const now = useNowUntil(
    open.flatMap((i) => (i.resendAvailableAt ? [Date.parse(i.resendAvailableAt)] : [])),
  );
  return (
    <>
      {open.length === 0 ? (
        <p className="ds-paragraph">{t('family-sharing.invitations.none')}</p>
      ) : (
        <ul className="family-list">
          {open.map((invitation) => (
            <OpenInvitation
              key={invitation.invitationId}
              invitation={invitation}
              now={now}
              onResult={onResult}
            />
          ))}
        </ul>
      )}
      {answered.length > 0 ? (
        <details className="ds-details family-earlier">
          <summary>{t('family-sharing.invitations.earlier', { number: answered.length })}</summary>
          <ul className="family-list">
            {answered.map((invitation) => (
              <li key={invitation.invitationId} className="family-item">
                <p className="ds-paragraph family-recipient">{invitation.recipient}</p>
                <InvitationFacts invitation={invitation} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
