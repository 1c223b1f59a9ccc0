// What operators ask the server: /healthz answers while the process runs; /readyz
// answers 200 when the database answers and every migration of this version is applied, 503
// with the reasons otherwise; /metrics gives Prometheus' text format: request latency by route
// pattern (never a URL), the outbox depth, payment callbacks by status, the process's own;
// behind METRICS_TOKEN when configured, and not served in production without one.
import { describe, expect, it } from '@jest/globals';

import type { Db } from '../../src/server/db/db';

import { buildTestApp, createTestApp, TEST_NOW } from './support';
import { openSeededTestDb } from './test-db';

describe('/healthz and /readyz', () => {
  const t = buildTestApp({ demoData: false });

  it('say the process lives and the database is ready, uncached', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of this version is not applied', async () => {
    const [last] = await t.db.query<{ name: string }>(
      'select name from schema_migrations order by name desc limit 1',
    );
    await t.db.query('delete from schema_migrations where name = $1', [last!.name]);
    try {
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not-ready',
        reasons: [`migrations not applied: ${last!.name}`],
      });
    } finally {
      await t.db.query('insert into schema_migrations (name) values ($1)', [last!.name]);
    }
  });
});

describe('/readyz without a database', () => {
  it('answers 503 while the database does not answer, and ready again when it does', async () => {
    let down = false;
    // A database of its own behind a switch, as when the network to it fails.
    const db = await openSeededTestDb(new Date(TEST_NOW), { demoUsers: false });
    const flaky: Db = {
      ...db,
      query: (sql, params) =>
        down ? Promise.reject(new Error('connection refused')) : db.query(sql, params),
    };
    const { app: second } = await createTestApp({ demoData: false, db: flaky });
    try {
      down = true;
      const ready = await second.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not-ready',
        reasons: ['the database does not answer'],
      });
      expect((await second.inject({ url: '/healthz' })).statusCode).toBe(200);
      down = false;
      expect((await second.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      down = false;
      await second.close();
    }
  });
});

describe('/metrics', () => {
  const t = buildTestApp({ demoData: false });

  it('counts requests by route pattern and shows the outbox depth, in Prometheus’ format', async () => {
    await t.app.inject({ url: '/api/title/FVN' });
    await t.app.inject({ url: '/api/title/FVN' });
    await t.app.inject({ url: '/api/title/ZZZZ' });
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = metrics.body;
    expect(text).toContain(
      'minside_http_request_duration_seconds_count{method="GET",route="/api/title/:titleCode",status="200"} 2',
    );
    expect(text).toMatch(
      /minside_http_request_duration_seconds_count\{method="GET",route="\/api\/title\/:titleCode",status="(400|404)"\} 1/,
    );
    expect(text).not.toContain('FVN');
    expect(text).toContain('minside_outbox_depth{channel="sms"} 0');
    expect(text).toContain('# TYPE minside_job_runs_total counter');
    expect(text).toContain('minside_process_resident_memory_bytes');
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  it('asks for the bearer token when one is configured, and is not served in production without', async () => {
    const token = 'a-metrics-token-of-24-chars-or-more';
    const { app } = await createTestApp({ demoData: false, config: { metricsToken: token } });
    const { app: production } = await createTestApp({
      demoData: false,
      config: { metricsToken: null },
    });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } }))
          .statusCode,
      ).toBe(401);
      const allowed = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect((await production.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await production.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await Promise.all([app.close(), production.close()]);
    }
  });
});
