// Applies the SQL migrations in db/migrations in name order, once each, recording them in
// schema_migrations. The same files run on PGlite and PostgreSQL. On PostgreSQL a transaction
// advisory lock keeps two starting instances from applying the same migration twice.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Db, Queryable } from './db';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const LOCK_KEY = 7_447_100; // arbitrary, fixed: "minside migrations"

export async function migrate(db: Db, dir: string = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const lock = async (tx: Queryable) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
  };
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query(
      `create table if not exists schema_migrations (
         name text primary key, applied_at timestamptz not null default now())`,
    );
  });
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** The migrations of this version not yet applied to `db` (readiness: /readyz). */
export async function pendingMigrations(
  db: Queryable,
  dir: string = migrationsDir,
): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  );
  return files.filter((file) => !done.has(file));
}

/** Splits a migration script on semicolons that end a line (our migrations keep to that). */
export function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
