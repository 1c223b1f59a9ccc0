// The SMS/e-mail port. The embedded default writes every message to the `outbox` table (read at
// /dev/outbox in development and by the tests); a real SMS gateway implements MessageSender.
// Owns `outbox`.
import type { Queryable } from '../db/db';

export type Channel = 'sms' | 'email';

export interface MessageSender {
  sendSms(to: string, body: string): Promise<void>;
  sendEmail(to: string, subject: string, body: string): Promise<void>;
}

export interface OutboxMessage {
  readonly id: number;
  readonly channel: Channel;
  readonly recipient: string;
  readonly body: string;
  readonly createdAt: string;
}

export async function sendSms(db: Queryable, to: string, body: string, at?: Date): Promise<void> {
  await db.query(
    `insert into outbox (channel, recipient, body, created_at) values ('sms', $1, $2, $3)`,
    [to, body, (at ?? new Date()).toISOString()],
  );
}

/** An e-mail, kept as its subject line, a blank line and the text (the outbox has one body). */
export async function sendEmail(
  db: Queryable,
  to: string,
  subject: string,
  body: string,
  at?: Date,
): Promise<void> {
  await db.query(
    `insert into outbox (channel, recipient, body, created_at) values ('email', $1, $2, $3)`,
    [to, `${subject}\n\n${body}`, (at ?? new Date()).toISOString()],
  );
}

/** The embedded sender: writes to the outbox in the caller's transaction. */
export const outboxSender = (db: Queryable, at?: Date): MessageSender => ({
  sendSms: (to, body) => sendSms(db, to, body, at),
  sendEmail: (to, subject, body) => sendEmail(db, to, subject, body, at),
});

export async function latestMessages(db: Queryable, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    id: number;
    channel: Channel;
    recipient: string;
    body: string;
    created_at: Date | string;
  }>(`select id, channel, recipient, body, created_at from outbox order by id desc limit $1`, [
    limit,
  ]);
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Erasure (privacy/deletion.ts): the messages kept for the reader's addresses. */
export async function eraseMessagesTo(db: Queryable, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.query('delete from outbox where lower(recipient) = any($1::text[])', [
    recipients.map((r) => r.toLowerCase()),
  ]);
}
