// What the connect calls' answers mean for the reader: every verify/ result code, every problem
// code of search-account, verify/ and account/assign, mapped to the catalogue key of a clear
// Norwegian message. The messages never say whether an e-mail or phone number exists.
import type { VerifyResult } from '../../api/account';

export type VerifyResultCode = VerifyResult['result'];

/** A verify/ result that stops the flow (everything but `ok`), by its message key. */
export const RESULT_MESSAGES: Readonly<Record<Exclude<VerifyResultCode, 'ok'>, string>> = {
  USER_HAS_ACTIVE_SUB: 'connect.result.user-has-active-sub',
  USER_IS_ACTIVE: 'connect.result.user-is-active',
  EMAIL_DOES_NOT_EXIST: 'connect.result.email-does-not-exist',
  NO_SPID_FOUND: 'connect.result.no-spid-found',
  ERROR_IN_CREATING_ACCOUNT: 'connect.result.error-in-creating-account',
  AMPS_RETURNED_NULL: 'connect.result.amps-returned-null',
  REQUEST_MISSING_VALUES: 'connect.result.request-missing-values',
};

/** Why a code can no longer be tried (verify/ answered 404 VERIFICATION_NOT_FOUND). */
export type DeadCode = 'locked' | 'expired' | 'not-valid';

export const MAX_WRONG_ATTEMPTS = 5;

/**
 * The server answers 404 alike for a locked, expired or used verification; what the page knows
 * tells them apart: five wrong tries lock it, and the search answered when it expires.
 */
export function deadCodeReason(wrongAttempts: number, expiresAt: string, now: number): DeadCode {
  if (wrongAttempts >= MAX_WRONG_ATTEMPTS) return 'locked';
  if (now >= Date.parse(expiresAt)) return 'expired';
  return 'not-valid';
}

export const DEAD_CODE_MESSAGES: Readonly<Record<DeadCode, string>> = {
  locked: 'connect.code.locked',
  expired: 'connect.code.expired',
  'not-valid': 'connect.code.not-valid',
};

/** What account/assign's refusal means (a retry with the same token cannot help). */
export const ASSIGN_MESSAGES: Readonly<Record<string, string>> = {
  CONNECT_TOKEN_INVALID: 'connect.assign.token-invalid',
  ACCOUNT_ALREADY_ASSIGNED: 'connect.assign.already-assigned',
};
