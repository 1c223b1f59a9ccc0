import { describe, expect, it } from '@jest/globals';

import { safeReturnPath } from '../../../src/shared/security/return-url';

const ORIGIN = 'http://fvn.localhost:8080';

describe('safeReturnPath: only a path on this origin', () => {
  it.each(['/', '/fakturaoversikt', '/betal-faktura/123?source=sms#top', '/t/kundeservice?x=%2Fy'])(
    'keeps %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
      expect(safeReturnPath(path, ORIGIN)).toBe(path);
    },
  );

  it.each([
    ['/a/./b', '/a/b'],
    ['/a/b/../c', '/a/c'],
    ['/%2e/kontakt', '/kontakt'],
  ])('normalises the harmless dot segments of %s to %s', (candidate, expected) => {
    expect(safeReturnPath(candidate, ORIGIN)).toBe(expected);
  });

  it.each([
    // Another origin, written plainly.
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'fakturaoversikt',
    '',
    `/${'a'.repeat(3000)}`,
    // Backslashes, which the URL parser reads as slashes.
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    // Encoded slashes, also encoded twice.
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%252F%252Fevil.example',
    // RFC 3986 dot segments that collapse into `//evil.example` once normalised.
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/%2e/%2fevil.example',
    '/%2e%2e/%2f%2fevil.example',
    '/./%5Cevil.example',
    // Tabs, newlines and other controls, which the URL parser drops silently.
    '/\tevil',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0d%0aSet-Cookie:x',
    '/\u0000x',
    '/a b',
    // Malformed encoding.
    '/%zz',
    '/%',
  ])('turns %j into /', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
    expect(safeReturnPath(candidate, ORIGIN)).toBe('/');
  });

  it('turns anything that is not a string into /', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(['/x'])).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
  });

  it('answers a path that resolves to itself on the origin', () => {
    for (const candidate of ['/kontakt?a=1', '/a/../b', '/x/%2e%2e/y']) {
      const result = safeReturnPath(candidate, ORIGIN);
      expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      expect(safeReturnPath(result, ORIGIN)).toBe(result);
    }
  });
});
