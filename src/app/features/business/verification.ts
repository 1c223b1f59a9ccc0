// What /bedrift's answers mean for the invited employee: every verification result code (requirements §4,
// and the code step's) and every refusal of sending the code, as the catalogue key of a clear
// Norwegian message and the next step it offers; what the invitation is, and a failed call.
import type { BusinessVerificationResult } from '../../api/business';
import { callFailure } from '../../api/problem';

import type { ChangeProblem } from './results';

export type VerificationResultCode = BusinessVerificationResult['result'];

/** What the reader can do next after a result that ends the flow. */
export type NextStep =
  /** Go to Min side (they have access, or a subscription of their own). */
  | 'home'
  /** Try the verification again (a failure on our side that may pass). */
  | 'retry'
  /** Sign out and open the link again (the identity provider does not know the user). */
  | 'sign-out'
  /** Ask the company's administrator for a new invitation. */
  | 'ask-admin'
  /** Customer service can help (nothing the reader or the admin can do). */
  | 'customer-service';

export interface Stop {
  /** Catalogue key (namespace `business`) of the heading and the message: `<key>.heading|text`. */
  readonly key: string;
  readonly next: NextStep;
}

/** The results that end the flow (all but ok and the code step's), by their words. */
export const STOPS: Readonly<
  Record<Exclude<VerificationResultCode, 'ok' | 'CODE_REQUIRED' | 'CODE_WRONG'>, Stop>
> = {
  USER_HAS_ACTIVE_SUB: { key: 'verify.stop.user-has-active-sub', next: 'home' },
  USER_IS_ACTIVE: { key: 'verify.stop.user-is-active', next: 'home' },
  EMAIL_DOES_NOT_EXIST: { key: 'verify.stop.email-does-not-exist', next: 'ask-admin' },
  LINK_EXPIRED: { key: 'verify.stop.link-expired', next: 'ask-admin' },
  NO_SPID_FOUND: { key: 'verify.stop.no-spid-found', next: 'sign-out' },
  ERROR_IN_CREATING_ACCOUNT: { key: 'verify.stop.error-in-creating-account', next: 'retry' },
  AMPS_RETURNED_NULL: { key: 'verify.stop.amps-returned-null', next: 'customer-service' },
  REQUEST_MISSING_VALUES: { key: 'verify.stop.request-missing-values', next: 'ask-admin' },
  // Only with a code: the code is dead (too old, used, or five wrong); a new one is asked for
  // on the code step itself, so this ends the flow only when it comes without one.
  CODE_EXPIRED: { key: 'verify.stop.code-expired', next: 'retry' },
};

/** What sending the code was refused for (problem codes of sendBusinessVerificationCode). */
export const CODE_REFUSALS: Readonly<Record<string, Stop>> = {
  BUSINESS_INVITATION_NOT_FOUND: STOPS.EMAIL_DOES_NOT_EXIST,
  BUSINESS_INVITATION_USED: STOPS.USER_IS_ACTIVE,
  BUSINESS_INVITATION_EXPIRED: STOPS.LINK_EXPIRED,
};

/** Five wrong codes end a code (the contract's rule); the page counts down to it. */
export const MAX_WRONG_CODES = 5;

/** The `invitasjon` of a link as the contract takes it (InvitationToken); else none. */
export function invitationToken(search: URLSearchParams): string | null {
  const token = search.get('invitasjon')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,256}$/.test(token) ? token : null;
}

/** What the invitation is, once the server has named it (any answer but a missing token). */
export interface Invitation {
  readonly companyName: string | null;
  readonly maskedEmail: string | null;
}

/** A failed call (no answer, or a refusal that is not a result) in the screen's words. */
export function verificationProblem(error: unknown): ChangeProblem {
  const failure = callFailure(error);
  if (failure.status === 429)
    return { kind: 'rate-limited', retryAfter: failure.retryAfter, at: Date.now() };
  return { kind: 'failed' };
}
