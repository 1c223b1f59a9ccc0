// Builds the server for tests: on in-memory PGlite by default, or on PostgreSQL when DATABASE_URL
// is set, so the same suite proves both databases (each suite on a copy of its own: test-db.ts).
import { type AddressInfo, createServer } from 'node:net';

import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { type AppOptions, buildApp } from '../../src/server/app';
import { type Clock, fixedClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/db';

import { openEmptyTestDb, openSeededTestDb } from './test-db';

export const usingPostgres = !!process.env.DATABASE_URL;

/** An empty database (nothing migrated) of the suite's own: see test-db.ts. */
export const openTestDb = openEmptyTestDb;

export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly clock: ReturnType<typeof fixedClock>;
}

export const TEST_NOW = '2026-03-10T09:00:00+01:00';

/** Master secret of the embedded identity provider in tests (see clientSecretFor). */
export const TEST_IDP_CLIENT_SECRET = 'test-only-idp-client-secret';

export interface TestAppOptions {
  readonly clock?: Clock & { set(iso: string): void };
  readonly validateResponses?: boolean;
  /**
   * Mounts the embedded identity provider at http://127.0.0.1:<port>/idp. Listen on that
   * port (freePort() picks one) for real HTTP; its local redirect URIs use the same port.
   */
  readonly identityProvider?: { port: number };
  /** The demo users and their data (default); without them, the catalogue only. */
  readonly demoData?: boolean;
  /** The rest of the app's configuration (a dist folder, integrations, a complaint window …). */
  readonly config?: Partial<AppOptions['config']>;
  /**
   * A database to build on instead of a copy of the seeded one (a second instance on the first's
   * database, a database that counts its statements). The app closes it as the product does.
   */
  readonly db?: Db;
  /** The app logs at info level to this stream (one JSON line per write) instead of not at all. */
  readonly logStream?: { write(line: string): void };
}

/** Builds the app on a seeded database of its own (test-db.ts); the caller closes `app`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? fixedClock(TEST_NOW);
  const demoData = options.demoData ?? true;
  const db = options.db ?? (await openSeededTestDb(clock.now(), { demoUsers: demoData }));
  const idp = options.identityProvider;
  const app = await buildApp({
    config: {
      validateResponses: options.validateResponses ?? true,
      distDir: '/nonexistent',
      seedDemoData: demoData,
      logLevel: options.logStream ? 'info' : 'silent',
      ...(idp && {
        port: idp.port,
        idpIssuer: `http://127.0.0.1:${idp.port}/idp`,
        idpClientSecret: TEST_IDP_CLIENT_SECRET,
      }),
      ...options.config,
    },
    db,
    clock,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return { app, db, clock };
}

/**
 * The app under test of a suite, or of the `describe` it is called in, as fastify/demo's
 * `build(t)`: built before the first test and closed after the last (`perTest`: a new one for
 * each test). The object returned is filled in when it is built, so tests read `t.app`, `t.db`,
 * `t.clock` as usual.
 */
export function buildTestApp(
  options: TestAppOptions & { readonly perTest?: boolean } = {},
): TestApp {
  const { perTest = false, ...appOptions } = options;
  const holder = {} as { -readonly [K in keyof TestApp]: TestApp[K] };
  const build = async () => {
    Object.assign(holder, await createTestApp(appOptions));
  };
  const close = async () => {
    const { app } = holder;
    if (app) await app.close();
  };
  if (perTest) {
    beforeEach(build);
    afterEach(close);
  } else {
    beforeAll(build);
    afterAll(close);
  }
  return holder;
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

/** A valid page view for POST /api/analytics/events (the SPA's event on the home page). */
export const PAGE_VIEW = {
  type: 'View',
  actor: null,
  provider: { id: 'set' },
  object: { id: 'minside:set:page:home', type: 'Page', contentId: 'home', custom: {} },
  origin: { url: '/', referrer: '', referrerType: 'Unknown' },
  experiments: [],
} as const;
