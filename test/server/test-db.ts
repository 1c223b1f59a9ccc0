// The databases of the server tests. Migrating and seeding from nothing took most of a suite's
// set-up (initdb, 27 migrations, the demo users: about 4 s on 2 cores, for each of ~60 suites),
// so a run does it once per seed time and gives every suite a copy of the result:
// - PGlite: the migrated and seeded data folder, dumped as a tar archive into the run's folder
//   (test/global-setup.ts makes it and names it in MINSIDE_TEST_RUN_DIR) and loaded per suite;
// - PostgreSQL (DATABASE_URL): a template database, migrated and seeded once per run, copied per
//   suite with CREATE DATABASE … TEMPLATE and dropped when the suite closes it.
// A copy is the suite's own: no suite sees another suite's rows.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import pg from 'pg';

import { type Db, openPglite, openPostgres } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';

/** The run's folder and id (test/global-setup.ts); unset outside Jest's global set-up. */
const runDir = process.env.MINSIDE_TEST_RUN_DIR;
const runId = process.env.MINSIDE_TEST_RUN_ID;

/** Prefixes of the PostgreSQL databases a run makes; test/global-teardown.ts drops what is left. */
export const TEMPLATE_PREFIX = 'minside_tpl_';
export const COPY_PREFIX = 'minside_test_';

/** What a seeded database holds: the catalogue, and the demo users seeded at `now` or not. */
export interface SeedOptions {
  readonly demoUsers: boolean;
}

const seedKey = (now: Date, { demoUsers }: SeedOptions) =>
  `${demoUsers ? 'demo' : 'cat'}${now
    .toISOString()
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '')}`;

async function migratedAndSeeded(db: Db, now: Date, options: SeedOptions): Promise<void> {
  await migrate(db);
  await seed(db, { demoUsers: options.demoUsers, now });
}

/** Waits until `file` exists (another worker is writing it), or gives up after `ms`. */
async function appeared(file: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (existsSync(file)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return existsSync(file);
}

/** The seeded data folder per seed time, kept by this worker once read. */
const snapshots = new Map<string, Promise<Blob>>();

async function makeSnapshot(now: Date, options: SeedOptions): Promise<Blob> {
  const db = await openPglite('memory://');
  try {
    await migratedAndSeeded(db, now, options);
    return await db.dumpDataDir();
  } finally {
    await db.close();
  }
}

/**
 * The archive of a database migrated and seeded at `now`: read from the run's folder, or made by
 * the first worker that needs it (the others wait for its file; a lock left by a worker that died
 * is waited out, then the archive is made here).
 */
async function pgliteSnapshot(now: Date, options: SeedOptions): Promise<Blob> {
  if (!runDir) return makeSnapshot(now, options);
  const file = path.join(runDir, `seeded-${seedKey(now, options)}.tar`);
  if (!existsSync(file)) {
    const lock = `${file}.lock`;
    let mine = false;
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      mine = true;
    } catch {
      // Another worker makes it.
    }
    if (mine || !(await appeared(file, 120_000))) {
      const snapshot = await makeSnapshot(now, options);
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
      await rename(partial, file);
      return snapshot;
    }
  }
  return new Blob([await readFile(file)]);
}

function snapshotFor(now: Date, options: SeedOptions): Promise<Blob> {
  const key = seedKey(now, options);
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = pgliteSnapshot(now, options);
    snapshots.set(key, snapshot);
    snapshot.catch(() => snapshots.delete(key));
  }
  return snapshot;
}

const withDatabase = (url: string, database: string) => {
  const copy = new URL(url);
  copy.pathname = `/${database}`;
  return copy.href;
};

async function adminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A fixed number per template name for pg_advisory_lock (two workers make it once). */
const lockKey = (name: string) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
};

/** Makes the run's template database for `now` unless it exists; returns its name. */
async function postgresTemplate(url: string, now: Date, options: SeedOptions): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${runId}_${seedKey(now, options)}`;
  await adminClient(url, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [lockKey(template)]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      // Made under another name and renamed when complete: a template is never half-seeded.
      const making = `${template}_x`;
      await admin.query(`drop database if exists ${making} with (force)`);
      await admin.query(`create database ${making}`);
      const db = await openPostgres(withDatabase(url, making), { max: 1 });
      try {
        await migratedAndSeeded(db, now, options);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${making} rename to ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [lockKey(template)]);
    }
  });
  return template;
}

async function postgresCopy(url: string, now: Date, options: SeedOptions): Promise<Db> {
  const template = await postgresTemplate(url, now, options);
  const database = `${COPY_PREFIX}${runId}_${randomBytes(6).toString('hex')}`;
  await adminClient(url, (admin) =>
    admin.query(`create database ${database} template ${template}`),
  );
  const db = await openPostgres(withDatabase(url, database), { max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      // Not WITH (FORCE): a connection that is still closing is waited for (PostgreSQL waits up
      // to 5 s), not killed under a client that would report it. One still busy after that is
      // left to the run's teardown.
      await adminClient(url, (admin) => admin.query(`drop database if exists ${database}`)).catch(
        (error: unknown) => {
          if ((error as { code?: string }).code !== '55006') throw error;
        },
      );
    },
  };
}

/** An empty database (nothing migrated): PGlite in memory, or a new schema of DATABASE_URL. */
export async function openEmptyTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite('memory://');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminClient(url, (admin) => admin.query(`create schema ${schema}`));
  const db = await openPostgres(url, { schema, max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await adminClient(url, (admin) => admin.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * A database of the suite's own, migrated and seeded at `now` (a copy of the run's), with the
 * demo users unless asked otherwise. Without the run's global set-up it is seeded here.
 */
export async function openSeededTestDb(
  now: Date,
  options: SeedOptions = { demoUsers: true },
): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) {
    if (runId) return postgresCopy(url, now, options);
    const db = await openEmptyTestDb();
    await migratedAndSeeded(db, now, options);
    return db;
  }
  return openPglite('memory://', { loadDataDir: await snapshotFor(now, options) });
}

/** Removes what a run left (its PGlite archives and PostgreSQL databases); global teardown. */
export async function removeRunDatabases(dir: string, id: string, url: string | undefined) {
  await rm(dir, { recursive: true, force: true });
  if (!url) return;
  await adminClient(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname like $2`,
      [`${TEMPLATE_PREFIX}${id}\\_%`, `${COPY_PREFIX}${id}\\_%`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
  });
}
