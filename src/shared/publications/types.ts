// Types for the publication registry: one configuration per news title served by Min Side.

export type PublicationLanguage = 'nb' | 'nn';

export interface BrandColors {
  /** Main brand colour; contrast against #ffffff is at least 4.5:1. */
  readonly accent: string;
  /** Dark neutral used for text and chrome; contrast against #ffffff is at least 7:1. */
  readonly neutral: string;
  /** Decorative highlight colour; no contrast requirement. */
  readonly highlight: string;
}

export interface Publication {
  /** Upper-case title code, e.g. 'FVN'. */
  readonly titleCode: string;
  readonly newsroom: string;
  /** Lower-case key, e.g. 'fvn'; the default domain is `{publicationKey}.no`. */
  readonly publicationKey: string;
  /** Site name shown to users, e.g. 'Fædrelandsvennen'. */
  readonly displayName: string;
  /** Regional group, e.g. 'Sør', 'Midt', 'Nord', 'Vest' or 'Polaris'. */
  readonly group: string;
  readonly analyticsProviderId: string;
  readonly consentPropertyId: number;
  readonly privacyManagerId: number;
  readonly language: PublicationLanguage;
  readonly streamNewsroom: string;
  /** Bare domain without 'www.', e.g. 'fvn.no'. */
  readonly domain: string;
  /** Front page URL without trailing slash, e.g. 'https://www.fvn.no'. */
  readonly baseUrl: string;
  readonly videoSubdomain: string;
  /** e.g. 'https://tv.fvn.no'. */
  readonly videoBaseUrl: string;
  readonly newsAgencyLiveLicence: boolean;
  readonly tabloidLiveLicence: boolean;
  readonly hideEditorResponsibilityMark: boolean;
  /** False turns the analytics pulse off for the title. */
  readonly analyticsEnabled: boolean;
  /** Norwegian format, e.g. '+47 400 00 001'. */
  readonly customerCenterPhoneNumber: string;
  readonly customerCenterEmail: string;
  /** Nine digits. */
  readonly organizationNumber: string;
  /** OpenID client id at the identity provider, e.g. 'minside-fvn'. */
  readonly spidClientId: string;
  readonly brand: BrandColors;
}

/** What a registry entry writes by hand; the optional fields get defaults. */
export interface PublicationInput {
  readonly titleCode: string;
  readonly publicationKey: string;
  readonly displayName: string;
  readonly group: string;
  readonly consentPropertyId: number;
  readonly privacyManagerId: number;
  readonly customerCenterPhoneNumber: string;
  readonly organizationNumber: string;
  readonly brand: BrandColors;
  /** Default: publicationKey. */
  readonly newsroom?: string;
  /** Default: newsroom. */
  readonly streamNewsroom?: string;
  /** Default: a demo id built from the newsroom. */
  readonly analyticsProviderId?: string;
  /** Default: 'nb'. */
  readonly language?: PublicationLanguage;
  /** Default: `{publicationKey}.no`. */
  readonly domain?: string;
  /** Default: `https://www.{domain}`. */
  readonly baseUrl?: string;
  /** Default: 'tv'. */
  readonly videoSubdomain?: string;
  /** Default: false. */
  readonly newsAgencyLiveLicence?: boolean;
  /** Default: false. */
  readonly tabloidLiveLicence?: boolean;
  /** Default: false. */
  readonly hideEditorResponsibilityMark?: boolean;
  /** Default: true. */
  readonly analyticsEnabled?: boolean;
  /** Default: `kundesenter@{domain}`. */
  readonly customerCenterEmail?: string;
  /** Default: `minside-{publicationKey}`. */
  readonly spidClientId?: string;
}

/** The API "Title" entity built from a publication. */
export interface Title {
  readonly titleCode: string;
  readonly titleDomain: string;
  /** baseUrl plus a trailing slash. */
  readonly pageUrl: string;
  readonly name: string;
  readonly customerCenterPhoneNumber: string;
  readonly customerCenterEmail: string;
  readonly organizationNumber: string;
  readonly language: PublicationLanguage;
  readonly spidCredential: { readonly clientId: string };
  readonly analyticsEnabled: boolean;
  readonly videoBaseUrl: string;
  readonly group: string;
}
