// What the family screens say about the server's answers: the catalogue key of each refusal code
// (requirements §8 family errors: expired link, generic error, already used, withdrawn, existing active
// subscription, and the rest of the contract's codes), the words of an invitation's state, and
// how long a rate-limited reader waits (the 429's Retry-After as minutes and the Oslo clock).
import { useTranslation } from 'react-i18next';

import { osloDateOf } from '../../../shared/time/oslo';
import type { FamilyInvitationState } from '../../api/family';
import { type CallFailure, failureKind } from '../../api/problem';
import { formatClockTime, formatLongDate } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../lib/i18n/i18n';

/** The reader's language for dates and clock times (follows the language switch). */
export function useLanguage(): Language {
  const { i18n } = useTranslation('family-sharing');
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The Oslo calendar day of a timestamp, written long ("8. mars 2026"). */
export function useDayOf(): (timestamp: string) => string {
  const language = useLanguage();
  return (timestamp: string) => {
    const instant = new Date(timestamp);
    return Number.isNaN(instant.getTime())
      ? timestamp
      : formatLongDate(osloDateOf(instant), language);
  };
}

/** The catalogue key of an invitation state's words ("Venter på svar", "Utløpt", …). */
export const stateKey = (state: FamilyInvitationState) => `family-sharing.state.${state}`;

/** The states an invitation can still be answered or sent again in: the owner acts on them. */
export const OPEN_STATES: ReadonlySet<FamilyInvitationState> = new Set(['valid', 'expired']);

/**
 * The owner's refusals (invite, resend, withdraw, remove, leave) by problem code. A code not
 * here (or none: no answer came) reads as the generic failure of the action.
 */
export const OWNER_REFUSALS: Readonly<Record<string, string>> = {
  FAMILY_FULL: 'family-sharing.refusal.full',
  FAMILY_ALREADY_INVITED: 'family-sharing.refusal.already-invited',
  FAMILY_INVITE_SELF: 'family-sharing.refusal.invite-self',
  FAMILY_SHARING_NOT_INCLUDED: 'family-sharing.refusal.not-included',
  FAMILY_INVITATION_USED: 'family-sharing.refusal.invitation-used',
  FAMILY_INVITATION_WITHDRAWN: 'family-sharing.refusal.invitation-withdrawn',
  FAMILY_INVITATION_DECLINED: 'family-sharing.refusal.invitation-declined',
  FAMILY_INVITATION_EXPIRED: 'family-sharing.refusal.invitation-expired',
  FAMILY_INVITATION_NOT_FOUND: 'family-sharing.refusal.invitation-not-found',
  FAMILY_MEMBER_NOT_FOUND: 'family-sharing.refusal.member-not-found',
};

/** The invitee's outcomes at /verifiser-familiemedlem, by problem code or invitation state. */
export type InviteOutcome =
  | 'expired'
  | 'used'
  | 'withdrawn'
  | 'declined'
  | 'not-found'
  | 'own-subscription'
  | 'full'
  | 'self'
  | 'ended'
  | 'rate-limited'
  | 'error';

export const INVITEE_REFUSALS: Readonly<Record<string, InviteOutcome>> = {
  FAMILY_INVITATION_EXPIRED: 'expired',
  FAMILY_INVITATION_USED: 'used',
  FAMILY_INVITATION_WITHDRAWN: 'withdrawn',
  FAMILY_INVITATION_DECLINED: 'declined',
  FAMILY_INVITATION_NOT_FOUND: 'not-found',
  FAMILY_ACTIVE_SUBSCRIPTION: 'own-subscription',
  FAMILY_FULL: 'full',
  FAMILY_INVITE_SELF: 'self',
  FAMILY_SHARING_ENDED: 'ended',
  RATE_LIMITED: 'rate-limited',
};

/** The invitee's outcome of a failed call: by its code, 429 or 404 by status, else an error. */
export function inviteeOutcome(failure: CallFailure): InviteOutcome {
  const byCode = failure.code ? INVITEE_REFUSALS[failure.code] : undefined;
  if (byCode) return byCode;
  if (failure.status === 429) return 'rate-limited';
  if (failureKind(failure) === 'not-found') return 'not-found';
  return 'error';
}

/** A wait after a 429: until when (ms since the epoch), or null when the server did not say. */
export const waitUntil = (retryAfter: number | null, at: number = Date.now()) =>
  retryAfter === null ? null : at + retryAfter * 1000;

/**
 * How long to wait, in words: "Vent 12 min (til kl. 10:42)" within the hour and a half, the
 * clock time later today, and the day and time when it is another day; a general "a while"
 * when the server did not say.
 */
export function useWaitText(): (until: number | null, now?: number) => string {
  const { t } = useTranslation('family-sharing');
  const language = useLanguage();
  return (until, now = Date.now()) => {
    if (until === null) return t('family-sharing.wait.unknown');
    const time = formatClockTime(new Date(until), language);
    const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
    if (minutes <= 90) return t('family-sharing.wait.minutes', { minutes, time });
    const day = osloDateOf(new Date(until));
    if (day === osloDateOf(new Date(now))) return t('family-sharing.wait.later-today', { time });
    return t('family-sharing.wait.another-day', {
      date: formatLongDate(day, language),
      time,
    });
  };
}
