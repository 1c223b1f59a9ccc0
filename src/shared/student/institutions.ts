// The student and pupil e-mail rule, shared by the SPA (to tell the reader at once whether an
// address will do) and the server (which decides): is an address a student's (higher education)
// or a pupil's (videregående), and at which institution or county? The list itself is the data
// file institutions.json beside this module; where it comes from and when it was checked is its
// `source` and `updated`.
//
// The JSON is imported with an import attribute, which every consumer handles: the server under
// tsx on Node 20 needs it to import JSON at all, webpack bundles the file, TypeScript types it
// (resolveJsonModule) and Jest loads it as an ES module itself. (The swc transform in
// jest.config.js drops the attribute, so Jest prints a deprecation warning until its options set
// jsc.experimental.keepImportAttributes.) A generated .ts copy would be a second source to keep
// in step with the JSON.
//
// - An address is compared trimmed and in lower case, and must have exactly one '@' with
//   something before it.
// - A listed domain covers itself and its subdomains (students mostly get student.uia.no,
//   stud.ntnu.no, ...), matched on a dot boundary: `fakeuia.no` and `uia.no.evil.com` are not
//   uia.no's.
import data from './institutions.json' with { type: 'json' };

export type StudentKind = 'student' | 'pupil';

export interface Institution {
  readonly name: string;
  readonly domains: readonly string[];
}

const listed: Readonly<Record<StudentKind, readonly Institution[]>> = {
  student: data.student,
  pupil: data.pupil,
};

// A configured '@skole.no' or '.skole.no' means skole.no (as written it would never match).
const normaliseDomain = (domain: string): string =>
  domain
    .trim()
    .toLowerCase()
    .replace(/^[@.]+/, '');

/**
 * The institutions of a kind, the configured extra domains last, each an Institution named by
 * the domain itself (configuration has no names; a domain already listed is not repeated).
 */
export function institutionsOf(
  kind: StudentKind,
  extraDomains: readonly string[] = [],
): readonly Institution[] {
  const institutions = listed[kind];
  const known = new Set(institutions.flatMap((institution) => institution.domains));
  const extra = [...new Set(extraDomains.map(normaliseDomain))]
    .filter((domain) => domain !== '' && !known.has(domain))
    .map((domain): Institution => ({ name: domain, domains: [domain] }));
  return extra.length === 0 ? institutions : [...institutions, ...extra];
}

/** Whether `host` is `domain` or one of its subdomains (on a dot boundary). */
const isUnder = (host: string, domain: string): boolean =>
  host === domain || host.endsWith(`.${domain}`);

/** The institution of a kind whose domain the address is under, or null. */
export function institutionOfEmail(
  email: string,
  kind: StudentKind,
  extraDomains: readonly string[] = [],
): Institution | null {
  const address = email.trim().toLowerCase();
  const parts = address.split('@');
  if (parts.length !== 2) return null;
  const [local, host] = parts as [string, string];
  if (local === '' || host === '') return null;
  return (
    institutionsOf(kind, extraDomains).find((institution) =>
      institution.domains.some((domain) => isUnder(host, domain)),
    ) ?? null
  );
}

/** Whether the address is a student's (or pupil's, by `kind`) at a listed or configured domain. */
export const isStudentEmail = (
  email: string,
  kind: StudentKind,
  extraDomains: readonly string[] = [],
): boolean => institutionOfEmail(email, kind, extraDomains) !== null;
