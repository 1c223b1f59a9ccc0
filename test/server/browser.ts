// A browser for server tests over real HTTP, as far as a login flow needs one: a cookie jar
// and manual redirects.
/** A browser, as far as the flow needs one: a cookie jar and manual redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves the provider; returns that location. */
  async followUntil(start: Response, prefix: string): Promise<string> {
    let response = start;
    for (let hop = 0; hop < 10; hop++) {
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(`Expected a redirect, got ${response.status}: ${await response.text()}`);
      }
      const next = new URL(location, response.url || this.base).href;
      if (next.startsWith(prefix)) return next;
      response = await this.fetch(next);
    }
    throw new Error('Too many redirects');
  }
}
