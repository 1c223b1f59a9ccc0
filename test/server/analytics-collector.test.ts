// The embedded analytics collector: POST /api/analytics/events keeps a page view on
// the title of the host, /dev/events shows the latest; malformed events are 400 problems, a call
// without the SPA's header is refused (CSRF), 600 an hour from one address.
import { describe, expect, it } from '@jest/globals';

import { COLLECT_LIMIT } from '../../src/server/domain/analytics/events';

import { expectProblem } from './order-support';
import { spaHeaders } from './session-support';
import { buildTestApp, PAGE_VIEW } from './support';

const t = buildTestApp();

const event = (overrides: Record<string, unknown> = {}) => ({ ...PAGE_VIEW, ...overrides });

const collect = (
  payload: unknown,
  address = '10.0.0.1',
  headers: Record<string, string> = spaHeaders('SET'),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: payload as object,
    headers,
    remoteAddress: address,
  });

describe('POST /api/analytics/events', () => {
  it('keeps a page view on the host’s title, shown at /dev/events', async () => {
    const response = await collect(
      event({
        origin: { url: '/?utm_source=sms', referrer: '', referrerType: 'Unknown', source: 'sms' },
      }),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: true });
    const [latest] = (await t.app.inject({ url: '/dev/events' })).json();
    expect(latest).toMatchObject({
      titleCode: 'SET',
      event: { type: 'View', origin: { source: 'sms' } },
    });
  });

  it('refuses malformed events with a problem, and a call without the SPA’s header', async () => {
    for (const payload of [
      {},
      event({ type: 'Click' }),
      event({ extra: 1 }),
      event({ origin: { url: 'x'.repeat(2001), referrer: '', referrerType: 'Unknown' } }),
      event({
        experiments: Array.from({ length: 21 }, (_, i) => ({
          id: `${i}`,
          name: 'n',
          variant: 'a',
          platform: 'web',
        })),
      }),
    ]) {
      const response = await collect(payload, '10.0.0.2');
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    const { 'x-minside-request': _, ...withoutHeader } = spaHeaders('SET') as Record<
      string,
      string
    >;
    expect((await collect(event(), '10.0.0.2', withoutHeader)).statusCode).toBe(403);
  });

  it('takes 600 an hour from one address', async () => {
    for (let i = 0; i < COLLECT_LIMIT.limit; i++)
      expect((await collect(event(), '10.0.0.3')).statusCode).toBe(202);
    expectProblem(await collect(event(), '10.0.0.3'), 429, 'RATE_LIMITED');
    expect((await collect(event(), '10.0.0.4')).statusCode).toBe(202);
  });
});
