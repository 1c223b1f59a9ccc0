// Publication registry: the configuration of every news title served by Min Side, plus look-ups
// by title code and by page origin. Titles, domains and languages are real; ids, contact data and
// brand colours are demo values.

import { mod11CheckDigit } from '../payment/kid';

import type { Publication, PublicationInput, Title } from './types';

export const FALLBACK_TITLE_CODE = 'POL';
export const DEFAULT_LANGUAGE = 'nb';
export const DEFAULT_VIDEO_SUBDOMAIN = 'tv';

const UNKNOWN_TITLE_CODE_MESSAGE = 'No publication config found for titleCode';
const TITLE_CODE_PATTERN = /^[A-Z]{2,4}$/;
const PUBLICATION_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Builds a full publication from a hand-written entry, filling in the defaults. */
export function definePublication(input: PublicationInput): Publication {
  if (!TITLE_CODE_PATTERN.test(input.titleCode)) {
    throw new Error(`Invalid title code: ${input.titleCode}`);
  }
  if (!PUBLICATION_KEY_PATTERN.test(input.publicationKey)) {
    throw new Error(`Invalid publication key: ${input.publicationKey}`);
  }
  const newsroom = input.newsroom ?? input.publicationKey;
  const domain = input.domain ?? `${input.publicationKey}.no`;
  const videoSubdomain = input.videoSubdomain ?? DEFAULT_VIDEO_SUBDOMAIN;
  return Object.freeze({
    titleCode: input.titleCode,
    newsroom,
    publicationKey: input.publicationKey,
    displayName: input.displayName,
    group: input.group,
    analyticsProviderId: input.analyticsProviderId ?? `sdrn:minside-demo:client:${newsroom}`,
    consentPropertyId: input.consentPropertyId,
    privacyManagerId: input.privacyManagerId,
    language: input.language ?? DEFAULT_LANGUAGE,
    streamNewsroom: input.streamNewsroom ?? newsroom,
    domain,
    baseUrl: input.baseUrl ?? `https://www.${domain}`,
    videoSubdomain,
    videoBaseUrl: `https://${videoSubdomain}.${domain}`,
    newsAgencyLiveLicence: input.newsAgencyLiveLicence ?? false,
    tabloidLiveLicence: input.tabloidLiveLicence ?? false,
    hideEditorResponsibilityMark: input.hideEditorResponsibilityMark ?? false,
    analyticsEnabled: input.analyticsEnabled ?? true,
    customerCenterPhoneNumber: input.customerCenterPhoneNumber,
    customerCenterEmail: input.customerCenterEmail ?? `kundesenter@${domain}`,
    organizationNumber: input.organizationNumber,
    spidClientId: input.spidClientId ?? `minside-${input.publicationKey}`,
    brand: Object.freeze({ ...input.brand }),
  });
}

type DemoField =
  'customerCenterPhoneNumber' | 'organizationNumber' | 'consentPropertyId' | 'privacyManagerId';

/** A row of the table below; `serial` (1–99) derives the demo contact data and ids. */
interface RegistryRow extends Omit<PublicationInput, DemoField> {
  readonly serial: number;
}

/**
 * A demo organisation number that is a valid one, as invoices and receipts print it: nine digits,
 * the last the MOD11 check digit of the first eight (weights 3 2 7 6 5 4 3 2, the register's
 * rule), `9990`, the serial and the first two digits after it that give a check digit.
 */
function demoOrganisationNumber(suffix: string): string {
  for (let n = 0; n < 100; n += 1) {
    const base = `9990${suffix}${String(n).padStart(2, '0')}`;
    const check = mod11CheckDigit(base);
    if (check !== null) return base + check;
  }
  throw new Error(`No organisation number for serial ${suffix}`);
}

function demoFields(serial: number): Pick<PublicationInput, DemoField> {
  if (!Number.isInteger(serial) || serial < 1 || serial > 99) {
    throw new Error(`Registry serial out of range: ${serial}`);
  }
  const suffix = String(serial).padStart(2, '0');
  return {
    customerCenterPhoneNumber: `+47 400 00 0${suffix}`,
    organizationNumber: demoOrganisationNumber(suffix),
    consentPropertyId: 31_000 + serial,
    privacyManagerId: 820_000 + serial,
  };
}

// Serials must stay unique and fixed once given: they derive the demo contact data.
const rows: readonly RegistryRow[] = [
  // Group site
  {
    serial: 1,
    titleCode: 'POL',
    publicationKey: 'polarismedia',
    displayName: 'Polaris Media',
    group: 'Polaris',
    hideEditorResponsibilityMark: true,
    brand: { accent: '#283777', neutral: '#1f2230', highlight: '#dddfe9' },
  },
  // Sør
  {
    serial: 2,
    titleCode: 'FVN',
    publicationKey: 'fvn',
    displayName: 'Fædrelandsvennen',
    group: 'Sør',
    newsAgencyLiveLicence: true,
    tabloidLiveLicence: true,
    brand: { accent: '#1576bc', neutral: '#1b303f', highlight: '#dae9f4' },
  },
  {
    serial: 3,
    titleCode: 'VA',
    publicationKey: 'varden',
    displayName: 'Varden',
    group: 'Sør',
    analyticsEnabled: false,
    brand: { accent: '#b51ce3', neutral: '#3e1c48', highlight: '#f3dbfb' },
  },
  {
    serial: 4,
    titleCode: 'GAT',
    publicationKey: 'gat',
    displayName: 'Grimstad Adressetidende',
    group: 'Sør',
    brand: { accent: '#727632', neutral: '#2f3021', highlight: '#e8e9de' },
  },
  {
    serial: 5,
    titleCode: 'AP',
    publicationKey: 'agderposten',
    displayName: 'Agderposten',
    group: 'Sør',
    brand: { accent: '#1b658d', neutral: '#1c2c35', highlight: '#dbe6ed' },
  },
  {
    serial: 6,
    titleCode: 'TVP',
    publicationKey: 'tvedestrandsposten',
    displayName: 'Tvedestrandsposten',
    group: 'Sør',
    brand: { accent: '#a9355f', neutral: '#3b222b', highlight: '#f1dfe5' },
  },
  {
    serial: 7,
    titleCode: 'LA',
    publicationKey: 'l-a',
    displayName: 'Lindesnes Avis',
    group: 'Sør',
    brand: { accent: '#146f0e', neutral: '#1a2e19', highlight: '#d9e8d8' },
  },
  {
    serial: 8,
    titleCode: 'SET',
    publicationKey: 'setesdolen',
    displayName: 'Setesdølen',
    group: 'Sør',
    language: 'nn',
    brand: { accent: '#644db3', neutral: '#2c273d', highlight: '#e6e3f3' },
  },
  {
    serial: 9,
    titleCode: 'TA',
    publicationKey: 'ta',
    displayName: 'Telemarksavisa',
    group: 'Sør',
    brand: { accent: '#724516', neutral: '#2f251b', highlight: '#e8e1da' },
  },
  {
    serial: 10,
    titleCode: 'PD',
    publicationKey: 'pd',
    displayName: 'Porsgrunns Dagblad',
    group: 'Sør',
    brand: { accent: '#1c594e', neutral: '#1c2a27', highlight: '#dbe4e3' },
  },
  {
    serial: 11,
    titleCode: 'KV',
    publicationKey: 'kv',
    displayName: 'Kragerø Blad Vestmar',
    group: 'Sør',
    brand: { accent: '#911284', neutral: '#361a33', highlight: '#edd9eb' },
  },
  {
    serial: 12,
    titleCode: 'VTB',
    publicationKey: 'vtb',
    displayName: 'Vest-Telemark Blad',
    group: 'Sør',
    language: 'nn',
    brand: { accent: '#425625', neutral: '#25291e', highlight: '#e1e4dc' },
  },
  // Midt
  {
    serial: 13,
    titleCode: 'ADR',
    publicationKey: 'adressa',
    displayName: 'Adresseavisen',
    group: 'Midt',
    newsAgencyLiveLicence: true,
    tabloidLiveLicence: true,
    brand: { accent: '#da1828', neutral: '#461b1f', highlight: '#f9dadd' },
  },
  {
    serial: 14,
    titleCode: 'TRA',
    publicationKey: 't-a',
    displayName: 'Trønder-Avisa',
    group: 'Midt',
    brand: { accent: '#295fd6', neutral: '#1f2b45', highlight: '#dde5f8' },
  },
  {
    serial: 15,
    titleCode: 'NA',
    publicationKey: 'namdalsavisa',
    displayName: 'Namdalsavisa',
    group: 'Midt',
    brand: { accent: '#c23d40', neutral: '#412324', highlight: '#f5e0e0' },
  },
  {
    serial: 16,
    titleCode: 'INN',
    publicationKey: 'innherred',
    displayName: 'Innherred',
    group: 'Midt',
    brand: { accent: '#864db3', neutral: '#33273d', highlight: '#ece3f3' },
  },
  {
    serial: 17,
    titleCode: 'STA',
    publicationKey: 'steinkjer-avisa',
    displayName: 'Steinkjer-Avisa',
    group: 'Midt',
    brand: { accent: '#b61670', neutral: '#3e1b2f', highlight: '#f3dae8' },
  },
  {
    serial: 18,
    titleCode: 'BLA',
    publicationKey: 'bladet',
    displayName: 'Bladet',
    group: 'Midt',
    brand: { accent: '#2c29d6', neutral: '#201f45', highlight: '#ddddf8' },
  },
  {
    serial: 19,
    titleCode: 'HIF',
    publicationKey: 'hitra-froya',
    displayName: 'Hitra-Frøya',
    group: 'Midt',
    brand: { accent: '#77367f', neutral: '#302232', highlight: '#e9dfeb' },
  },
  {
    serial: 20,
    titleCode: 'FF',
    publicationKey: 'fosna-folket',
    displayName: 'Fosna-Folket',
    group: 'Midt',
    brand: { accent: '#3775ae', neutral: '#22303c', highlight: '#dfe9f2' },
  },
  {
    serial: 21,
    titleCode: 'TB',
    publicationKey: 'tronderbladet',
    displayName: 'Trønderbladet',
    group: 'Midt',
    brand: { accent: '#de1b48', neutral: '#471c26', highlight: '#fadbe2' },
  },
  {
    serial: 22,
    titleCode: 'OPD',
    publicationKey: 'opp',
    displayName: 'Opdalingen',
    group: 'Midt',
    brand: { accent: '#37813c', neutral: '#223223', highlight: '#dfebe0' },
  },
  {
    serial: 23,
    titleCode: 'SEL',
    publicationKey: 'selbyggen',
    displayName: 'Selbyggen',
    group: 'Midt',
    brand: { accent: '#6629d6', neutral: '#2c1f45', highlight: '#e7ddf8' },
  },
  {
    serial: 24,
    titleCode: 'RB',
    publicationKey: 'rbnett',
    displayName: 'Romsdals Budstikke',
    group: 'Midt',
    brand: { accent: '#0d6b65', neutral: '#192e2c', highlight: '#d8e7e6' },
  },
  {
    serial: 25,
    titleCode: 'TK',
    publicationKey: 'tk',
    displayName: 'Tidens Krav',
    group: 'Midt',
    brand: { accent: '#964082', neutral: '#372433', highlight: '#eee0eb' },
  },
  {
    serial: 26,
    titleCode: 'SMP',
    publicationKey: 'smp',
    displayName: 'Sunnmørsposten',
    group: 'Midt',
    newsAgencyLiveLicence: true,
    brand: { accent: '#2046b6', neutral: '#1d253e', highlight: '#dbe1f3' },
  },
  {
    serial: 27,
    titleCode: 'MN',
    publicationKey: 'm-n',
    displayName: 'Møre-Nytt',
    group: 'Midt',
    language: 'nn',
    brand: { accent: '#9a2113', neutral: '#381d1a', highlight: '#efdbd9' },
  },
  {
    serial: 28,
    titleCode: 'VV',
    publicationKey: 'vikebladet',
    displayName: 'Vikebladet Vestposten',
    group: 'Midt',
    language: 'nn',
    brand: { accent: '#b34d79', neutral: '#3d2731', highlight: '#f3e3ea' },
  },
  // Vest
  {
    serial: 29,
    titleCode: 'FIR',
    publicationKey: 'firda',
    displayName: 'Firda',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#964c13', neutral: '#37271a', highlight: '#eee2d9' },
  },
  {
    serial: 30,
    titleCode: 'FP',
    publicationKey: 'firdaposten',
    displayName: 'Firdaposten',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#82383f', neutral: '#332224', highlight: '#ebdfe0' },
  },
  {
    serial: 31,
    titleCode: 'FJT',
    publicationKey: 'fjt',
    displayName: 'Fjordenes Tidende',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#8a6f11', neutral: '#342e1a', highlight: '#ece8d9' },
  },
  {
    serial: 32,
    titleCode: 'SAV',
    publicationKey: 'sognavis',
    displayName: 'Sogn Avis',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#377c81', neutral: '#223132', highlight: '#dfeaeb' },
  },
  {
    serial: 33,
    titleCode: 'FJO',
    publicationKey: 'fjordingen',
    displayName: 'Fjordingen',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#8f6b3d', neutral: '#352e23', highlight: '#ede7e0' },
  },
  {
    serial: 34,
    titleCode: 'FJB',
    publicationKey: 'fjordabladet',
    displayName: 'Fjordabladet',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#7716b6', neutral: '#301b3e', highlight: '#e9daf3' },
  },
  {
    serial: 35,
    titleCode: 'FT',
    publicationKey: 'firdatidend',
    displayName: 'Firda Tidend',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#a616af', neutral: '#3b1b3d', highlight: '#f1daf2' },
  },
  {
    serial: 36,
    titleCode: 'YS',
    publicationKey: 'ytresogn',
    displayName: 'Ytre Sogn',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#d11a9e', neutral: '#441c39', highlight: '#f8daef' },
  },
  {
    serial: 37,
    titleCode: 'HF',
    publicationKey: 'hf',
    displayName: 'Hardanger Folkeblad',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#9f4332', neutral: '#392521', highlight: '#f0e1de' },
  },
  {
    serial: 38,
    titleCode: 'SH',
    publicationKey: 'sunnhordland',
    displayName: 'Sunnhordland',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#9d1349', neutral: '#391a26', highlight: '#efd9e2' },
  },
  {
    serial: 39,
    titleCode: 'KVI',
    publicationKey: 'kvinnheringen',
    displayName: 'Kvinnheringen',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#ad4aa6', neutral: '#3c263b', highlight: '#f2e2f1' },
  },
  {
    serial: 40,
    titleCode: 'STR',
    publicationKey: 'strilen',
    displayName: 'Strilen',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#388118', neutral: '#22321b', highlight: '#dfebda' },
  },
  {
    serial: 41,
    titleCode: 'NH',
    publicationKey: 'nordhordland',
    displayName: 'Avisa Nordhordland',
    group: 'Vest',
    language: 'nn',
    brand: { accent: '#3d3fc2', neutral: '#232441', highlight: '#e0e0f5' },
  },
  // Nord
  {
    serial: 42,
    titleCode: 'AN',
    publicationKey: 'an',
    displayName: 'Avisa Nordland',
    group: 'Nord',
    newsAgencyLiveLicence: true,
    analyticsEnabled: false,
    brand: { accent: '#17803a', neutral: '#1b3223', highlight: '#daebdf' },
  },
  {
    serial: 43,
    titleCode: 'IT',
    publicationKey: 'itromso',
    displayName: 'iTromsø',
    group: 'Nord',
    newsAgencyLiveLicence: true,
    brand: { accent: '#c54918', neutral: '#41261b', highlight: '#f6e2da' },
  },
  {
    serial: 44,
    titleCode: 'HT',
    publicationKey: 'ht',
    displayName: 'Harstad Tidende',
    group: 'Nord',
    brand: { accent: '#367f60', neutral: '#22322b', highlight: '#dfebe6' },
  },
  {
    serial: 45,
    titleCode: 'BV',
    publicationKey: 'blv',
    displayName: 'Bladet Vesterålen',
    group: 'Nord',
    brand: { accent: '#66620d', neutral: '#2c2c19', highlight: '#e7e6d8' },
  },
  {
    serial: 46,
    titleCode: 'LP',
    publicationKey: 'lofotposten',
    displayName: 'Lofotposten',
    group: 'Nord',
    brand: { accent: '#404896', neutral: '#242637', highlight: '#e0e2ee' },
  },
  {
    serial: 47,
    titleCode: 'LT',
    publicationKey: 'lofot-tidende',
    displayName: 'Lofot-Tidende',
    group: 'Nord',
    brand: { accent: '#7f3660', neutral: '#32222b', highlight: '#ebdfe6' },
  },
  {
    serial: 48,
    titleCode: 'AND',
    publicationKey: 'andoyposten',
    displayName: 'Andøyposten',
    group: 'Nord',
    brand: { accent: '#1c43e3', neutral: '#1c2548', highlight: '#dbe1fb' },
  },
  {
    serial: 49,
    titleCode: 'FRE',
    publicationKey: 'fremover',
    displayName: 'Fremover',
    group: 'Nord',
    brand: { accent: '#b1574c', neutral: '#3d2927', highlight: '#f3e4e2' },
  },
  {
    serial: 50,
    titleCode: 'HEL',
    publicationKey: 'helg',
    displayName: 'Helgelendingen',
    group: 'Nord',
    brand: { accent: '#ba232f', neutral: '#3f1e20', highlight: '#f4dcde' },
  },
  {
    serial: 51,
    titleCode: 'RAB',
    publicationKey: 'ranablad',
    displayName: 'Rana Blad',
    group: 'Nord',
    brand: { accent: '#811ce3', neutral: '#321c48', highlight: '#ebdbfb' },
  },
  {
    serial: 52,
    titleCode: 'BA',
    publicationKey: 'banett',
    displayName: 'Brønnøysunds Avis',
    group: 'Nord',
    brand: { accent: '#4a1ce3', neutral: '#261c48', highlight: '#e2dbfb' },
  },
  {
    serial: 53,
    titleCode: 'NL',
    publicationKey: 'nordlys',
    displayName: 'Nordlys',
    group: 'Nord',
    brand: { accent: '#6933a1', neutral: '#2d2139', highlight: '#e7def0' },
  },
  {
    serial: 54,
    titleCode: 'FIN',
    publicationKey: 'finnmarken',
    displayName: 'Finnmarken',
    group: 'Nord',
    brand: { accent: '#d51a7d', neutral: '#451c32', highlight: '#f8daea' },
  },
  {
    serial: 55,
    titleCode: 'ALT',
    publicationKey: 'altaposten',
    displayName: 'Altaposten',
    group: 'Nord',
    brand: { accent: '#c518c5', neutral: '#411b41', highlight: '#f6daf6' },
  },
  {
    serial: 56,
    titleCode: 'SVP',
    publicationKey: 'svalbardposten',
    displayName: 'Svalbardposten',
    group: 'Nord',
    brand: { accent: '#9e3dc2', neutral: '#392341', highlight: '#efe0f5' },
  },
];

export const publications: ReadonlyArray<Publication> = Object.freeze(
  rows.map(({ serial, ...row }) => definePublication({ ...row, ...demoFields(serial) })),
);

export const publicationsByCode: ReadonlyMap<string, Publication> = new Map(
  publications.map((p) => [p.titleCode, p]),
);

if (publicationsByCode.size !== publications.length) {
  throw new Error('Duplicate title code in the publication registry');
}

/** Title code to site name. */
export const siteNames: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(publications.map((p) => [p.titleCode, p.displayName])),
);

/** Titles that run as a single-title site. */
export const singleTitleSet: ReadonlySet<string> = new Set(['ADR']);

export function findPublication(titleCode: string): Publication | undefined {
  return typeof titleCode === 'string'
    ? publicationsByCode.get(titleCode.toUpperCase())
    : undefined;
}

/** Looks a title up case-insensitively; throws for an unknown code. */
export function getPublication(titleCode: string): Publication {
  const publication = findPublication(titleCode);
  if (publication === undefined) {
    throw new Error(UNKNOWN_TITLE_CODE_MESSAGE);
  }
  return publication;
}

/** Host of the Min Side site of a title, e.g. 'minside.fvn.no'. */
export function minsideHost(p: Publication): string {
  return `minside.${p.domain}`;
}

/** Host names (lower case, no port) that identify a title. */
function hostsOf(p: Publication): readonly string[] {
  return [
    p.domain,
    `www.${p.domain}`,
    minsideHost(p),
    `${p.titleCode.toLowerCase()}.localhost`,
    `${p.publicationKey}.localhost`,
  ];
}

function buildHostIndex(list: ReadonlyArray<Publication>): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const p of list) {
    for (const host of hostsOf(p)) {
      const existing = index.get(host);
      if (existing !== undefined && existing !== p.titleCode) {
        throw new Error(`Host '${host}' matches both ${existing} and ${p.titleCode}`);
      }
      index.set(host, p.titleCode);
    }
  }
  return index;
}

const titleCodeByHost = buildHostIndex(publications);

function hostOf(origin: string): string | undefined {
  const trimmed = origin.trim();
  if (trimmed === '') {
    return undefined;
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return undefined;
    }
    return url.hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/**
 * Resolves a page origin or URL to a title code. Recognised hosts: the domain, 'www.' or
 * 'minside.' plus the domain, and '{code}.localhost' or '{publicationKey}.localhost' on any port.
 * Anything else, including unparsable input, gives FALLBACK_TITLE_CODE; never throws.
 */
export function titleCodeForOrigin(origin: string): string {
  const host = typeof origin === 'string' ? hostOf(origin) : undefined;
  return (host === undefined ? undefined : titleCodeByHost.get(host)) ?? FALLBACK_TITLE_CODE;
}

/** The API "Title" entity of a publication. */
export function toTitle(p: Publication): Title {
  return {
    titleCode: p.titleCode,
    titleDomain: p.domain,
    pageUrl: `${p.baseUrl}/`,
    name: p.displayName,
    customerCenterPhoneNumber: p.customerCenterPhoneNumber,
    customerCenterEmail: p.customerCenterEmail,
    organizationNumber: p.organizationNumber,
    language: p.language,
    spidCredential: { clientId: p.spidClientId },
    analyticsEnabled: p.analyticsEnabled,
    videoBaseUrl: p.videoBaseUrl,
    group: p.group,
  };
}
