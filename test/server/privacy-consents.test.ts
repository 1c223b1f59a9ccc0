// The reader's privacy choices per title: GET/PUT /api/privacy/{titleCode}/consents.
// Per identity and title, no subscription needed; only the choices named change, each change
// audited with where it was made; an empty change and unknown keys are refused; two changes at
// once both land in order; 60 changes an hour. On PGlite, and on PostgreSQL with DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { CONSENT_CHANGE_LIMIT } from '../../src/server/domain/privacy/consents';

import { freshSpid } from './family-support';
import { expectProblem } from './order-support';
import { newIdentitySession, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

const URL = (titleCode = 'FVN') => `/api/privacy/${titleCode}/consents`;
const reader = () => newIdentitySession(t, freshSpid('44'));
const save = (s: TestSession, payload: unknown, titleCode = 'FVN') =>
  s.request({ method: 'PUT', url: URL(titleCode), payload: payload as object });

const events = (spidId: string) =>
  t.db.query<{ consent_key: string; granted: boolean; source: string; title_code: string }>(
    `select consent_key, granted, source, title_code from consent_events
      where spid_id = $1 order by id`,
    [spidId],
  );

describe('a reader without a subscription', () => {
  it('has answered nothing at first', async () => {
    const s = await reader();
    const response = await s.request({ url: URL() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      titleCode: 'FVN',
      categories: { advertising: null, analytics: null, marketing: null, personalization: null },
      permissions: { email: null, sms: null, surveys: null },
      updatedAt: null,
    });
  });

  it('changes only what is named, audited with where it was made, per title', async () => {
    const s = await reader();
    const first = await save(s, {
      source: 'dialog',
      categories: { analytics: true, advertising: false },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      categories: { advertising: false, analytics: true, marketing: null, personalization: null },
      permissions: { email: null, sms: null, surveys: null },
      updatedAt: new Date(TEST_NOW).toISOString(),
    });
    t.clock.set('2026-03-10T09:20:00+01:00');
    const second = await save(s, {
      source: 'samtykke1',
      categories: { analytics: true },
      permissions: { email: true },
    });
    expect(second.json()).toMatchObject({
      categories: { advertising: false, analytics: true },
      permissions: { email: true, sms: null },
      updatedAt: '2026-03-10T08:20:00.000Z',
    });
    // Withdrawn as easily as given; another title's choices are its own.
    await save(s, { source: 'settings', permissions: { email: false } });
    await save(s, { source: 'settings', categories: { marketing: true } }, 'set');
    expect((await s.request({ url: URL('SET') })).json().categories.marketing).toBe(true);
    expect((await s.request({ url: URL() })).json().categories.marketing).toBeNull();
    // Unchanged choices (analytics again) are not audited.
    expect(await events(s.spidId)).toEqual([
      { consent_key: 'analytics', granted: true, source: 'dialog', title_code: 'FVN' },
      { consent_key: 'advertising', granted: false, source: 'dialog', title_code: 'FVN' },
      { consent_key: 'email', granted: true, source: 'samtykke1', title_code: 'FVN' },
      { consent_key: 'email', granted: false, source: 'settings', title_code: 'FVN' },
      { consent_key: 'marketing', granted: true, source: 'settings', title_code: 'SET' },
    ]);
  });

  it('refuses an empty change, unknown keys, a missing source and a signed-out request', async () => {
    const s = await reader();
    expectProblem(await save(s, { source: 'settings' }), 400, 'CONSENT_CHANGE_EMPTY');
    for (const payload of [
      { source: 'settings', categories: {} },
      { source: 'settings', categories: { cookies: true } },
      { source: 'settings', permissions: { email: 'yes' } },
      { source: 'somewhere', permissions: { email: true } },
      { permissions: { email: true } },
    ]) {
      const response = await save(s, payload);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    const signedOut = await t.app.inject({ url: URL(), headers: spaHeaders() });
    expect(signedOut.statusCode).toBe(401);
    expect(await events(s.spidId)).toEqual([]);
  });

  it('refuses a title the group does not publish, and writes nothing', async () => {
    const s = await reader();
    expectProblem(await s.request({ url: URL('ZYG') }), 404, 'TITLE_NOT_FOUND');
    const change = { source: 'settings', permissions: { email: true } };
    expectProblem(await save(s, change, 'ZYG'), 404, 'TITLE_NOT_FOUND');
    expect(await events(s.spidId)).toEqual([]);
    // The code is read in any case, as everywhere.
    expect((await save(s, change, 'fvn')).json().titleCode).toBe('FVN');
  });

  it('keeps both of two changes made at once, in order', async () => {
    const s = await reader();
    const [a, b] = await Promise.all([
      save(s, { source: 'settings', permissions: { sms: true } }),
      save(s, { source: 'samtykke2', permissions: { sms: false } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const audited = await events(s.spidId);
    expect(audited.map((e) => e.granted).sort()).toEqual([false, true]);
    const last = audited.at(-1)!.granted;
    expect((await s.request({ url: URL() })).json().permissions.sms).toBe(last);
  });

  it('allows 60 changes an hour', async () => {
    const s = await reader();
    for (let i = 0; i < CONSENT_CHANGE_LIMIT.limit; i++)
      expect(
        (await save(s, { source: 'settings', permissions: { surveys: i % 2 === 0 } })).statusCode,
      ).toBe(200);
    const refused = await save(s, { source: 'settings', permissions: { surveys: true } });
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONSENT_CHANGE_LIMIT.windowSeconds);
  });
});
