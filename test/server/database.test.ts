import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { type Db, openPglite } from '../../src/server/db/db';
import { migrate, splitStatements } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';

import { openTestDb, usingPostgres } from './support';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

it(`applies every migration once, on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, async () => {
  const first = await migrate(db);
  expect(first.length).toBeGreaterThan(0);
  expect(await migrate(db)).toEqual([]);
  const recorded = await db.query<{ name: string }>(
    'select name from schema_migrations order by name',
  );
  expect(recorded.map((r) => r.name)).toEqual(first);
});

it('seeding twice changes nothing', async () => {
  const now = new Date('2026-03-10T08:00:00Z');
  await seed(db, { demoUsers: true, now });
  const count = async () =>
    (
      await db.query<{ plans: number; users: number; subs: number }>(
        `select (select count(*)::int from plans) as plans, (select count(*)::int from identity_users) as users,
              (select count(*)::int from subscriptions) as subs`,
      )
    )[0];
  const before = await count();
  await seed(db, { demoUsers: true, now });
  expect(await count()).toEqual(before);
});

it('keeps dates as Oslo calendar strings and money as whole øre', async () => {
  const [row] = await db.query<{ d: unknown; n: unknown }>(
    `select date '2026-03-29' as d, 27900::bigint as n`,
  );
  expect(row).toEqual({ d: '2026-03-29', n: 27900 });
});

it('rolls a failed transaction back whole', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query(
        `insert into complaint_codes (code, description, category, sort_order) values ('TMP', 'x', 'y', 99)`,
      );
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await db.query(`select 1 from complaint_codes where code = 'TMP'`)).toEqual([]);
});

it('splits migration scripts on statement ends, ignoring comments', () => {
  expect(
    splitStatements(
      '-- a comment; here\ncreate table a (x int);\n\ncreate table b (\n  y int\n);\n',
    ),
  ).toEqual(['create table a (x int)', 'create table b (\n  y int\n)']);
});

it('creates the folders of a file-backed embedded database on a fresh checkout', async () => {
  const root = await mkdtemp(join(tmpdir(), 'minside-fresh-'));
  try {
    const fileDb = await openPglite(join(root, 'data', 'pglite'));
    expect(await fileDb.query('select 1 as one')).toEqual([{ one: 1 }]);
    await fileDb.close();
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

// Parameterised statements are prepared once per text on both databases (db.ts): PGlite's own
// `query` would parse and plan each one on every call. The prepared path must answer exactly as
// before, however often a statement runs (PostgreSQL switches to its generic plan after five).
describe('parameterised statements, prepared once', () => {
  beforeAll(async () => {
    await migrate(db);
  });

  it('answer the same values every time: dates, bigints, json, arrays, nulls', async () => {
    const sql = `select $1::date as d, $2::bigint as n, $3::jsonb as j, $4::int[] as a,
                        $5::text as t, $6::timestamptz as ts, 3 = any($4::int[]) as has3`;
    for (let run = 0; run < 8; run++) {
      const [row] = await db.query(sql, [
        '2026-03-29',
        27900 + run,
        JSON.stringify({ run, list: [1, 'x'] }),
        [1, 2, run],
        run % 2 ? null : `run ${run}`,
        '2026-03-10T08:00:00.000Z',
      ]);
      expect(row).toEqual({
        d: '2026-03-29',
        n: 27900 + run,
        j: { run, list: [1, 'x'] },
        a: [1, 2, run],
        t: run % 2 ? null : `run ${run}`,
        ts: new Date('2026-03-10T08:00:00.000Z'),
        has3: run === 3,
      });
    }
  });

  // PGlite's cache of prepared statements (db.ts), on a PGlite of its own whatever DATABASE_URL
  // says: on PostgreSQL, DDL runs at start-up, before any statement is prepared.
  it('are prepared again on PGlite after DDL changes a table they read (found in review)', async () => {
    const lite = await openPglite('memory://');
    try {
      await lite.exec('create table prepared_probe (id int primary key, name text)');
      await lite.query('insert into prepared_probe (id, name) values ($1, $2)', [1, 'a']);
      const read = 'select * from prepared_probe where id = $1';
      expect(await lite.query(read, [1])).toEqual([{ id: 1, name: 'a' }]);
      await lite.exec('alter table prepared_probe add column extra int default 7');
      expect(await lite.query(read, [1])).toEqual([{ id: 1, name: 'a', extra: 7 }]);
    } finally {
      await lite.close();
    }
  });

  it('keep the error of a failed statement (code, constraint) and leave the database usable', async () => {
    const insert = `insert into complaint_codes (code, description, category, sort_order)
                    values ($1, 'x', 'y', 99)`;
    await db.query(insert, ['DUP']);
    for (let run = 0; run < 3; run++) {
      await expect(db.query(insert, ['DUP'])).rejects.toMatchObject({
        code: '23505',
        constraint: 'complaint_codes_pkey',
      });
    }
    await expect(db.query('select $1::int as n', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect(await db.query('select $1::int as n', [7])).toEqual([{ n: 7 }]);
    // In a transaction: the failure rolls the whole transaction back, the same statement works
    // afterwards, in and out of transactions.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['TMP2']);
        await tx.query(insert, ['DUP']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select code from complaint_codes where code = $1', ['TMP2'])).toEqual(
      [],
    );
    await db.transaction((tx) => tx.query(insert, ['TMP2']));
    expect(await db.query('select code from complaint_codes where code = $1', ['TMP2'])).toEqual([
      { code: 'TMP2' },
    ]);
    await db.query('delete from complaint_codes where code = any($1::text[])', [['DUP', 'TMP2']]);
  });

  it('wait for a transaction in progress: a statement from elsewhere never runs inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(
        `insert into complaint_codes (code, description, category, sort_order) values ($1, 'x', 'y', 99)`,
        ['INTX'],
      );
      await held;
      throw new Error('rolled back');
    });
    // Sent while the transaction is open: it must not see (or join) the uncommitted row.
    const outside = db.query('select count(*)::int as n from complaint_codes where code = $1', [
      'INTX',
    ]);
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ n: 0 }]);
  });
});
