import { describe, expect, it } from '@jest/globals';

import { safeReturnPath } from '../../../src/shared/security/return-url';

describe('safeReturnPath: only a path on this origin', () => {
  it.each(['/', '/fakturaoversikt', '/betal-faktura/123?source=sms#top', '/t/kundeservice?x=%2Fy'])(
    'keeps %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'http:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/\tevil',
    '/%0d%0aSet-Cookie:x',
    'fakturaoversikt',
    '',
    `/${'a'.repeat(3000)}`,
  ])('turns %s into /', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
  });

  it('turns anything that is not a string into /', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(['/x'])).toBe('/');
  });
});
