// A code sent by e-mail or SMS is sent once per Idempotency-Key (the client makes one per send it
// asks for). A browser sends a POST again by itself when a kept-alive connection closes before
// the answer: that repeat gets the first send's answer, counts towards no limit and sends
// nothing. Each sending module keeps the key and a hash of its request beside what it sent; these
// are the parts they share.
import type { Queryable } from '../db/db';
import { DomainError } from '../errors';

/**
 * Makes the sends of one user with one key take turns, on every instance (a lock held until the
 * transaction ends): the second finds the first's row once it may go on. Without a key: nothing.
 */
export async function sendKeyTurn(
  tx: Queryable,
  spidId: string,
  key: string | undefined,
): Promise<void> {
  if (key === undefined) return;
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`send-key:${spidId}:${key}`]);
}

/** The earlier send's row of this key, if its request was the same; another request: 422. */
export function sameRequest<Row extends { readonly request_hash: string | null }>(
  row: Row | undefined,
  requestHash: string,
): Row | undefined {
  if (row && row.request_hash !== requestHash)
    throw new DomainError(
      'unprocessable',
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for another request',
    );
  return row;
}
