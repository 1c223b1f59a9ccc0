// The embedded analytics collector (requirements §3, §4). Owns `analytics_events`. The SPA
// sends a page view only after the reader has accepted analytics (the consent is the browser's
// to give; the server keeps what arrives, on the title of the request's host). The contract's
// schema bounds every field; 600 events an hour per address keeps a flood out.
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { enforceLimit } from '../rate-limits';

export const COLLECT_LIMIT = { limit: 600, windowSeconds: 3600 } as const;

export async function collectEvent(
  { db, clock }: { readonly db: Db; readonly clock: Clock },
  input: { readonly titleCode: string; readonly address: string; readonly event: object },
): Promise<void> {
  const now = clock.now();
  await enforceLimit(db, `analytics:${input.address}`, COLLECT_LIMIT, now);
  await db.query(
    'insert into analytics_events (title_code, event, received_at) values ($1, $2::jsonb, $3)',
    [input.titleCode, JSON.stringify(input.event), now.toISOString()],
  );
}

export interface StoredEvent {
  readonly id: number;
  readonly titleCode: string;
  readonly event: unknown;
  readonly receivedAt: string;
}

/** The latest events, newest first (/dev/events). */
export async function latestEvents(db: Queryable, limit = 50): Promise<StoredEvent[]> {
  const rows = await db.query<{
    id: string;
    title_code: string;
    event: unknown;
    received_at: Date | string;
  }>('select id, title_code, event, received_at from analytics_events order by id desc limit $1', [
    limit,
  ]);
  return rows.map((r) => ({
    id: Number(r.id),
    titleCode: r.title_code,
    event: typeof r.event === 'string' ? (JSON.parse(r.event) as unknown) : r.event,
    receivedAt: new Date(r.received_at).toISOString(),
  }));
}

/** Retention: page views received before `before` (13 months by default, the privacy text). */
export async function purgeAnalyticsEvents(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('delete from analytics_events where received_at < $1 returning 1', [
    before.toISOString(),
  ]);
  return rows.length;
}
