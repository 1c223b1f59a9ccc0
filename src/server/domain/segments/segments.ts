// Segment messages (issue 14: POST /segment/{id}/message): banners such as a price-change notice
// or a campaign, shown where the SPA asks (the home page). Owns `segment_messages` and
// `segment_message_dismissals`.
//
// A segment's members are decided here from the server's own records, on the title — never from
// the request: `subscribers` hold a subscription of their own that gives access, `winback` had
// one that has ended and hold none, `no-subscription` never had one. A reader outside the segment
// gets no messages. Messages run for a period, for one title or all, in bokmål and nynorsk; a
// reader who closes one is not shown it again, on any device. 60 dismissals an hour.
import { accessStatusCodes } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { enforceLimit } from '../rate-limits';

export const segmentIds = ['subscribers', 'winback', 'no-subscription'] as const;
export type SegmentId = (typeof segmentIds)[number];
export type SegmentContext = 'home' | 'winback' | 'order' | 'cancel';
export type Language = 'nb' | 'nn';

export const DISMISS_LIMIT = { limit: 60, windowSeconds: 3600 } as const;

export interface SegmentMessage {
  readonly id: string;
  readonly heading: string;
  readonly body: string;
  readonly ctaUrl: string | null;
  readonly ctaLabel: string | null;
}

export interface SegmentDeps {
  readonly db: Db;
  readonly clock: Clock;
}

function knownSegment(segmentId: string): SegmentId {
  if (!(segmentIds as readonly string[]).includes(segmentId))
    throw new DomainError('not-found', 'SEGMENT_NOT_FOUND', `No segment ${segmentId}`);
  return segmentId as SegmentId;
}

/** The segments the reader belongs to on the title (from the subscriptions the server holds). */
export async function segmentsOf(
  db: Queryable,
  spidId: string,
  titleCode: string,
): Promise<Set<SegmentId>> {
  const [row] = await db.query<{ running: number; ever: number }>(
    `select count(*) filter (where s.status_code = any($3::int[]) and s.share_kind is null)::int
              as running,
            count(*) filter (where s.share_kind is null)::int as ever
       from accounts a join subscriptions s on s.aria_account_no = a.aria_account_no
      where a.spid_id = $1 and s.title_code = $2`,
    [spidId, titleCode, accessStatusCodes],
  );
  const running = Number(row?.running ?? 0);
  const ever = Number(row?.ever ?? 0);
  if (running > 0) return new Set(['subscribers']);
  return new Set([ever > 0 ? 'winback' : 'no-subscription']);
}

interface MessageRow extends Record<string, unknown> {
  id: string;
  heading_nb: string;
  body_nb: string;
  heading_nn: string;
  body_nn: string;
  cta_url: string | null;
  cta_label_nb: string | null;
  cta_label_nn: string | null;
}

/** The segment's messages for the reader in the context, newest first (none outside it). */
export async function messagesFor(
  db: Queryable,
  input: {
    readonly spidId: string;
    readonly titleCode: string;
    readonly segmentId: string;
    readonly context: SegmentContext;
    readonly language: Language;
    readonly now: Date;
  },
): Promise<SegmentMessage[]> {
  const segment = knownSegment(input.segmentId);
  if (!(await segmentsOf(db, input.spidId, input.titleCode)).has(segment)) return [];
  const rows = await db.query<MessageRow>(
    `select m.id, m.heading_nb, m.body_nb, m.heading_nn, m.body_nn, m.cta_url, m.cta_label_nb,
            m.cta_label_nn
       from segment_messages m
      where m.segment_id = $1 and m.context = $2
        and (m.title_code is null or m.title_code = $3)
        and m.starts_at <= $4 and (m.ends_at is null or m.ends_at > $4)
        and not exists (select 1 from segment_message_dismissals d
                         where d.spid_id = $5 and d.message_id = m.id)
      order by m.starts_at desc, m.id`,
    [segment, input.context, input.titleCode, input.now.toISOString(), input.spidId],
  );
  const nn = input.language === 'nn';
  return rows.map((row) => ({
    id: row.id,
    heading: nn ? row.heading_nn : row.heading_nb,
    body: nn ? row.body_nn : row.body_nb,
    ctaUrl: row.cta_url,
    ctaLabel: row.cta_url ? (nn ? row.cta_label_nn : row.cta_label_nb) : null,
  }));
}

/** The reader closes a message of the segment; kept (once) for every device. */
export async function dismissMessage(
  { db, clock }: SegmentDeps,
  spidId: string,
  segmentId: string,
  messageId: string,
): Promise<{ readonly messageId: string; readonly dismissedAt: string }> {
  const segment = knownSegment(segmentId);
  const now = clock.now();
  const [message] = await db.query<{ id: string }>(
    'select id from segment_messages where id = $1 and segment_id = $2',
    [messageId, segment],
  );
  if (!message)
    throw new DomainError(
      'not-found',
      'SEGMENT_MESSAGE_NOT_FOUND',
      `No message ${messageId} in segment ${segment}`,
    );
  await enforceLimit(db, `segment-dismiss:${spidId}`, DISMISS_LIMIT, now);
  await db.query(
    `insert into segment_message_dismissals (spid_id, message_id, dismissed_at)
     values ($1, $2, $3) on conflict (spid_id, message_id) do nothing`,
    [spidId, messageId, now.toISOString()],
  );
  const [row] = await db.query<{ dismissed_at: Date | string }>(
    'select dismissed_at from segment_message_dismissals where spid_id = $1 and message_id = $2',
    [spidId, messageId],
  );
  return { messageId, dismissedAt: new Date(row!.dismissed_at).toISOString() };
}

/** A message as it is published (the demo data; an editor's tool would call the same). */
export interface NewSegmentMessage {
  readonly id: string;
  readonly segmentId: SegmentId;
  readonly titleCode: string | null;
  readonly context: SegmentContext;
  readonly nb: { readonly heading: string; readonly body: string; readonly ctaLabel?: string };
  readonly nn: { readonly heading: string; readonly body: string; readonly ctaLabel?: string };
  readonly ctaUrl: string | null;
  readonly startsAt: Date;
  readonly endsAt: Date | null;
}

export async function publishMessage(db: Queryable, message: NewSegmentMessage): Promise<void> {
  await db.query(
    `insert into segment_messages (id, segment_id, title_code, context, heading_nb, body_nb,
       heading_nn, body_nn, cta_url, cta_label_nb, cta_label_nn, starts_at, ends_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict (id) do nothing`,
    [
      message.id,
      message.segmentId,
      message.titleCode,
      message.context,
      message.nb.heading,
      message.nb.body,
      message.nn.heading,
      message.nn.body,
      message.ctaUrl,
      message.ctaUrl ? (message.nb.ctaLabel ?? null) : null,
      message.ctaUrl ? (message.nn.ctaLabel ?? null) : null,
      message.startsAt.toISOString(),
      message.endsAt?.toISOString() ?? null,
    ],
  );
}

/** Erasure (privacy/deletion.ts): which messages the reader closed. */
export async function eraseDismissals(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from segment_message_dismissals where spid_id = $1', [spidId]);
}
