// The database port: one small interface over embedded PGlite and PostgreSQL (node-postgres), so
// the domain code and the SQL migrations are the same for both.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
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

/** Prepared statements kept per PGlite instance at most; later new texts run unprepared. */
const PGLITE_MAX_PREPARED = 1000;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Parameterised statements on PGlite, prepared once per text like on PostgreSQL (openPostgres).
 * PGlite's own `query` parses, analyses and plans every statement on each call (six protocol
 * calls into the WebAssembly backend, about 0.4 ms for the session lookup on the 2-core bench
 * machine); a named statement is bound and executed in one call (about 0.05 ms once PostgreSQL
 * has settled on its generic plan), its row description kept from when it was prepared. It goes
 * through PGlite's own protocol, serializers, parsers and locks, the way `query` does (the locks
 * are part of PGlite's typed interface; the version is pinned in package.json).
 */
function pglitePrepared(lite: PGlite) {
  const statements = new Map<
    string,
    {
      readonly name: string;
      readonly types: number[];
      /** The statement's row description, once: it goes with every result to name the fields. */
      readonly described: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    }
  >();
  const { serialize } = protocol;
  const call = (parts: readonly Uint8Array[]) =>
    lite.execProtocolStream(concat(parts), { syncToFs: false });

  async function statementFor(sql: string) {
    let statement = statements.get(sql);
    if (!statement) {
      const name = `minside_${statements.size + 1}`;
      const described = await call([
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]);
      statement = {
        name,
        types: parse.parseDescribeStatementResults(described),
        described: described.filter((message) => message.name === 'rowDescription'),
      };
      statements.set(sql, statement);
    }
    return statement;
  }

  async function run<T extends Row>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const { name, types, described } = await statementFor(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = lite.serializers[types[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await call([
      serialize.bind({ statement: name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return (parse.parseResults([...described, ...messages], lite.parsers)[0]?.rows ?? []) as T[];
  }

  return {
    /**
     * Drops every prepared statement: after DDL (`exec`) a kept plan or row description may no
     * longer fit its table ("cached plan must not change result type").
     */
    async forget() {
      if (statements.size === 0) return;
      statements.clear();
      await lite.exec('deallocate all');
    },
    /** Whether `sql` runs as a prepared statement (parameterised, and room in the cache). */
    applies: (sql: string, params: readonly unknown[]) =>
      params.length > 0 && (statements.has(sql) || statements.size < PGLITE_MAX_PREPARED),
    /** Outside a transaction: waits for one in progress, then syncs like PGlite's `query`. */
    async query<T extends Row>(sql: string, params: readonly unknown[]): Promise<T[]> {
      await lite._checkReady();
      return lite._runExclusiveTransaction(() =>
        lite._runExclusiveQuery(async () => {
          const rows = await run<T>(sql, params);
          await lite.syncToFs();
          return rows;
        }),
      );
    },
    /** Inside the transaction `tx` (which holds PGlite's transaction lock). */
    inTransaction<T extends Row>(tx: Transaction, sql: string, params: readonly unknown[]) {
      if (tx.closed) throw new Error('Transaction is closed');
      return lite._runExclusiveQuery(() => run<T>(sql, params));
    },
  };
}

/** PGlite also copies itself whole: its data folder as one tar archive (tests start from one). */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /** The whole data folder as an uncompressed tar archive, for `openPglite`'s `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  /**
   * A data folder dumped by `dumpDataDir` to start from instead of an empty cluster: loading it
   * takes about a third of the time initdb does, and the migrations and seed in it need not run.
   */
  readonly loadDataDir?: Blob;
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  // A fresh checkout has no data folder yet; PGlite creates only the last level itself.
  if (!dataDir.includes('://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lite = await PGlite.create(dataDir, {
    parsers: pgliteParsers,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const prepared = pglitePrepared(lite);
  return {
    kind: 'pglite',
    dumpDataDir: () => lite.dumpDataDir('none'),
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      if (prepared.applies(sql, params)) return prepared.query<T>(sql, params);
      return (await lite.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
      await prepared.forget();
    },
    transaction(work) {
      return lite.transaction((tx) =>
        work({
          async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
            if (prepared.applies(sql, params)) return prepared.inTransaction<T>(tx, sql, params);
            return (await tx.query<T>(sql, params as unknown[])).rows;
          },
        }),
      );
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
