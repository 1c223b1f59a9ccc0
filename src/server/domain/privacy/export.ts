// A copy of everything Min Side holds about a reader (/schibstedTakeoutGateway; GDPR
// art. 15 and 20). Owns `data_exports`.
//
// The reader asks; the copy is built at once in one transaction (a consistent picture): the
// identity as the session knows it, the account and profile, subscriptions and their history,
// orders, invoices and payments, payment-method changes, withdrawals, delivery changes,
// complaints, family sharing, business seats, student verifications, consents and their history,
// plan conversions, the segment messages closed, deletion requests and the account's audit
// events — never a secret (code and token hashes,
// idempotency keys and request hashes are left out). It is offered for download for
// EXPORT_DAYS, the reader is told by e-mail (outbox) that it is ready, and the background job then
// deletes the content. Only the reader's own copy is found; 3 copies a day.
import { randomUUID } from 'node:crypto';

import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { type Email, languageOf, longDate } from '../../messaging/wording';
import { accountContact } from '../accounts/profile';
import { enforceLimit } from '../rate-limits';
import { titleOfBody } from '../titles';

export const EXPORT_DAYS = 7;
export const EXPORT_LIMIT = { limit: 3, windowSeconds: 86_400 } as const;

export interface ExportDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sender?: (tx: Queryable, now: Date) => MessageSender;
}

/** The reader as the session knows them (the identity provider's claims). */
export interface ExportReader {
  readonly spidId: string;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly birthDate: string | null;
}

export interface DataExportSummary {
  readonly id: string;
  readonly status: 'ready' | 'expired';
  readonly requestedAt: string;
  readonly expiresAt: string;
  readonly sizeBytes: number;
}

/** Each part of the copy: its key and the SQL that reads it as one json array ($1 account, $2 identity). */
const PARTS: readonly (readonly [string, string])[] = [
  [
    'subscriptions',
    `select s.*, p.aria_plan_id, p.plan_name, p.period, p.price_ore as plan_price_ore
     from subscriptions s join plans p on p.id = s.plan_id where s.aria_account_no = $1`,
  ],
  [
    'subscriptionEvents',
    `select id, subscription_no, kind, from_status, to_status, actor, occurred_at,
            detail from subscription_events where aria_account_no = $1`,
  ],
  [
    'orders',
    `select order_id, kind, title_code, subscription_no, amount_ore, currency, offer,
            discount_code, payment_provider, status, failure_reason, delivery_address, created_at,
            completed_at from orders where aria_account_no = $1`,
  ],
  [
    'invoicesAndPayments',
    `select b.id, b.subscription_no, b.kind, b.reason, b.amount_ore, b.currency,
            b.period_start, b.period_end, b.provider, b.status, b.created_at, b.settled_at
       from billing_effects b join subscriptions s on s.subscription_no = b.subscription_no
      where s.aria_account_no = $1`,
  ],
  [
    'paymentMethodChanges',
    `select subscription_no, provider, status, created_at, decided_at
       from payment_method_changes where aria_account_no = $1`,
  ],
  [
    'withdrawals',
    `select reference, subscription_no, plan_name, payment_provider, amount_paid_ore,
            refund_ore, receipt_email, withdrawn_at from withdrawals where aria_account_no = $1`,
  ],
  ['deliveryChanges', `select * from delivery_changes where aria_account_no = $1`],
  [
    'complaints',
    `select c.*, (select coalesce(json_agg(d), '[]'::json) from complaint_dates d
            where d.complaint_id = c.id) as dates,
            (select coalesce(json_agg(m), '[]'::json) from missed_paper_credits m
              where m.complaint_id = c.id) as credits
       from complaints c where c.aria_account_no = $1`,
  ],
  [
    'familyInvitationsSent',
    `select id, title_code, channel, recipient, state, sent_at, expires_at,
            answered_at from family_invitations where owner_account_no = $1`,
  ],
  [
    'familyMemberships',
    `select id, owner_subscription_no, member_subscription_no, display_name,
            email, joined_at, ended_at, end_reason from family_members
      where member_account_no = $1 or owner_subscription_no in
            (select subscription_no from subscriptions where aria_account_no = $1)`,
  ],
  [
    'businessSeats',
    `select id, agreement_id, email, status, added_at, name, subscription_no,
            activated_at, removed_at from business_seats where spid_id = $2`,
  ],
  [
    'studentVerifications',
    `select id, title_code, kind, email, institution, status, code_sent_at,
            verified_at, valid_until, created_at from student_verifications where spid_id = $2`,
  ],
  [
    'planConversions',
    `select c.reason, c.lapse_date, c.effective_date, p.plan_name, p.period,
            c.chosen_by, c.noticed_at, c.chosen_at, c.withdrawn_at, c.done_at
       from plan_conversions c join plans p on p.id = c.plan_id
       join subscriptions s on s.subscription_no = c.subscription_no
      where s.aria_account_no = $1`,
  ],
  [
    'consents',
    `select title_code, consent_key, granted, updated_at from consents where spid_id = $2`,
  ],
  [
    'consentHistory',
    `select title_code, consent_key, granted, source, occurred_at
       from consent_events where spid_id = $2`,
  ],
  [
    'segmentMessagesClosed',
    `select message_id, dismissed_at from segment_message_dismissals where spid_id = $2`,
  ],
  [
    'deletionRequests',
    `select requested_at, erase_at, cancelled_at from deletion_requests where spid_id = $2`,
  ],
  [
    'accountEvents',
    `select kind, actor, detail, created_at from account_events where aria_account_no = $1`,
  ],
];

/** Everything Min Side holds about the reader, as one json document. */
export async function collectPersonalData(
  tx: Queryable,
  reader: ExportReader,
  now: Date,
): Promise<Record<string, unknown>> {
  const [account] = await tx.query<Record<string, unknown>>(
    `select aria_account_no, first_title_code, account_balance, currency, created_at
       from accounts where spid_id = $1`,
    [reader.spidId],
  );
  const accountNo = (account?.aria_account_no as string | undefined) ?? null;
  const [profile] = accountNo
    ? await tx.query<Record<string, unknown>>(
        'select * from account_profiles where aria_account_no = $1',
        [accountNo],
      )
    : [];
  const data: Record<string, unknown> = {
    generatedAt: now.toISOString(),
    identity: {
      id: reader.spidId,
      name: reader.name,
      email: reader.email,
      phone: reader.phoneNumber,
      birthDate: reader.birthDate,
    },
    account: account ?? null,
    profile: profile ?? null,
  };
  for (const [key, sql] of PARTS) {
    const [row] = await tx.query<{ rows: unknown }>(
      // Both parameters named in every statement (a part reads by the account or the identity).
      `with reader as (select $1::text as account, $2::text as identity)
       select coalesce(json_agg(t), '[]'::json) as rows from (${sql}) t, reader`,
      [accountNo, reader.spidId],
    );
    data[key] = typeof row?.rows === 'string' ? (JSON.parse(row.rows) as unknown) : row?.rows;
  }
  return data;
}

const words = {
  nb: {
    subject: (title: string) => `Kopien av dataene dine fra ${title} er klar`,
    ready: 'Du ba om en kopi av opplysningene vi har om deg. Den er klar til nedlasting.',
    until: (date: string, url: string) =>
      `Last den ned på Min side innen ${date}: ${url}. Etter det sletter vi kopien.`,
    notYou: 'Har du ikke bedt om kopien selv, bør du bytte passord og kontakte kundeservice.',
    bye: 'Hilsen',
  },
  nn: {
    subject: (title: string) => `Kopien av dataa dine frå ${title} er klar`,
    ready: 'Du bad om ein kopi av opplysningane vi har om deg. Han er klar til nedlasting.',
    until: (date: string, url: string) =>
      `Last han ned på Mi side innan ${date}: ${url}. Etter det slettar vi kopien.`,
    notYou: 'Har du ikkje bede om kopien sjølv, bør du byte passord og kontakte kundeservice.',
    bye: 'Helsing',
  },
} as const;

function readyEmail(titleCode: string, expiresAt: Date): Email {
  const title = getPublication(titleCode);
  const language = languageOf(title);
  const w = words[language];
  const url = `https://${minsideHost(title)}/schibstedTakeoutGateway`;
  return {
    subject: w.subject(title.displayName),
    body: [
      'Hei,',
      '',
      w.ready,
      w.until(longDate(osloDateOf(new Date(expiresAt.getTime() - 1)), language), url),
      '',
      w.notYou,
      '',
      w.bye,
      title.displayName,
    ].join('\n'),
  };
}

const summaryOf = (
  row: { id: string; requested_at: Date | string; expires_at: Date | string; size_bytes: number },
  now: Date,
): DataExportSummary => ({
  id: row.id,
  status: new Date(row.expires_at).getTime() > now.getTime() ? 'ready' : 'expired',
  requestedAt: new Date(row.requested_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  sizeBytes: Number(row.size_bytes),
});

/** Builds the reader's copy now, keeps it for EXPORT_DAYS and tells the reader it is ready. */
export async function requestExport(
  deps: ExportDeps,
  reader: ExportReader,
  titleCode: string,
): Promise<DataExportSummary> {
  titleOfBody(titleCode);
  const now = deps.clock.now();
  await enforceLimit(deps.db, `data-export:${reader.spidId}`, EXPORT_LIMIT, now);
  return deps.db.transaction(async (tx) => {
    const content = await collectPersonalData(tx, reader, now);
    const json = JSON.stringify(content);
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + EXPORT_DAYS * 86_400_000);
    const [row] = await tx.query<{
      id: string;
      requested_at: Date | string;
      expires_at: Date | string;
      size_bytes: number;
    }>(
      `insert into data_exports (id, spid_id, title_code, requested_at, expires_at, content, size_bytes)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7)
       returning id, requested_at, expires_at, size_bytes`,
      [
        id,
        reader.spidId,
        titleCode,
        now.toISOString(),
        expiresAt.toISOString(),
        json,
        Buffer.byteLength(json),
      ],
    );
    const { email } = await accountContactOrClaims(tx, reader);
    if (email) {
      const message = readyEmail(titleCode, expiresAt);
      await (deps.sender ?? outboxSender)(tx, now).sendEmail(email, message.subject, message.body);
    }
    return summaryOf(row!, now);
  });
}

async function accountContactOrClaims(tx: Queryable, reader: ExportReader) {
  const [account] = await tx.query<{ aria_account_no: string }>(
    'select aria_account_no from accounts where spid_id = $1',
    [reader.spidId],
  );
  const contact = account ? await accountContact(tx, account.aria_account_no) : null;
  return { email: contact?.email ?? (reader.email || null) };
}

/** The reader's latest copy (expired ones too, so the page can say so); null for none. */
export async function latestExport(
  db: Queryable,
  spidId: string,
  now: Date,
): Promise<DataExportSummary | null> {
  const [row] = await db.query<{
    id: string;
    requested_at: Date | string;
    expires_at: Date | string;
    size_bytes: number;
  }>(
    `select id, requested_at, expires_at, size_bytes from data_exports
      where spid_id = $1 order by requested_at desc limit 1`,
    [spidId],
  );
  return row ? summaryOf(row, now) : null;
}

/** The content of the reader's own copy while it lasts (404 otherwise; 409 once it has expired). */
export async function downloadExport(
  db: Queryable,
  spidId: string,
  id: string,
  now: Date,
): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ content: unknown; expires_at: Date | string }>(
    `update data_exports set downloaded_at = coalesce(downloaded_at, $3)
      where id::text = $1 and spid_id = $2 returning content, expires_at`,
    [id, spidId, now.toISOString()],
  );
  if (!row) throw new DomainError('not-found', 'EXPORT_NOT_FOUND', 'No such copy of your data');
  if (new Date(row.expires_at).getTime() <= now.getTime() || row.content === null)
    throw new DomainError(
      'conflict',
      'EXPORT_EXPIRED',
      'The copy has been deleted; ask for a new one',
    );
  return (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<
    string,
    unknown
  >;
}

/** The job: deletes the content of copies whose time is out. */
export async function purgeExpiredExports(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    `update data_exports set content = null
      where content is not null and expires_at <= $1 returning id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** Erasure (privacy/deletion.ts): the reader's copies, content and record. */
export async function eraseExports(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from data_exports where spid_id = $1', [spidId]);
}
