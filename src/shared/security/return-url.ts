// Where the user returns after login: only a path on this same origin is accepted. Anything
// that could leave the site (`//evil`, `https://evil`, `/\evil`, `javascript:`, dot segments
// that collapse into `//evil`, encoded or control-character variants) becomes `/`.
//
// The candidate is normalised with the WHATWG URL parser against the page's own origin (as the
// browser will resolve it), and the checks are made on the normalised result too: a path that is
// safe before normalisation (`/.//evil.example`, `/a/..//evil`, `/%2e%2e//evil`) can stop being
// safe after it.

/** A path on this origin: one leading slash, no second slash or backslash after it, no spaces. */
const SAFE_PATH = /^\/(?![/\\])[^\s\\]*$/;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A dummy origin for callers without one: only the path's behaviour matters. */
const DEFAULT_ORIGIN = 'https://minside.invalid';

const MAX_LENGTH = 2048;

/** Decodes repeatedly so encoded slashes and backslashes cannot hide (%2F%2F, %5C, %252F). */
function fullyDecoded(value: string): string | null {
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return decoded;
}

/** The path itself, and every decoding of it, is a plain path on this origin. */
function isSafePathText(path: string): boolean {
  if (CONTROL.test(path) || !SAFE_PATH.test(path)) return false;
  const decoded = fullyDecoded(path);
  return decoded !== null && !CONTROL.test(decoded) && SAFE_PATH.test(decoded);
}

export function safeReturnPath(candidate: unknown, origin: string = DEFAULT_ORIGIN): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_LENGTH)
    return '/';
  // The URL parser drops tabs and newlines silently: they are refused before it sees them.
  if (!isSafePathText(candidate)) return '/';
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(candidate, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  const normalised = url.pathname + url.search + url.hash;
  if (normalised.length > MAX_LENGTH || !isSafePathText(normalised)) return '/';
  // Compared after normalisation: the result must resolve to itself, on this origin.
  const again = new URL(normalised, base);
  if (again.origin !== base.origin || again.href !== url.href) return '/';
  return normalised;
}
