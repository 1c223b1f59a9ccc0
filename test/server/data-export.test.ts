// A copy of the reader's data: built at once with everything Min Side holds about the
// reader and no secret, e-mailed as ready, downloadable by the reader only, for 7 days (injected
// clock), then its content deleted by the job; 3 a day. On PGlite, and on PostgreSQL with
// DATABASE_URL.
import { readFileSync } from 'node:fs';

import { beforeEach, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

import { EXPORT_LIMIT, purgeExpiredExports } from '../../src/server/domain/privacy/export';
import { contractPath } from '../../src/server/http/contract';

import { messagesTo } from './family-support';
import { expectProblem } from './order-support';
import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

// The copy as the contract describes it (PersonalData: every part named, nothing else).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;
const contract = parse(readFileSync(contractPath, 'utf8')) as { components: object };
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
const isPersonalData = ajv.compile({
  components: contract.components,
  $ref: '#/components/schemas/PersonalData',
});

const ask = (s: TestSession, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: '/api/privacy/export', payload: { titleCode } });
const download = (s: TestSession, id: string) => s.request({ url: `/api/privacy/export/${id}` });

describe('a copy of the reader’s data', () => {
  it('holds the reader’s subscriptions, invoices, consents and more, and no secret', async () => {
    const papir = await sessionFor(t, 'papir@demo.minside.no');
    await papir.request({
      method: 'PUT',
      url: '/api/privacy/FVN/consents',
      payload: { source: 'settings', permissions: { email: true } },
    });
    const asked = await ask(papir);
    expect(asked.statusCode).toBe(201);
    const copy = asked.json();
    expect(copy).toMatchObject({
      status: 'ready',
      requestedAt: new Date(TEST_NOW).toISOString(),
      expiresAt: new Date(new Date(TEST_NOW).getTime() + 7 * 86_400_000).toISOString(),
    });
    const response = await download(papir, copy.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="minside-data-2026-03-10.json"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(isPersonalData(data) ? [] : isPersonalData.errors).toEqual([]);
    expect(data.identity).toMatchObject({ email: 'papir@demo.minside.no' });
    expect(data.account.aria_account_no).toEqual(expect.any(String));
    expect(data.subscriptions.length).toBeGreaterThan(0);
    expect(data.invoicesAndPayments.length).toBeGreaterThan(0);
    expect(data.complaints.length).toBeGreaterThan(0);
    expect(data.consents).toEqual([
      expect.objectContaining({ title_code: 'FVN', consent_key: 'email', granted: true }),
    ]);
    const text = JSON.stringify(data);
    for (const secret of ['code_hash', 'token_hash', 'idempotency_key', 'request_hash', 'password'])
      expect(text).not.toContain(secret);
    // The reader is told it is ready, with the day it is deleted.
    const [mail] = await messagesTo(t, 'papir@demo.minside.no');
    expect(mail!.body).toContain('Kopien av dataene dine fra Fædrelandsvennen er klar');
    expect(mail!.body).toContain('innen 17. mars 2026');
    expect(mail!.body).toContain('/schibstedTakeoutGateway');
    expect((await papir.request({ url: '/api/privacy/export' })).json()).toEqual({ latest: copy });
  });

  it('is only the reader’s own, and a made-up id is not found', async () => {
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    const other = await sessionFor(t, 'ung@demo.minside.no');
    const copy = (await ask(digital)).json();
    expectProblem(await download(other, copy.id), 404, 'EXPORT_NOT_FOUND');
    expectProblem(await download(digital, 'not-a-uuid'), 404, 'EXPORT_NOT_FOUND');
    expect((await other.request({ url: '/api/privacy/export' })).json()).toEqual({ latest: null });
  });

  it('lasts 7 days, then its content is deleted', async () => {
    const reader = await sessionFor(t, 'oppsagt@demo.minside.no');
    const copy = (await ask(reader)).json();
    t.clock.set('2026-03-17T08:59:00+01:00');
    const late = await sessionFor(t, 'oppsagt@demo.minside.no');
    expect((await download(late, copy.id)).statusCode).toBe(200);
    t.clock.set('2026-03-17T09:00:00+01:00');
    const gone = await sessionFor(t, 'oppsagt@demo.minside.no');
    expectProblem(await download(gone, copy.id), 409, 'EXPORT_EXPIRED');
    expect((await gone.request({ url: '/api/privacy/export' })).json().latest.status).toBe(
      'expired',
    );
    expect(await purgeExpiredExports(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.query<{ content: unknown }>(
      'select content from data_exports where id = $1',
      [copy.id],
    );
    expect(row!.content).toBeNull();
  });

  it('refuses a title the group does not publish, without using one of the day’s copies', async () => {
    const reader = await sessionFor(t, 'ingen@demo.minside.no');
    const refused = await ask(reader, 'zyG');
    expectProblem(refused, 400, 'UNKNOWN_TITLE');
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'titleCode' })]);
    expect((await reader.request({ url: '/api/privacy/export' })).json()).toEqual({ latest: null });
    for (let i = 0; i < EXPORT_LIMIT.limit; i++) expect((await ask(reader)).statusCode).toBe(201);
  });

  it('can be made 3 times a day', async () => {
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    for (let i = 0; i < EXPORT_LIMIT.limit; i++) expect((await ask(reader)).statusCode).toBe(201);
    const refused = await ask(reader);
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(EXPORT_LIMIT.windowSeconds);
  });
});
