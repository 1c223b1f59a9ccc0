// Page views for the analytics tracker (spec §3 analytics page object, §4 "send a page view").
// The pulse is off for titles whose configuration says so (AN and VA, spec §4); the events go to
// a queue the tracker SDK reads when it loads.
import type { Title } from '../../api/title';

export interface PageViewInput {
  readonly title: Title;
  /** The route path (pattern), e.g. /betal-faktura/:ariaInvoiceNo. */
  readonly path: string;
  /** The location: path, query and hash. */
  readonly location: string;
}

export interface PageViewEvent {
  readonly type: 'View';
  readonly provider: { readonly id: string };
  readonly object: { readonly id: string; readonly type: 'Page'; readonly contentId: string };
  readonly origin: { readonly url: string; readonly referrer: string };
}

declare global {
  interface Window {
    /** Events waiting for the analytics SDK (it drains this queue when it loads). */
    minsidePulseQueue?: PageViewEvent[];
  }
}

/** Spec §4: titles AN and VA turn the analytics pulse off (their configuration says so). */
export const isPulseEnabled = (title: Pick<Title, 'analyticsEnabled'>) => title.analyticsEnabled;

/**
 * Query parameters that carry a secret (an invitation link's single-use token: family sharing's
 * `token`, a business invitation's `invitasjon`): their values never leave for the tracker.
 */
const SECRET_PARAMETERS = ['token', 'invitasjon'];

/** The location with the values of secret query parameters replaced. */
export function withoutSecrets(location: string): string {
  const query = location.indexOf('?');
  if (query === -1) return location;
  const hash = location.indexOf('#', query);
  const end = hash === -1 ? location.length : hash;
  const params = new URLSearchParams(location.slice(query + 1, end));
  let changed = false;
  for (const name of SECRET_PARAMETERS)
    if (params.has(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  if (!changed) return location;
  return `${location.slice(0, query)}?${params.toString()}${location.slice(end)}`;
}

export function pageViewEvent(input: PageViewInput, referrer: string): PageViewEvent {
  const contentId =
    input.path === '/' ? 'home' : input.path.replace(/^\//, '').replace(/[/:]+/g, '-');
  return {
    type: 'View',
    provider: { id: input.title.titleCode.toLowerCase() },
    object: {
      id: `minside:${input.title.titleCode.toLowerCase()}:page:${contentId}`,
      type: 'Page',
      contentId,
    },
    origin: { url: withoutSecrets(input.location), referrer },
  };
}

export function trackPageView(input: PageViewInput): void {
  if (!isPulseEnabled(input.title)) return;
  const queue = (window.minsidePulseQueue ??= []);
  queue.push(pageViewEvent(input, document.referrer));
}
