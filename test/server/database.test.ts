import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, expect, it } from '@jest/globals';

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
