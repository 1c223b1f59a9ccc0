// Server-side sessions. The cookie holds a random id; the table holds its hash. A session ends
// after an idle period or an absolute lifetime, whichever comes first, and at logout.
// Owns `sessions` and `security_events`.
import type { Clock } from '../clock';
import { randomToken, sha256 } from '../crypto';
import type { Queryable } from '../db/db';
import { type AccountRead, paramsAfter } from '../db/reads';
import { type Account, toAccount } from '../domain/accounts/accounts';

import type { UserClaims } from './login';

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface Session {
  readonly idHash: string;
  readonly spidId: string;
  /** The user's billing account, read with the session (null until it is created). */
  readonly account: Account | null;
  readonly titleCode: string;
  readonly claims: UserClaims;
  /** The provider's ID token, sealed (token-seal.ts): opened only for the provider's logout. */
  readonly sealedIdToken: string | null;
}

export async function createSession(
  db: Queryable,
  clock: Clock,
  input: {
    readonly spidId: string;
    readonly titleCode: string;
    readonly claims: UserClaims;
    /** Sealed with the token key (token-seal.ts); never in plain text. */
    readonly sealedIdToken: string | undefined;
    readonly sealedRefreshToken: string | undefined;
  },
): Promise<string> {
  const id = randomToken();
  const now = clock.now();
  await db.query(
    `insert into sessions (id_hash, spid_id, title_code, user_claims, id_token, refresh_token,
       created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
    [
      sha256(id),
      input.spidId,
      input.titleCode,
      JSON.stringify(input.claims),
      input.sealedIdToken ?? null,
      input.sealedRefreshToken ?? null,
      now.toISOString(),
      new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    ],
  );
  return id;
}

interface SessionRow extends Record<string, unknown> {
  id_hash: string;
  spid_id: string;
  title_code: string;
  user_claims: UserClaims | string;
  id_token: string | null;
  last_seen_at: Date | string;
  expires_at: Date | string;
  aria_account_no: string | null;
  account_balance: number | null;
  first_title_code: string | null;
  account_created_at: Date | string | null;
}

/** The live session for a cookie value, or null (unknown, idle too long, or too old). */
export async function findSession(
  db: Queryable,
  clock: Clock,
  id: string | undefined,
): Promise<Session | null> {
  return (await lookUp(db, clock, id, null))?.session ?? null;
}

/**
 * The live session for a cookie value and what the request reads with it (`read`, of the
 * session's own account: it can see no other), in one statement; null when there is no live
 * session. The read is evaluated with the lookup, so a session that ended (logout, idle, too
 * old) answers null however recently it was read: nothing is kept between requests.
 */
export async function findSessionWith<T>(
  db: Queryable,
  clock: Clock,
  id: string | undefined,
  read: AccountRead<T>,
): Promise<{ readonly session: Session; readonly value: T } | null> {
  const found = await lookUp(db, clock, id, read);
  return found && { session: found.session, value: read.read(found.value) };
}

/**
 * The session lookup's one statement for the hash of a cookie value, with what the request reads
 * of the session's own account (`read`; null: the session and its account only). Exported so the
 * API benchmark's bare baseline (scripts/bench-bare-server.ts) runs exactly this text.
 */
export function sessionLookupStatement(
  idHash: string,
  read: AccountRead<unknown> | null,
): { readonly text: string; readonly values: readonly unknown[] } {
  const { values, param } = paramsAfter([idHash]);
  // One statement for the session, the account it owns (every protected call needs both) and
  // what the request reads of that account. The aliases are long so that no alias inside the
  // read can hide them.
  const text = `select session.id_hash, session.spid_id, session.title_code, session.user_claims,
            session.id_token, session.last_seen_at, session.expires_at,
            session_account.aria_account_no, session_account.account_balance,
            session_account.first_title_code, session_account.created_at as account_created_at${
              read
                ? `,\n            (${read.sql('session_account.aria_account_no', param)}) as read_value`
                : ''
            }
       from sessions session
       left join accounts session_account on session_account.spid_id = session.spid_id
      where session.id_hash = $1`;
  return { text, values };
}

async function lookUp(
  db: Queryable,
  clock: Clock,
  id: string | undefined,
  read: AccountRead<unknown> | null,
): Promise<{ session: Session; value: unknown } | null> {
  if (!id || id.length < 32 || id.length > 128) return null;
  const idHash = sha256(id);
  const { text, values } = sessionLookupStatement(idHash, read);
  const [row] = await db.query<SessionRow & { read_value?: unknown }>(text, values);
  if (!row) return null;
  const now = clock.now().getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now >= new Date(row.expires_at).getTime() || now - lastSeen >= SESSION_IDLE_MS) {
    await db.query('delete from sessions where id_hash = $1', [idHash]);
    return null;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.query('update sessions set last_seen_at = $2 where id_hash = $1', [
      idHash,
      new Date(now).toISOString(),
    ]);
  }
  const session: Session = {
    idHash,
    spidId: row.spid_id,
    account: row.aria_account_no
      ? toAccount({
          aria_account_no: row.aria_account_no,
          spid_id: row.spid_id,
          account_balance: Number(row.account_balance),
          first_title_code: row.first_title_code ?? '',
          created_at: row.account_created_at ?? '',
        })
      : null,
    titleCode: row.title_code,
    claims:
      typeof row.user_claims === 'string'
        ? (JSON.parse(row.user_claims) as UserClaims)
        : row.user_claims,
    sealedIdToken: row.id_token,
  };
  return { session, value: row.read_value ?? null };
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [idHash]);
}

/** Ends a session and hands back its sealed refresh token (to revoke at the provider). */
export async function endSession(db: Queryable, idHash: string): Promise<string | null> {
  const [row] = await db.query<{ refresh_token: string | null }>(
    'delete from sessions where id_hash = $1 returning refresh_token',
    [idHash],
  );
  return row?.refresh_token ?? null;
}

/** Retention: sessions past their absolute lifetime or idle too long. Answers how many went. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    'delete from sessions where expires_at <= $1 or last_seen_at <= $2 returning id_hash',
    [now.toISOString(), new Date(now.getTime() - SESSION_IDLE_MS).toISOString()],
  );
  return rows.length;
}

/** Retention: security events older than `before` (the privacy text's 12 months by default). */
export async function purgeSecurityEvents(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('delete from security_events where created_at < $1 returning id', [
    before.toISOString(),
  ]);
  return rows.length;
}

export async function recordSecurityEvent(
  db: Queryable,
  kind:
    | 'login-failed'
    | 'login-state-rejected'
    | 'forbidden'
    | 'csrf-rejected'
    | 'payment-callback-rejected'
    | 'payment-verification-failed',
  detail: string,
  spidId?: string,
): Promise<void> {
  await db.query('insert into security_events (kind, spid_id, detail) values ($1, $2, $3)', [
    kind,
    spidId ?? null,
    detail.slice(0, 500),
  ]);
}

/** Ends every session of an identity at once (the reader asked for their data to be deleted). */
export async function endSessionsOf(db: Queryable, spidId: string): Promise<number> {
  const rows = await db.query('delete from sessions where spid_id = $1 returning 1', [spidId]);
  return rows.length;
}

/** Erasure (privacy/deletion.ts): the identity's security events go too. */
export async function eraseSecurityEvents(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from security_events where spid_id = $1', [spidId]);
}
