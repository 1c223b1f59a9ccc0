// Where a withdrawal's money goes back to, in the catalogue's words: each paid order goes back to
// the method it was paid with, so a purchase by card and an upgrade with Vipps go back to both.
import type { WithdrawalReceipt } from '../../api/subscription';

export type RefundTo = WithdrawalReceipt['refundTo'];
export type Destination = 'card' | 'vipps' | 'both';

export const destinationOf = (to: RefundTo): Destination => (to === 'VIPPS' ? 'vipps' : 'card');

/** The destination of several parts: one method, or both. */
export function destinationOfAll(parts: readonly { readonly refundTo: RefundTo }[]): Destination {
  const methods = new Set(parts.map((p) => destinationOf(p.refundTo)));
  return methods.size > 1 ? 'both' : methods.has('vipps') ? 'vipps' : 'card';
}
