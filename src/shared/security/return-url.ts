// Where the user returns after login: only a path on this same origin is accepted. Anything
// that could leave the site (`//evil`, `https://evil`, `/\evil`, `javascript:`, encoded or
// control-character variants) becomes `/`.

const SAFE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048)
    return '/';
  // Decode repeatedly so encoded slashes and backslashes cannot hide (%2F%2F, %5C, %252F).
  let decoded = candidate;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/';
    }
    if (next === decoded) break;
    decoded = next;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return '/';
  if (!SAFE_PATH.test(candidate) || !SAFE_PATH.test(decoded)) return '/';
  // Resolve against a dummy origin: the result must stay on it.
  try {
    const base = 'https://minside.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
