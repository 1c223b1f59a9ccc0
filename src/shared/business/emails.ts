// The e-mail rules of business invitations (requirements §5: "Business e-mails must belong to the company
// domain. Duplicates are flagged and only new ones added. Invalid ones are not sent."), shared by
// the admin screen (/administrer-bedrift, to show the "before" table while typing) and the server
// (domain/business, which decides).
//
// - An address is compared trimmed and in lower case: `Kari@Bedrift.no` and `kari@bedrift.no `
//   are the same person (corporate mail servers do not tell local parts apart by case).
// - Valid is the WHATWG form rule (what `<input type=email>` and yup accept) with a dot in the
//   domain, at most 64 characters before the @ and 254 in all (RFC 5321).
// - The domain must be exactly one of the agreement's domains. A subdomain is not the company's
//   by itself: `ola@avd.bedrift.no` is not of `bedrift.no`, since a subdomain may be run by
//   someone else (a hosting customer, a subsidiary with its own agreement); an agreement that
//   owns one lists it.
// - A pasted list or CSV is split on line breaks, commas, semicolons, tabs and spaces; `Name
//   <address>` keeps the address.

/** Longest address (RFC 5321 path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The address as it is compared and stored: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Whether `email` (normalised or not) is an e-mail address invitations can go to. */
export function isValidEmail(email: string): boolean {
  const address = normaliseEmail(email);
  if (address.length > EMAIL_MAX_LENGTH || !EMAIL.test(address)) return false;
  return address.indexOf('@') <= LOCAL_MAX_LENGTH;
}

/** The domain of an address, lower case ('' when it has none). */
export function domainOf(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1);
}

/** Whether the address's domain is exactly one of `domains` (case aside; no subdomains). */
export function belongsToDomains(email: string, domains: readonly string[]): boolean {
  const domain = domainOf(email);
  return domain !== '' && domains.some((d) => d.trim().toLowerCase() === domain);
}

/** The addresses of a pasted list or a CSV file, in order, empty entries left out. */
export function splitEmailList(text: string): string[] {
  return text.split(/[\r\n,;\t]+/).flatMap((entry) => {
    const named = /<([^<>]*)>/.exec(entry);
    const parts = named ? [named[1]!] : entry.split(/\s+/);
    return parts
      .map((part) => part.replace(/^["'<(]+|[>)"']+$/g, '').trim())
      .filter((part) => part.length > 0);
  });
}

/** An address with most of its local part hidden: 'nina.ansatt@bedrift.no' → 'n**********@bedrift.no'. */
export function maskEmail(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}${'*'.repeat(Math.max(3, at - 1))}${address.slice(at)}`;
}
