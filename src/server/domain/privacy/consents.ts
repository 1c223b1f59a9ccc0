// The reader's privacy choices per title: the consent manager's four categories and
// the three contact permissions of /samtykke1-3. Owns `consents` and `consent_events`.
//
// Keyed by the session's identity and the title (each title is its own controller, with its own
// consent-manager property): no account or subscription needed. A choice not yet answered is
// null. A change names only what changes; each changed choice is written with its audit event in
// one transaction (two changes at once: the row lock orders them, each is kept). Choices are
// changed or withdrawn at any time; 60 changes an hour per reader.
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { enforceLimit } from '../rate-limits';
import { titleOfPath } from '../titles';

export const consentCategoryKeys = [
  'advertising',
  'analytics',
  'marketing',
  'personalization',
] as const;
export const permissionKeys = ['email', 'sms', 'surveys'] as const;
export type CategoryKey = (typeof consentCategoryKeys)[number];
export type PermissionKey = (typeof permissionKeys)[number];
export type ConsentSource = 'dialog' | 'settings' | 'samtykke1' | 'samtykke2' | 'samtykke3';

export const CONSENT_CHANGE_LIMIT = { limit: 60, windowSeconds: 3600 } as const;

export interface ConsentSettings {
  readonly titleCode: string;
  readonly categories: Record<CategoryKey, boolean | null>;
  readonly permissions: Record<PermissionKey, boolean | null>;
  readonly updatedAt: string | null;
}

export interface ConsentChange {
  readonly source: ConsentSource;
  readonly categories?: Partial<Record<CategoryKey, boolean>>;
  readonly permissions?: Partial<Record<PermissionKey, boolean>>;
}

export interface ConsentDeps {
  readonly db: Db;
  readonly clock: Clock;
}

const nulls = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, null])) as Record<K, boolean | null>;

/** The reader's choices on the title (null for each not answered). */
export async function readConsents(
  db: Queryable,
  spidId: string,
  titleCode: string,
): Promise<ConsentSettings> {
  titleOfPath(titleCode);
  const rows = await db.query<{ consent_key: string; granted: boolean; updated_at: Date | string }>(
    'select consent_key, granted, updated_at from consents where spid_id = $1 and title_code = $2',
    [spidId, titleCode],
  );
  const categories = nulls(consentCategoryKeys);
  const permissions = nulls(permissionKeys);
  let updatedAt: string | null = null;
  for (const row of rows) {
    if ((consentCategoryKeys as readonly string[]).includes(row.consent_key))
      categories[row.consent_key as CategoryKey] = row.granted;
    else permissions[row.consent_key as PermissionKey] = row.granted;
    const at = new Date(row.updated_at).toISOString();
    if (!updatedAt || at > updatedAt) updatedAt = at;
  }
  return { titleCode, categories, permissions, updatedAt };
}

/** Writes the choices named in `change` that differ from the stored ones, each audited. */
export async function saveConsents(
  { db, clock }: ConsentDeps,
  spidId: string,
  titleCode: string,
  change: ConsentChange,
): Promise<ConsentSettings> {
  titleOfPath(titleCode);
  const wanted = { ...change.categories, ...change.permissions } as Record<string, boolean>;
  if (Object.keys(wanted).length === 0)
    throw new DomainError(
      'invalid',
      'CONSENT_CHANGE_EMPTY',
      'Name at least one category or permission to change',
      'categories',
    );
  const now = clock.now();
  await enforceLimit(db, `consents:${spidId}`, CONSENT_CHANGE_LIMIT, now);
  return db.transaction(async (tx) => {
    for (const [key, granted] of Object.entries(wanted)) {
      const [previous] = await tx.query<{ granted: boolean }>(
        `select granted from consents where spid_id = $1 and title_code = $2 and consent_key = $3
           for update`,
        [spidId, titleCode, key],
      );
      if (previous?.granted === granted) continue;
      await tx.query(
        `insert into consents (spid_id, title_code, consent_key, granted, updated_at)
         values ($1, $2, $3, $4, $5)
         on conflict (spid_id, title_code, consent_key)
           do update set granted = excluded.granted, updated_at = excluded.updated_at`,
        [spidId, titleCode, key, granted, now.toISOString()],
      );
      await tx.query(
        `insert into consent_events (spid_id, title_code, consent_key, granted, source, occurred_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [spidId, titleCode, key, granted, change.source, now.toISOString()],
      );
    }
    return readConsents(tx, spidId, titleCode);
  });
}

/** Erasure (privacy/deletion.ts): every choice and its history, on every title. */
export async function eraseConsents(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from consent_events where spid_id = $1', [spidId]);
  await db.query('delete from consents where spid_id = $1', [spidId]);
}
