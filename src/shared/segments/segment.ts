// The segment a reader is asked about, from the subscription the page holds: the SPA asks the
// server for that segment's messages, and the server, answering the page itself, picks the same
// one. Membership is still decided by the server from its own records.
import { hasAccess } from '../subscription/status';

export type SegmentId = 'no-subscription' | 'subscribers' | 'winback';

export function segmentOf(subscription: { readonly instStatusCode: number } | null): SegmentId {
  if (!subscription) return 'no-subscription';
  return hasAccess(subscription.instStatusCode) ? 'subscribers' : 'winback';
}
