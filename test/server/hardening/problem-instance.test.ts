// Hardening (item 5): a problem's `instance` is a valid URI reference, as the contract
// says, whatever the request target held (`[`, `]`, `{`, quotes, a stray `%`, non-ASCII): the
// server log showed contract violations for such problems. The value is percent-encoded, never
// dropped, and the response passes the contract's own validation.
import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

import { uriReference } from '../../../src/server/http/problem';
import { buildTestApp } from '../support';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;
const ajv = new Ajv();
addFormats(ajv);
const isUriReference = ajv.compile({ type: 'string', format: 'uri-reference' });

const t = buildTestApp();

describe('the instance of a problem', () => {
  it.each([
    ['/api/account/[1]/profile', '/api/account/%5B1%5D/profile'],
    ['/api/title/%5B?x=[]', '/api/title/%5B?x=%5B%5D'],
    ['/api/nope/{"a"}', '/api/nope/%7B%22a%22%7D'],
    ['/api/nope/a%zz', '/api/nope/a%25zz'],
    ['/api/nope/ø', '/api/nope/%C3%B8'],
    ['/api/nope?a=b#c', '/api/nope?a=b%23c'],
  ])('%s is answered as %s', (target, expected) => {
    expect(uriReference(target)).toBe(expected);
    expect(isUriReference(uriReference(target))).toBe(true);
  });

  it('keeps a target that is valid already as it is', () => {
    for (const target of ['/api/title/FVN', '/api/orders/ord_1/complete?x=%2F&y=1'])
      expect(uriReference(target)).toBe(target);
  });

  it.each(['/api/title/[FVN]', '/api/catalogue/%5Bx%5D', '/api/nope/[a]?b=]'])(
    'GET %s answers a problem whose instance passes the contract',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(isUriReference(response.json().instance)).toBe(true);
    },
  );
});
