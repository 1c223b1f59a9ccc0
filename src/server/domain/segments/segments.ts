// Segment messages (POST /segment/{id}/message): banners such as a price-change notice
// or a campaign, shown where the SPA asks (the home page). Owns `segment_messages` and
// `segment_message_dismissals`.
//
// A segment's members are decided here from the server's own records, on the title — never from
// the request: `subscribers` hold a subscription of their own that gives access, and are in
// `price-change` when their next renewal costs another amount than they pay now; `winback` had
// one that has ended and hold none, and are in `reactivation-offer` when the offer to start it
// again (3 months for the price of 1) is theirs to take now; `no-subscription` never had one. A
// reader whose subscription is suspended for an unpaid amount is in none (home tells them how to
// pay), nor one who paused it (it starts again by itself): no campaign is true for them. A reader outside the segment gets no messages. Messages run for a period, for one title or all, in bokmål and nynorsk; a
// reader who closes one is not shown it again, on any device. 60 dismissals an hour.
import { selfServiceBlock } from '../../../shared/subscription/eligibility';
import type { Period } from '../../../shared/subscription/plans';
import { reactivationOffer } from '../../../shared/subscription/proration';
import { accessStatusCodes, SubscriptionStatus } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { reactivationOfferUsedOn } from '../orders/offers';
import { enforceLimit } from '../rate-limits';

export const segmentIds = [
  'subscribers',
  'price-change',
  'winback',
  'reactivation-offer',
  'no-subscription',
] as const;
export type SegmentId = (typeof segmentIds)[number];
/**
 * A segment within another: asking for the outer one also gives the messages of the inner ones
 * the reader belongs to, so a page asks once and each message reaches only readers it is true for.
 */
const within: Partial<Record<SegmentId, SegmentId>> = {
  'price-change': 'subscribers',
  'reactivation-offer': 'winback',
};
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

/**
 * Subscriptions without access that the reader has not left: suspended (home says how to pay)
 * and paused (it starts again by itself). Neither is asked back nor told of prices.
 */
const HELD_STATUS_CODES = [SubscriptionStatus.SUSPENDED, SubscriptionStatus.PAUSED];

/** The segments the reader belongs to on the title (from the subscriptions the server holds). */
export async function segmentsOf(
  db: Queryable,
  spidId: string,
  titleCode: string,
  today: string,
): Promise<Set<SegmentId>> {
  const [row] = await db.query<{
    running: number;
    held: number;
    ever: number;
    repriced: number;
  }>(
    `select count(*) filter (where s.status_code = any($3::int[]))::int as running,
            count(*) filter (where s.status_code = any($4::int[]))::int as held,
            count(*)::int as ever,
            count(*) filter (where s.status_code = $5 and s.renewal_date is not null
                               and coalesce(s.subscription_info1, '') !~* '(admin|employee)'
                               and pp.price_ore is not null and pp.price_ore <> p.price_ore)::int
              as repriced
       from accounts a join subscriptions s on s.aria_account_no = a.aria_account_no
       join plans p on p.id = s.plan_id
       left join plans pp on pp.id = s.pending_plan_id
      where a.spid_id = $1 and s.title_code = $2 and s.share_kind is null`,
    [spidId, titleCode, accessStatusCodes, HELD_STATUS_CODES, SubscriptionStatus.ACTIVE],
  );
  if (Number(row?.running ?? 0) > 0)
    return new Set<SegmentId>(
      Number(row!.repriced) > 0 ? ['subscribers', 'price-change'] : ['subscribers'],
    );
  if (Number(row?.held ?? 0) > 0) return new Set();
  if (Number(row?.ever ?? 0) === 0) return new Set(['no-subscription']);
  return new Set<SegmentId>(
    (await reactivationOfferFor(db, spidId, titleCode, today))
      ? ['winback', 'reactivation-offer']
      : ['winback'],
  );
}

/**
 * Whether the reader may start their latest ended subscription again with the reactivation offer
 * now: a monthly plan they restart in self-service (not a student or business one), and the
 * offer not given to them within the last 12 months (the rule the order's price follows).
 */
async function reactivationOfferFor(
  db: Queryable,
  spidId: string,
  titleCode: string,
  today: string,
): Promise<boolean> {
  const [last] = await db.query<{
    aria_account_no: string;
    aria_plan_id: string;
    product_type: string;
    period: Period;
    price_ore: number | string;
    eligible_for_sharing: boolean;
    subscription_info1: string | null;
  }>(
    `select s.aria_account_no, p.aria_plan_id, p.product_type, p.period, p.price_ore,
            s.eligible_for_sharing, s.subscription_info1
       from accounts a join subscriptions s on s.aria_account_no = a.aria_account_no
       join plans p on p.id = s.plan_id
      where a.spid_id = $1 and s.title_code = $2 and s.share_kind is null
        and s.status_code = any($3::int[])
      order by s.expiry_date desc nulls last, s.updated_at desc limit 1`,
    [spidId, titleCode, [SubscriptionStatus.CANCELLED, SubscriptionStatus.TERMINATED]],
  );
  if (!last) return false;
  const restartable =
    selfServiceBlock({
      ariaPlanID: last.aria_plan_id,
      planProductType: last.product_type,
      eligibleForSharing: last.eligible_for_sharing,
      subscriptionInfo1: last.subscription_info1,
    }) === null;
  if (!restartable || !reactivationOffer({ period: last.period, priceOre: Number(last.price_ore) }))
    return false;
  return (await reactivationOfferUsedOn(db, last.aria_account_no, titleCode, today)) === null;
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
  const member = await segmentsOf(db, input.spidId, input.titleCode, osloDateOf(input.now));
  if (!member.has(segment)) return [];
  const asked = [segment, ...[...member].filter((inner) => within[inner] === segment)];
  const rows = await db.query<MessageRow>(
    `select m.id, m.heading_nb, m.body_nb, m.heading_nn, m.body_nn, m.cta_url, m.cta_label_nb,
            m.cta_label_nn
       from segment_messages m
      where m.segment_id = any($1::text[]) and m.context = $2
        and (m.title_code is null or m.title_code = $3)
        and m.starts_at <= $4 and (m.ends_at is null or m.ends_at > $4)
        and not exists (select 1 from segment_message_dismissals d
                         where d.spid_id = $5 and d.message_id = m.id)
      order by m.starts_at desc, m.id`,
    [asked, input.context, input.titleCode, input.now.toISOString(), input.spidId],
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
  // The page closes a message under the segment it asked for, which gives those within it too.
  const [message] = await db.query<{ id: string; segment_id: string }>(
    'select id, segment_id from segment_messages where id = $1',
    [messageId],
  );
  if (
    !message ||
    (message.segment_id !== segment && within[message.segment_id as SegmentId] !== segment)
  )
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
