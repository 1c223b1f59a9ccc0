// Tests for the publication registry: data shape, defaults and look-ups.

import { contrastRatio } from '../../../src/shared/color/contrast';
import { mod11CheckDigit } from '../../../src/shared/payment/kid';
import {
  FALLBACK_TITLE_CODE,
  definePublication,
  findPublication,
  getPublication,
  minsideHost,
  publications,
  publicationsByCode,
  singleTitleSet,
  siteNames,
  titleCodeForOrigin,
  toTitle,
} from '../../../src/shared/publications/registry';
import type { PublicationInput } from '../../../src/shared/publications/types';

const WHITE = '#ffffff';
const HEX_COLOR = /^#[0-9a-f]{6}$/;

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

const minimalInput: PublicationInput = {
  titleCode: 'TST',
  publicationKey: 'testavisa',
  displayName: 'Testavisa',
  group: 'Sør',
  consentPropertyId: 1,
  privacyManagerId: 2,
  customerCenterPhoneNumber: '+47 400 00 099',
  organizationNumber: '999000099',
  brand: { accent: '#0b5394', neutral: '#1b1b1b', highlight: '#ffe599' },
};

describe('publication registry data', () => {
  it('holds at least 50 titles', () => {
    expect(publications.length).toBeGreaterThanOrEqual(50);
  });

  it('includes the required titles', () => {
    for (const code of ['POL', 'FVN', 'ADR', 'AN', 'VA']) {
      expect(publicationsByCode.has(code)).toBe(true);
    }
    expect(publicationsByCode.get('POL')?.domain).toBe('polarismedia.no');
    expect(publicationsByCode.get('FVN')?.domain).toBe('fvn.no');
    expect(publicationsByCode.get('ADR')?.domain).toBe('adressa.no');
    expect(publicationsByCode.get('AN')?.domain).toBe('an.no');
    expect(publicationsByCode.get('VA')?.domain).toBe('varden.no');
  });

  it('has unique upper-case title codes of 2 to 4 letters', () => {
    const codes = publications.map((p) => p.titleCode);
    expect(unique(codes)).toBe(true);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{2,4}$/);
    }
  });

  it('has unique domains, publication keys, phone numbers, organisation numbers and accents', () => {
    expect(unique(publications.map((p) => p.domain))).toBe(true);
    expect(unique(publications.map((p) => p.publicationKey))).toBe(true);
    expect(unique(publications.map((p) => p.customerCenterPhoneNumber))).toBe(true);
    expect(unique(publications.map((p) => p.organizationNumber))).toBe(true);
    expect(unique(publications.map((p) => p.brand.accent))).toBe(true);
    expect(unique(publications.map((p) => p.spidClientId))).toBe(true);
  });

  it('indexes every publication by its code', () => {
    expect(publicationsByCode.size).toBe(publications.length);
    for (const p of publications) {
      expect(publicationsByCode.get(p.titleCode)).toBe(p);
    }
  });

  it('has at least 5 nynorsk titles', () => {
    expect(publications.filter((p) => p.language === 'nn').length).toBeGreaterThanOrEqual(5);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(publications)).toBe(true);
    for (const p of publications) {
      expect(Object.isFrozen(p)).toBe(true);
      expect(Object.isFrozen(p.brand)).toBe(true);
    }
  });

  describe.each(publications.map((p) => [p.titleCode, p] as const))('%s', (_code, p) => {
    it('has well-formed names and keys', () => {
      expect(p.displayName.trim()).not.toBe('');
      expect(p.group).toMatch(/^(Sør|Midt|Nord|Vest|Polaris)$/);
      expect(p.publicationKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.newsroom).not.toBe('');
      expect(p.streamNewsroom).not.toBe('');
      expect(p.language).toMatch(/^(nb|nn)$/);
    });

    it('has a .no domain and URLs that parse', () => {
      expect(p.domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.no$/);
      const base = new URL(p.baseUrl);
      expect(base.protocol).toBe('https:');
      expect(base.hostname).toBe(`www.${p.domain}`);
      expect(p.baseUrl.endsWith('/')).toBe(false);
      expect(p.videoSubdomain).toMatch(/^[a-z0-9-]+$/);
      expect(p.videoBaseUrl).toBe(`https://${p.videoSubdomain}.${p.domain}`);
      expect(new URL(p.videoBaseUrl).hostname).toBe(`${p.videoSubdomain}.${p.domain}`);
    });

    it('has demo contact data and ids', () => {
      expect(p.customerCenterPhoneNumber).toMatch(/^\+47 400 00 0\d{2}$/);
      expect(p.customerCenterEmail).toBe(`kundesenter@${p.domain}`);
      expect(p.organizationNumber).toMatch(/^\d{9}$/);
      expect(p.organizationNumber).toMatch(/^9990\d{5}$/);
      // A valid organisation number (invoices and receipts print it): MOD11 check digit.
      expect(mod11CheckDigit(p.organizationNumber.slice(0, 8))).toBe(p.organizationNumber[8]);
      expect(p.spidClientId).toBe(`minside-${p.publicationKey}`);
      expect(p.analyticsProviderId).toContain('demo');
      expect(Number.isInteger(p.consentPropertyId)).toBe(true);
      expect(p.consentPropertyId).toBeGreaterThan(0);
      expect(Number.isInteger(p.privacyManagerId)).toBe(true);
      expect(p.privacyManagerId).toBeGreaterThan(0);
    });

    it('has boolean flags', () => {
      expect(typeof p.newsAgencyLiveLicence).toBe('boolean');
      expect(typeof p.tabloidLiveLicence).toBe('boolean');
      expect(typeof p.hideEditorResponsibilityMark).toBe('boolean');
      expect(typeof p.analyticsEnabled).toBe('boolean');
    });

    it('has accessible brand colours', () => {
      expect(p.brand.accent).toMatch(HEX_COLOR);
      expect(p.brand.neutral).toMatch(HEX_COLOR);
      expect(p.brand.highlight).toMatch(HEX_COLOR);
      expect(contrastRatio(p.brand.accent, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.brand.neutral, WHITE)).toBeGreaterThanOrEqual(7);
    });
  });
});

describe('analytics', () => {
  it('is off for AN and VA and on for every other title', () => {
    for (const p of publications) {
      expect(p.analyticsEnabled).toBe(p.titleCode !== 'AN' && p.titleCode !== 'VA');
    }
  });
});

describe('definePublication', () => {
  it('applies the defaults', () => {
    const p = definePublication(minimalInput);
    expect(p).toEqual({
      titleCode: 'TST',
      newsroom: 'testavisa',
      publicationKey: 'testavisa',
      displayName: 'Testavisa',
      group: 'Sør',
      analyticsProviderId: 'sdrn:minside-demo:client:testavisa',
      consentPropertyId: 1,
      privacyManagerId: 2,
      language: 'nb',
      streamNewsroom: 'testavisa',
      domain: 'testavisa.no',
      baseUrl: 'https://www.testavisa.no',
      videoSubdomain: 'tv',
      videoBaseUrl: 'https://tv.testavisa.no',
      newsAgencyLiveLicence: false,
      tabloidLiveLicence: false,
      hideEditorResponsibilityMark: false,
      analyticsEnabled: true,
      customerCenterPhoneNumber: '+47 400 00 099',
      customerCenterEmail: 'kundesenter@testavisa.no',
      organizationNumber: '999000099',
      spidClientId: 'minside-testavisa',
      brand: { accent: '#0b5394', neutral: '#1b1b1b', highlight: '#ffe599' },
    });
  });

  it('derives URLs and e-mail from a given domain and video sub-domain', () => {
    const p = definePublication({
      ...minimalInput,
      domain: 'test-avis.no',
      videoSubdomain: 'video',
      newsroom: 'test',
      language: 'nn',
    });
    expect(p.baseUrl).toBe('https://www.test-avis.no');
    expect(p.videoBaseUrl).toBe('https://video.test-avis.no');
    expect(p.customerCenterEmail).toBe('kundesenter@test-avis.no');
    expect(p.streamNewsroom).toBe('test');
    expect(p.language).toBe('nn');
  });

  it('rejects a malformed title code or publication key', () => {
    expect(() => definePublication({ ...minimalInput, titleCode: 'tst' })).toThrow(
      'Invalid title code',
    );
    expect(() => definePublication({ ...minimalInput, titleCode: 'TOOLONG' })).toThrow(
      'Invalid title code',
    );
    expect(() => definePublication({ ...minimalInput, publicationKey: 'Test Avis' })).toThrow(
      'Invalid publication key',
    );
  });

  it('is applied to registry entries', () => {
    const fvn = getPublication('FVN');
    expect(fvn.language).toBe('nb');
    expect(fvn.baseUrl).toBe('https://www.fvn.no');
    expect(fvn.videoSubdomain).toBe('tv');
    expect(fvn.videoBaseUrl).toBe('https://tv.fvn.no');
    expect(getPublication('FIR').language).toBe('nn');
  });
});

describe('siteNames', () => {
  it('maps every title code to its site name', () => {
    expect(Object.keys(siteNames).sort()).toEqual(publications.map((p) => p.titleCode).sort());
    expect(siteNames.FVN).toBe('Fædrelandsvennen');
    expect(siteNames.ADR).toBe('Adresseavisen');
    expect(siteNames.POL).toBe('Polaris Media');
  });
});

describe('singleTitleSet', () => {
  it('holds exactly ADR', () => {
    expect([...singleTitleSet]).toEqual(['ADR']);
  });
});

describe('getPublication and findPublication', () => {
  it('look codes up case-insensitively', () => {
    expect(getPublication('fvn')).toBe(publicationsByCode.get('FVN'));
    expect(getPublication('Fvn').displayName).toBe('Fædrelandsvennen');
    expect(findPublication('adr')?.domain).toBe('adressa.no');
  });

  it('throw or return undefined for an unknown code', () => {
    expect(() => getPublication('XYZ')).toThrow(
      new Error('No publication config found for titleCode'),
    );
    expect(() => getPublication('')).toThrow(/^No publication config found for titleCode$/);
    expect(findPublication('XYZ')).toBeUndefined();
  });

  it('know the fallback title', () => {
    expect(FALLBACK_TITLE_CODE).toBe('POL');
    expect(getPublication(FALLBACK_TITLE_CODE).domain).toBe('polarismedia.no');
  });
});

describe('titleCodeForOrigin', () => {
  it.each([
    ['https://minside.fvn.no/', 'FVN'],
    ['https://minside.fvn.no', 'FVN'],
    ['https://www.fvn.no', 'FVN'],
    ['https://fvn.no/some/path?x=1', 'FVN'],
    ['http://fvn.localhost:8080/', 'FVN'],
    ['http://FVN.localhost', 'FVN'],
    ['HTTPS://MINSIDE.FVN.NO/', 'FVN'],
    ['minside.fvn.no', 'FVN'],
    ['https://minside.adressa.no/', 'ADR'],
    ['http://adr.localhost:3000', 'ADR'],
    ['http://adressa.localhost:3000/', 'ADR'],
    ['https://www.m-n.no', 'MN'],
    ['http://mn.localhost', 'MN'],
    ['http://m-n.localhost', 'MN'],
    ['https://minside.polarismedia.no/', 'POL'],
  ])('resolves %s to %s', (origin, code) => {
    expect(titleCodeForOrigin(origin)).toBe(code);
  });

  it.each([
    ['an unknown host', 'https://minside.example.com/'],
    ['a foreign sub-domain', 'https://evil.fvn.no/'],
    ['a look-alike domain', 'https://fvn.no.example.com/'],
    ['plain localhost', 'http://localhost:8080/'],
    ['an IP address', 'http://127.0.0.1:8080/'],
    ['garbage', 'not a url at all %%%'],
    ['an empty string', ''],
    ['a non-http scheme', 'ftp://fvn.no/'],
  ])('falls back to POL for %s', (_label, origin) => {
    expect(titleCodeForOrigin(origin)).toBe('POL');
  });

  it('never throws, even for a non-string at run time', () => {
    expect(titleCodeForOrigin(undefined as unknown as string)).toBe('POL');
  });

  it('resolves every title from all of its hosts', () => {
    for (const p of publications) {
      const code = p.titleCode;
      expect(titleCodeForOrigin(`https://${minsideHost(p)}/`)).toBe(code);
      expect(titleCodeForOrigin(p.baseUrl)).toBe(code);
      expect(titleCodeForOrigin(`https://${p.domain}`)).toBe(code);
      expect(titleCodeForOrigin(`http://${code.toLowerCase()}.localhost:8080/`)).toBe(code);
      expect(titleCodeForOrigin(`http://${p.publicationKey}.localhost:8080/`)).toBe(code);
    }
  });
});

describe('minsideHost', () => {
  it('prefixes the domain with minside.', () => {
    expect(minsideHost(getPublication('FVN'))).toBe('minside.fvn.no');
  });
});

describe('toTitle', () => {
  it('builds the API Title entity', () => {
    expect(toTitle(getPublication('FVN'))).toEqual({
      titleCode: 'FVN',
      titleDomain: 'fvn.no',
      pageUrl: 'https://www.fvn.no/',
      name: 'Fædrelandsvennen',
      customerCenterPhoneNumber: '+47 400 00 002',
      customerCenterEmail: 'kundesenter@fvn.no',
      organizationNumber: '999002005',
      language: 'nb',
      spidCredential: { clientId: 'minside-fvn' },
      analyticsEnabled: true,
      videoBaseUrl: 'https://tv.fvn.no',
      group: 'Sør',
    });
  });
});
