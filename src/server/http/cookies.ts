// Minimal cookie parsing and Set-Cookie serialisation for the session and login cookies.

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      if (!cookies.has(name)) cookies.set(name, decodeURIComponent(raw));
    } catch {
      // A malformed value is ignored, as if the cookie were absent.
    }
  }
  return cookies;
}

export interface CookieOptions {
  readonly maxAgeSeconds?: number;
  readonly secure: boolean;
  readonly sameSite: 'Strict' | 'Lax';
  readonly path?: string;
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'HttpOnly'];
  parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  return parts.join('; ');
}
