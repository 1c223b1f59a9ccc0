import { describe, expect, it } from '@jest/globals';

import { spaHeaders } from './session-support';
import { buildTestApp } from './support';

const t = buildTestApp();

describe('GET /api/title/{titleCode}', () => {
  it('answers the title with its contact data and language', async () => {
    const response = await t.app.inject({ url: '/api/title/FVN' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      titleCode: 'FVN',
      titleDomain: 'fvn.no',
      pageUrl: 'https://www.fvn.no/',
      name: 'Fædrelandsvennen',
      language: 'nb',
      spidCredential: { clientId: expect.any(String) },
    });
  });

  it('accepts the code in any case', async () => {
    const response = await t.app.inject({ url: '/api/title/adr' });
    expect(response.json()).toMatchObject({ titleCode: 'ADR', name: 'Adresseavisen' });
  });

  it('gives a nynorsk title its language', async () => {
    const response = await t.app.inject({ url: '/api/title/FIR' });
    expect(response.json()).toMatchObject({ name: 'Firda', language: 'nn' });
  });

  it('answers 404 problem+json for an unknown title', async () => {
    const response = await t.app.inject({ url: '/api/title/XYZ' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 404, code: 'TITLE_NOT_FOUND' });
  });

  it('answers 400 naming the field for a malformed code', async () => {
    const response = await t.app.inject({ url: '/api/title/F1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'titleCode' })],
    });
  });
});

describe('POST /api/retrieveTitleCode', () => {
  const lookup = (minsideUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/retrieveTitleCode',
      headers: spaHeaders(),
      payload: { minsideUrl },
    });

  it.each([
    ['https://minside.fvn.no/', 'FVN'],
    ['https://www.adressa.no/', 'ADR'],
    ['http://fir.localhost:8080/', 'FIR'],
    ['http://an.localhost/', 'AN'],
  ])('resolves %s to %s', async (origin, code) => {
    const response = await lookup(origin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ titleCode: code });
  });

  it('falls back to POL for an unknown origin', async () => {
    expect((await lookup('https://example.com/')).json()).toEqual({ titleCode: 'POL' });
    expect((await lookup('http://localhost:8080/')).json()).toEqual({ titleCode: 'POL' });
  });

  it('rejects a missing minsideUrl, naming it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/retrieveTitleCode',
      headers: { ...spaHeaders(), 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'minsideUrl', message: 'is required' }]);
  });

  it('rejects unknown fields instead of dropping them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/retrieveTitleCode',
      headers: { ...spaHeaders(), 'content-type': 'application/json' },
      payload: { minsideUrl: 'https://www.fvn.no/', admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'admin', message: 'is not allowed' }]);
  });

  it('rejects a body that is not JSON with a problem, not a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/retrieveTitleCode',
      headers: { ...spaHeaders(), 'content-type': 'application/json' },
      payload: '{"minsideUrl":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toMatch(/at .*\.js:\d+/);
  });
});
