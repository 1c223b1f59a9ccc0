// The database port: one small interface over embedded PGlite and PostgreSQL (node-postgres), so
// the domain code and the SQL migrations are the same for both.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one parameterised statement ($1, $2 …) and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; it is rolled back when `work` throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Dates stay calendar strings (YYYY-MM-DD, Europe/Oslo) and bigints stay exact: the same on
// both drivers. node-postgres would otherwise build a Date at local midnight for a `date`.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (value: string) => value);
pg.types.setTypeParser(INT8_OID, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

const pgliteParsers = {
  [DATE_OID]: (value: string) => value,
  [INT8_OID]: (value: string) => {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  },
};

export async function openPglite(dataDir: string): Promise<Db> {
  // A fresh checkout has no data folder yet; PGlite creates only the last level itself.
  if (!dataDir.includes('://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lite = await PGlite.create(dataDir, {
    parsers: pgliteParsers,
  });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction(work) {
      return lite.transaction((tx) => work(wrap(tx)));
    },
    close: () => lite.close(),
  };
}

export interface PostgresOptions {
  /** Schema to put first on the search path (tests isolate each suite in its own schema). */
  readonly schema?: string;
  readonly max?: number;
}

const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // Fail fast with a clear message rather than on the first request.
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      // Parameterised statements are prepared once per connection under a name derived from
      // their text, so PostgreSQL plans each of them once instead of on every request.
      const result =
        params.length > 0
          ? await q.query({ name: statementName(sql), text: sql, values: params as unknown[] })
          : await q.query(sql);
      return result.rows as T[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDb(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
