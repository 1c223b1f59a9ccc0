// Where a page view came from (requirements §4): the referrer classified as Unknown (none, or not a URL),
// Self (another Min Side page of the same title), Redirect (a page that only passes the reader
// on: the login callback, an SMS link, the identity provider, the payment provider), Frontpage,
// Article (/i/{id}/), Video (/video/{n}/ or the title's video site) or Listing (any other page
// of the title's own site), or External (any other site).

export type ReferrerType =
  'Unknown' | 'External' | 'Article' | 'Video' | 'Self' | 'Frontpage' | 'Listing' | 'Redirect';

export interface ReferrerSite {
  /** The title's domain, e.g. fvn.no. */
  readonly titleDomain: string;
  /** The title's video site, e.g. https://tv.fvn.no (null when it has none). */
  readonly videoBaseUrl: string | null;
}

const ARTICLE = /^\/i\/[^/]+(\/|$)/;
const VIDEO = /^\/video\/\d+(\/|$)/;
/** Min Side paths that only pass the reader on (requirements §2 /callback, /t/…; the providers' pages). */
const REDIRECT_PATHS = [/^\/callback(\/|$)/, /^\/t\//, /^\/idp(\/|$)/, /^\/betaling-sandbox(\/|$)/];

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

export function classifyReferrer(
  referrer: string,
  site: ReferrerSite,
  currentHost: string,
): ReferrerType {
  if (!referrer) return 'Unknown';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return 'Unknown';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Unknown';
  const host = url.hostname.toLowerCase();
  if (host === currentHost.toLowerCase())
    return REDIRECT_PATHS.some((p) => p.test(url.pathname)) ? 'Redirect' : 'Self';
  const videoHost = site.videoBaseUrl ? bare(new URL(site.videoBaseUrl).hostname) : null;
  if (videoHost && bare(host) === videoHost) return 'Video';
  const domain = bare(site.titleDomain);
  if (bare(host) === domain) {
    if (url.pathname === '/' || url.pathname === '') return 'Frontpage';
    if (ARTICLE.test(url.pathname)) return 'Article';
    if (VIDEO.test(url.pathname)) return 'Video';
    return 'Listing';
  }
  return 'External';
}
