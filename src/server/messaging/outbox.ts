// The SMS/e-mail port. The embedded default writes every message to the `outbox` table (read at
// /dev/outbox in development and by the tests); a real SMS gateway implements MessageSender.
// Owns `outbox`.
import type { Queryable } from '../db/db';

export type Channel = 'sms' | 'email';

export interface MessageSender {
  sendSms(to: string, body: string): Promise<void>;
  /** `html`: the same message as HTML (a letter, messaging/letter), sent beside the text. */
  sendEmail(to: string, subject: string, body: string, html?: string): Promise<void>;
}

export interface OutboxMessage {
  readonly id: number;
  readonly channel: Channel;
  readonly recipient: string;
  readonly body: string;
  /** An e-mail's HTML part, when it has one. */
  readonly html: string | null;
  readonly createdAt: string;
}

export async function sendSms(db: Queryable, to: string, body: string, at?: Date): Promise<void> {
  await db.query(
    `insert into outbox (channel, recipient, body, created_at) values ('sms', $1, $2, $3)`,
    [to, body, (at ?? new Date()).toISOString()],
  );
}

/**
 * An e-mail, kept as its subject line, a blank line and the text, with its HTML part (when it is
 * a letter) beside it.
 */
export async function sendEmail(
  db: Queryable,
  to: string,
  subject: string,
  body: string,
  at?: Date,
  html?: string,
): Promise<void> {
  await db.query(
    `insert into outbox (channel, recipient, body, html, created_at)
     values ('email', $1, $2, $3, $4)`,
    [to, `${subject}\n\n${body}`, html ?? null, (at ?? new Date()).toISOString()],
  );
}

/** The embedded sender: writes to the outbox in the caller's transaction. */
export const outboxSender = (db: Queryable, at?: Date): MessageSender => ({
  sendSms: (to, body) => sendSms(db, to, body, at),
  sendEmail: (to, subject, body, html) => sendEmail(db, to, subject, body, at, html),
});

export async function latestMessages(db: Queryable, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    id: number;
    channel: Channel;
    recipient: string;
    body: string;
    html: string | null;
    created_at: Date | string;
  }>(
    `select id, channel, recipient, body, html, created_at from outbox order by id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    html: r.html,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** An e-mail's HTML part (null: no such message, or text only). */
export async function messageHtml(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ html: string | null }>(
    `select html from outbox where id = $1 and channel = 'email'`,
    [id],
  );
  return row?.html ?? null;
}

/** Erasure (privacy/deletion.ts): the messages kept for the reader's addresses. */
export async function eraseMessagesTo(db: Queryable, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.query('delete from outbox where lower(recipient) = any($1::text[])', [
    recipients.map((r) => r.toLowerCase()),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The relay's side of the outbox (messaging/relay.ts): claim due rows under a lease, then mark
// each sent, due again later, or failed for good.

export interface ClaimedMessage {
  readonly id: number;
  readonly channel: Channel;
  readonly recipient: string;
  readonly body: string;
  readonly html: string | null;
  /** This attempt's number, 1 for the first. */
  readonly attempt: number;
}

/**
 * Claims up to `limit` due messages of `channels` for `leaseSeconds`: pending ones whose time has
 * come and those whose earlier lease ran out (an instance stopped mid-send). `skip locked`: two
 * relays at once claim different rows.
 */
export async function claimDueMessages(
  db: Queryable,
  options: {
    readonly channels: readonly Channel[];
    readonly limit: number;
    readonly leaseSeconds: number;
    readonly now: Date;
  },
): Promise<ClaimedMessage[]> {
  if (options.channels.length === 0) return [];
  const now = options.now.toISOString();
  const rows = await db.query<{
    id: number;
    channel: Channel;
    recipient: string;
    body: string;
    html: string | null;
    attempts: number;
  }>(
    `update outbox o
        set status = 'sending', attempts = o.attempts + 1,
            lease_until = $3::timestamptz + make_interval(secs => $4)
      where o.id in (
        select id from outbox
         where channel = any($1::text[])
           and ((status = 'pending' and coalesce(next_attempt_at, created_at) <= $3)
             or (status = 'sending' and lease_until <= $3))
         order by id
         limit $2
         for update skip locked)
      returning o.id, o.channel, o.recipient, o.body, o.html, o.attempts`,
    [options.channels, options.limit, now, options.leaseSeconds],
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      channel: r.channel,
      recipient: r.recipient,
      body: r.body,
      html: r.html,
      attempt: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Marks a claimed message sent (only while this relay still holds it). */
export async function markMessageSent(
  db: Queryable,
  id: number,
  providerId: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    `update outbox set status = 'sent', sent_at = $2, provider_id = $3, lease_until = null,
            last_error = null
      where id = $1 and status = 'sending'`,
    [id, now.toISOString(), providerId],
  );
}

/** A claimed message that could not go now: due again at `retryAt`, or failed for good (null). */
export async function markMessageNotSent(
  db: Queryable,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db.query(
    `update outbox set status = $2, next_attempt_at = $3, lease_until = null,
            last_error = left($4, 500)
      where id = $1 and status = 'sending'`,
    [id, retryAt ? 'pending' : 'failed', retryAt?.toISOString() ?? null, error],
  );
}

/** How many messages wait to be sent, per channel (the metrics' outbox depth). */
export async function outboxDepth(db: Queryable): Promise<Record<Channel, number>> {
  const rows = await db.query<{ channel: Channel; n: number }>(
    `select channel, count(*)::int as n from outbox
      where status in ('pending', 'sending') group by channel`,
  );
  const depth: Record<Channel, number> = { sms: 0, email: 0 };
  for (const row of rows) depth[row.channel] = Number(row.n);
  return depth;
}

/** Retention: sent and failed messages older than `before` leave the outbox. */
export async function purgeFinishedMessages(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `delete from outbox
      where status in ('sent', 'failed') and coalesce(sent_at, created_at) < $1
      returning id`,
    [before.toISOString()],
  );
  return rows.length;
}
