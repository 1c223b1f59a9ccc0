// The legal and privacy pages (requirements §2 "fixed content by key", and the accessibility statement):
// the route of each and the key of its text in locales/{nb,nn}/legal/<key>.md.
export const legalPages: Readonly<Record<string, string>> = {
  '/vilkaar': 'terms',
  '/vilkaar/bedrift': 'terms-business',
  '/vilkaar-mer': 'terms-more',
  '/personvern': 'privacy',
  '/personverndetaljer': 'privacy-details',
  '/data': 'data',
  '/cookie-policy': 'cookie-policy',
  '/tilgjengelighet': 'accessibility',
};

/** A page's text in a language (its own chunk: only the page read is loaded). */
export const loadLegalText = (language: 'nb' | 'nn', key: string): Promise<string> =>
  import(
    /* webpackChunkName: "legal-[request]" */ `../../../../locales/${language}/legal/${key}.md`
  ).then((module: { default: string }) => module.default);

/** Pages this long get a table of contents. */
export const TOC_MIN_SECTIONS = 4;
