// What the answers of changeBusinessUsers mean for the admin of /administrer-bedrift: each
// per-address result (requirements §4 invite and removal results) as the catalogue key of its words and
// its tone, the counts the summary states (requirements §8: "some e-mails not sent or not removed",
// "maximum invitations reached"), and the problems of a refused request.
import type {
  BusinessChangeKind,
  BusinessChangeResult,
  BusinessUserChangeResult,
} from '../../api/business';
import { callFailure, failureKind } from '../../api/problem';

export type Tone = 'success' | 'info' | 'warning' | 'danger';

/** A result's tone: how the table marks it. */
interface ResultTone {
  /** The catalogue key's part for the result, e.g. `add.wrong-email-domain`. */
  readonly key: string;
  readonly tone: Tone;
}

/** The results each kind of change can have (the contract's description). */
const RESULTS: Readonly<
  Record<BusinessChangeKind, Partial<Record<BusinessChangeResult, ResultTone>>>
> = {
  ADD: {
    emailSent: { key: 'add.email-sent', tone: 'success' },
    errorSaved: { key: 'add.error-saved', tone: 'danger' },
    wrongEmailDomain: { key: 'add.wrong-email-domain', tone: 'warning' },
    userExist: { key: 'add.user-exist', tone: 'info' },
    maxUsersReached: { key: 'add.max-users-reached', tone: 'warning' },
    invalidEmail: { key: 'add.invalid-email', tone: 'warning' },
    duplicate: { key: 'add.duplicate', tone: 'info' },
  },
  UPDATE: {
    resent: { key: 'update.resent', tone: 'success' },
    notExist: { key: 'update.not-exist', tone: 'warning' },
    userExist: { key: 'update.user-exist', tone: 'info' },
    errorSaved: { key: 'update.error-saved', tone: 'danger' },
    invalidEmail: { key: 'update.invalid-email', tone: 'warning' },
    duplicate: { key: 'update.duplicate', tone: 'info' },
  },
  REMOVE: {
    deleted: { key: 'remove.deleted', tone: 'success' },
    notExist: { key: 'remove.not-exist', tone: 'info' },
    failed: { key: 'remove.failed', tone: 'danger' },
    invalidEmail: { key: 'remove.invalid-email', tone: 'warning' },
    duplicate: { key: 'remove.duplicate', tone: 'info' },
  },
};

/** The result that means the change went through (or, in a dry run, would). */
export const DONE: Readonly<Record<BusinessChangeKind, BusinessChangeResult>> = {
  ADD: 'emailSent',
  UPDATE: 'resent',
  REMOVE: 'deleted',
};

export interface ResultWords {
  /** Catalogue key (namespace `business`) of the short verdict: "Blir invitert", "Ikke sendt". */
  readonly verdict: string;
  /** Catalogue key of why, in a sentence ({{domains}} for a wrong domain). */
  readonly reason: string;
  readonly tone: Tone;
}

/**
 * The words of a result: a short verdict and the reason, as a dry run words what would happen
 * ("Blir invitert") and an applied change what happened ("Invitert"). A result the contract
 * does not give for the kind reads as "not done" with a neutral reason rather than as nothing.
 */
export function resultWords(
  { kind, result }: Pick<BusinessUserChangeResult, 'kind' | 'result'>,
  dryRun: boolean,
): ResultWords {
  const mode = dryRun ? 'dry' : 'done';
  const outcome = result === DONE[kind] ? 'ok' : 'not';
  const words = RESULTS[kind][result];
  return {
    verdict: `business.verdict.${kind.toLowerCase()}.${outcome}.${mode}`,
    reason: `business.result.${words ? words.key : 'other'}.${mode}`,
    tone: words?.tone ?? 'danger',
  };
}

export interface ResultCounts {
  /** Changes that went through (or would). */
  readonly done: number;
  /** All changes answered. */
  readonly total: number;
  /** Refused because every seat is taken (requirements §8 "maximum invitations reached"). */
  readonly full: number;
}

export function countResults(results: readonly BusinessUserChangeResult[]): ResultCounts {
  return {
    done: results.filter((r) => r.result === DONE[r.kind]).length,
    total: results.length,
    full: results.filter((r) => r.result === 'maxUsersReached').length,
  };
}

/**
 * The addresses of an applied invitation that did not go out and that the admin can correct or
 * try again: a typo, another domain, a failure to store. (Duplicates and addresses already in
 * the company have nothing to correct; a full company needs a seat freed first.)
 */
export function correctable(results: readonly BusinessUserChangeResult[]): string[] {
  return results
    .filter((r) => ['invalidEmail', 'wrongEmailDomain', 'errorSaved'].includes(r.result))
    .map((r) => r.email);
}

/** Why a changeBusinessUsers request (or the agreement) was refused, as the screen words it. */
export type ChangeProblem =
  | { readonly kind: 'not-admin' }
  | { readonly kind: 'no-agreement' }
  | { readonly kind: 'rate-limited'; readonly retryAfter: number | null; readonly at: number }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'failed' };

export function changeProblem(error: unknown, at: number = Date.now()): ChangeProblem {
  const failure = callFailure(error);
  if (failure.status === 403) return { kind: 'not-admin' };
  if (failureKind(failure) === 'not-found') return { kind: 'no-agreement' };
  if (failure.status === 429) return { kind: 'rate-limited', retryAfter: failure.retryAfter, at };
  if (failure.status === 400) return { kind: 'invalid' };
  return { kind: 'failed' };
}
