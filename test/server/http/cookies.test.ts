import { describe, expect, it } from '@jest/globals';

import { parseCookies, serializeCookie } from '../../../src/server/http/cookies';

describe('cookies', () => {
  it('parses a Cookie header, first value wins, malformed values are ignored', () => {
    const cookies = parseCookies('minside=abc; other=1; minside=second; bad=%E0%A4%A');
    expect(cookies.get('minside')).toBe('abc');
    expect(cookies.get('other')).toBe('1');
    expect(cookies.has('bad')).toBe(false);
    expect(parseCookies(undefined).size).toBe(0);
  });

  it('serialises HttpOnly, SameSite, Path and Secure only over HTTPS', () => {
    expect(serializeCookie('__Host-minside', 'v', { secure: true, sameSite: 'Lax' })).toBe(
      '__Host-minside=v; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
    expect(
      serializeCookie('minside', '', { secure: false, sameSite: 'Lax', maxAgeSeconds: 0 }),
    ).toBe('minside=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  it('refuses a cookie name that could inject attributes', () => {
    expect(() => serializeCookie('a;b', 'v', { secure: false, sameSite: 'Lax' })).toThrow(
      'Invalid cookie name',
    );
  });
});
