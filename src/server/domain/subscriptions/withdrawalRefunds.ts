// Sending a withdrawal's refunds to the payment provider, each once by its idempotency key: at
// once after the withdrawal, then by the background work at growing intervals for one the
// provider did not take (see the rule at the top of withdrawal.ts).
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { DomainError, type DomainErrorKind } from '../../errors';
import type { PaymentPort } from '../../payments/port';

import { REFUND_MAX_ATTEMPTS, type RefundStatus } from './withdrawalRules';
import {
  claimRefund,
  dueRefundIds,
  markRefunded,
  markRefundFailed,
  noteRefundError,
  pendingRefundIds,
} from './withdrawalStore';

export interface WithdrawalDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  readonly log?: {
    error(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
  };
}

/** The idempotency key of one refund at the provider. */
export const refundKey = (withdrawalId: number | string, paymentId: string) =>
  `withdrawal:${withdrawalId}:${paymentId}`;

/**
 * What a provider's refusal is: an answer about the refund itself (not captured, more than was
 * paid, an unknown payment, a reused key) is final; an outside system that did not answer
 * (`upstream`, rate limits, credentials, a network error that is no DomainError) is worth
 * another try. Adapters throw DomainError with these kinds (errors.ts).
 */
const finalRefusals: ReadonlySet<DomainErrorKind> = new Set([
  'invalid',
  'not-found',
  'conflict',
  'unprocessable',
]);
const isRefusal = (error: unknown) => error instanceof DomainError && finalRefusals.has(error.kind);

/**
 * Sends one pending refund that is due, once by its idempotency key (the attempt is claimed
 * first: see claimRefund). Answers its status afterwards (null: not due, or another instance
 * has it).
 */
async function sendRefund(deps: WithdrawalDeps, id: number | string): Promise<RefundStatus | null> {
  const now = deps.clock.now();
  const claimed = await claimRefund(deps.db, id, now);
  if (!claimed) return null;
  const facts = {
    withdrawal: claimed.reference,
    orderId: claimed.order_id,
    paymentId: claimed.payment_id,
    refundOre: Number(claimed.refund_ore),
    attempts: claimed.attempts,
  };
  try {
    await deps.payments.refundPayment(
      claimed.payment_id,
      Number(claimed.refund_ore),
      refundKey(claimed.withdrawal_id, claimed.payment_id),
    );
  } catch (error) {
    const refused = isRefusal(error);
    const detail = error instanceof Error ? error.message : String(error);
    if (refused || claimed.attempts >= REFUND_MAX_ATTEMPTS) {
      await markRefundFailed(deps.db, id, now, detail);
      deps.log?.error(
        { ...facts, customerService: true, err: error },
        refused
          ? 'withdrawal refund refused by the provider: customer service must refund it by hand and contact the reader'
          : `withdrawal refund failed ${claimed.attempts} times: customer service must refund it by hand and contact the reader`,
      );
      return 'FAILED';
    }
    await noteRefundError(deps.db, id, detail);
    const retry = { ...facts, nextAttemptAt: new Date(claimed.next_attempt_at).toISOString() };
    if (deps.log?.warn)
      deps.log.warn(
        { ...retry, err: error },
        'withdrawal refund failed; the background work tries again',
      );
    else
      deps.log?.error(
        { ...retry, err: error },
        'withdrawal refund failed; the background work tries again',
      );
    return 'PENDING';
  }
  await markRefunded(deps.db, id, now);
  return 'REFUNDED';
}

/** One refund's trouble (the database, say) never stops the others. */
async function sendRefundSafely(deps: WithdrawalDeps, id: number | string) {
  try {
    return await sendRefund(deps, id);
  } catch (error) {
    deps.log?.error({ refundId: id, err: error }, 'withdrawal refund could not be sent');
    return null;
  }
}

/** Sends the refunds of a withdrawal just recorded (those the provider does not take wait). */
export async function sendRefundsOf(deps: WithdrawalDeps, withdrawalId: number | string) {
  for (const id of await pendingRefundIds(deps.db, withdrawalId)) await sendRefundSafely(deps, id);
}

/**
 * Sends the refunds that are due (background work, safe on several instances: each attempt is
 * claimed, and the provider's idempotency key makes each refund once), the longest waiting
 * first. Answers how many were refunded.
 */
export async function retryPendingRefunds(deps: WithdrawalDeps, limit = 50): Promise<number> {
  let sent = 0;
  for (const id of await dueRefundIds(deps.db, deps.clock.now(), limit))
    if ((await sendRefundSafely(deps, id)) === 'REFUNDED') sent += 1;
  return sent;
}
