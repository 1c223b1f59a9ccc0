// What never reaches a log line: e-mail addresses, phone numbers, and the values of query
// parameters (invitation tokens, codes, states). Used by the request log (app.ts) and by the
// outbox relay for the errors relays and gateways send back (which often quote the recipient).

const EMAIL = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
// Eight digits or more, with an optional + and spaces between groups: a phone number.
const PHONE = /\+?\d[\d ]{6,}\d/g;

/** `text` with e-mail addresses and phone numbers replaced by `[e-mail]` and `[phone]`. */
export function redactContacts(text: string): string {
  return text.replace(EMAIL, '[e-mail]').replace(PHONE, '[phone]');
}

/**
 * A URL (path and query, as in a request line) with every query value replaced: the path stays
 * readable for operations, `?token=…&code=…` becomes `?token=[redacted]&code=[redacted]`.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
