// Owns `payment_callbacks`: the provider's callbacks, each event id kept once, so a callback the
// provider sends again (it retries until it gets a 2xx) is recognised and acted on only once.
import type { Queryable } from '../db/db';

export interface PaymentCallbackEvent {
  readonly eventId: string;
  readonly paymentId: string;
  readonly status: string;
}

/** Records the event; false when its id was received before (a duplicate). */
export async function recordCallback(db: Queryable, event: PaymentCallbackEvent): Promise<boolean> {
  const fresh = await db.query(
    `insert into payment_callbacks (event_id, payment_id, status) values ($1, $2, $3)
     on conflict (event_id) do nothing returning event_id`,
    [event.eventId, event.paymentId, event.status],
  );
  return fresh.length > 0;
}
