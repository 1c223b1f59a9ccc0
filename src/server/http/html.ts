// The server's own HTML pages (the identity provider's sign-in, logout, account and error pages,
// the payment sandbox): Norwegian, no external assets, no scripts, one hashed inline style sheet.
// Here are the page shell, its headers and security policy, and the escaping of values put into
// a page.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { PublicationLanguage } from '../../shared/publications/types';

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a1a1a;background:#f4f4f4}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c4c4c4;border-radius:4px}
h1{font-size:1.75rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{display:block;width:100%;padding:.5rem;font:inherit;color:#1a1a1a;background:#fff;border:1px solid #595959;border-radius:4px}
button{display:block;width:100%;margin:.75rem 0 0;padding:.625rem 1rem;font:inherit;font-weight:600;color:#fff;background:#00467f;border:2px solid #00467f;border-radius:4px;cursor:pointer;text-align:left}
button:hover{background:#00335c}
button.secondary{color:#00467f;background:#fff}
button.secondary:hover{background:#e6eef5}
:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
ul{list-style:none;margin:0;padding:0}
li button{margin:.5rem 0 0}
a{color:#00467f}
p.note{color:#4a4a4a}
.alert{margin:0 0 1rem;padding:.75rem 1rem;color:#7a0010;background:#fdecee;border:1px solid #7a0010;border-radius:4px}
hr{margin:1.5rem 0;border:0;border-top:1px solid #c4c4c4}
`;

const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'`;

/** Response headers of every page we render; the security headers come from pageSecurity. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
};

type FormTarget = string | ((req: IncomingMessage, res: ServerResponse) => string);

/**
 * The security headers of our pages (sign-in, logout, errors, the payment sandbox), as helmet
 * options: nothing but our one inline style sheet (by hash), no script, forms only to this
 * origin and to `formTargets`. Chromium applies form-action to every redirect after the post
 * too, so a form whose answer redirects to another origin (the sign-in returning to the title's
 * /callback) needs that origin here. Referrer: the same origin only ('no-referrer' would make
 * Chromium send `Origin: null` with the page's own form post).
 */
export function pageSecurity(formTargets: readonly FormTarget[] = []) {
  // The same object for the same origins, so `reply.helmet` works out its headers once for it.
  const key = formTargets.every((target) => typeof target === 'string')
    ? formTargets.join(' ')
    : null;
  const known = key === null ? undefined : pagePolicies.get(key);
  if (known) return known;
  const policy = pagePolicy(formTargets);
  // Origins come from the registered clients, a short list; the bound is only a safeguard.
  if (key !== null && pagePolicies.size < MAX_KEPT_PAGE_POLICIES) pagePolicies.set(key, policy);
  return policy;
}

const MAX_KEPT_PAGE_POLICIES = 64;
const pagePolicies = new Map<string, ReturnType<typeof pagePolicy>>();

function pagePolicy(formTargets: readonly FormTarget[]) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        // No source: no script runs. Spelled out rather than left to default-src because
        // oidc-provider adds the hash of its self-submitting form's inline script (logout without
        // a session) to a script-src it finds, and to nothing else; 'none' plus a hash is invalid.
        scriptSrc: [],
        styleSrc: [PAGE_STYLE_HASH],
        formAction: ["'self'", ...formTargets],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' as const },
  };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A whole page in `language`; `body` is trusted HTML (escape every value put into it). */
export function renderPage(
  title: string,
  body: string,
  language: PublicationLanguage = 'nb',
): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Min Side</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
