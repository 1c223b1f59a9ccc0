// Builds the server for tests: in-memory PGlite by default, or a fresh schema of the PostgreSQL
// named by DATABASE_URL, so the same suite proves both databases.
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { type Clock, fixedClock } from '../../src/server/clock';
import { type Db, openPglite, openPostgres } from '../../src/server/db/db';

export const usingPostgres = !!process.env.DATABASE_URL;

export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite('memory://');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await openPostgres(url, { schema, max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly clock: ReturnType<typeof fixedClock>;
}

export const TEST_NOW = '2026-03-10T09:00:00+01:00';

/** Master secret of the embedded identity provider in tests (see clientSecretFor). */
export const TEST_IDP_CLIENT_SECRET = 'test-only-idp-client-secret';

export async function createTestApp(
  options: {
    clock?: Clock & { set(iso: string): void };
    validateResponses?: boolean;
    /**
     * Mounts the embedded identity provider at http://127.0.0.1:<port>/idp. Listen on that
     * port (freePort() picks one) for real HTTP; its local redirect URIs use the same port.
     */
    identityProvider?: { port: number };
  } = {},
): Promise<TestApp> {
  const db = await openTestDb();
  const clock = options.clock ?? fixedClock(TEST_NOW);
  const idp = options.identityProvider;
  const app = await buildApp({
    config: {
      validateResponses: options.validateResponses ?? true,
      distDir: '/nonexistent',
      seedDemoData: true,
      logLevel: 'silent',
      ...(idp && {
        port: idp.port,
        idpIssuer: `http://127.0.0.1:${idp.port}/idp`,
        idpClientSecret: TEST_IDP_CLIENT_SECRET,
      }),
    },
    db,
    clock,
    logger: false,
  });
  await app.ready();
  return { app, db, clock };
}

/** A TCP port that is free right now on 127.0.0.1 (for servers whose URL is needed up front). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The account number of a seeded demo user, by e-mail. */
export async function demoAccountNo(db: Db, email: string): Promise<string> {
  const [row] = await db.query<{ aria_account_no: string }>(
    `select a.aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id
      where u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`No demo account for ${email}`);
  return row.aria_account_no;
}
