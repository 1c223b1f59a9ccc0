// Reasons a subscriber can give when cancelling (the fixed list of the cancellation form; the
// free-text comment comes in addition). Shared so the SPA offers exactly what the server accepts.
import { addDays } from '../time/oslo';

export const cancellationReasons = [
  'price',
  'content',
  'time',
  'technical',
  'moving',
  'other',
] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** Longest free-text comment stored with a cancellation (characters). */
export const CANCELLATION_COMMENT_MAX = 1000;

export function isCancellationReason(value: unknown): value is CancellationReason {
  return typeof value === 'string' && (cancellationReasons as readonly string[]).includes(value);
}

/**
 * The last day with access if the subscription is cancelled `today`: the last day paid for (the
 * day before the renewal date; for a trial, its last free day), never before today. The engine
 * sets the same date as the expiry date; the SPA shows it before the reader confirms.
 */
export function lastDayIfCancelled(renewalDate: string | null, today: string): string {
  const lastPaid = renewalDate ? addDays(renewalDate, -1) : null;
  return lastPaid && lastPaid > today ? lastPaid : today;
}
