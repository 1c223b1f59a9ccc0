// What the student verification's steps share: who is verified (a student or a pupil), the code
// that was sent, and when a new one may be asked for.
import type { StudentResult } from '../../api/student';

export type Kind = 'student' | 'pupil';

/** The code sent to the reader's student (pupil) address. */
export interface Sent {
  readonly email: string;
  readonly institution: string;
  /** When a new code may be asked for (ms since the epoch). */
  readonly resendAvailableAt: number;
  readonly resent: boolean;
}

/** When a new code may be asked for, by the server's answer (a minute when it does not say). */
export const resendAvailableAt = (answer: Pick<StudentResult, 'resendAvailableAt'>): number =>
  Date.parse(answer.resendAvailableAt ?? '') || Date.now() + 60_000;

/** Waits up to this many seconds are counted down; longer ones are said as minutes and the time. */
export const COUNTDOWN_SECONDS = 60;

/** When a rate-limited reader may try again, by the 429's Retry-After (a minute if none). */
export const retryAt = (retryAfter: number | null): number =>
  Date.now() + (retryAfter ?? 60) * 1000;
