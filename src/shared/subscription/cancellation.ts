// Reasons a subscriber can give when cancelling (the fixed list of the cancellation form; the
// free-text comment comes in addition). Shared so the SPA offers exactly what the server accepts.
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
