// Page views for analytics (requirements §3 analytics page object, §4 "send a page view", §9): built here
// from what the SPA knows, sent by the navigation saga only when the reader has accepted
// analytics (nothing leaves before), through a transport port (the embedded first-party
// collector; the console as well on debug hosts). The pulse is off for titles whose
// configuration says so (AN and VA, requirements §4).
import type { PageViewEvent } from '../../api/analytics';
import type { Subscription } from '../../api/subscription';
import type { Title } from '../../api/title';

import type { Experiment } from './experiments';
import { classifyReferrer } from './referrer';
import { utmOf } from './utm';

export type { PageViewEvent };

export interface PageViewInput {
  readonly title: Title;
  /** The route path (pattern), e.g. /betal-faktura/:ariaInvoiceNo. */
  readonly path: string;
  /** The location: path, query and hash. */
  readonly location: string;
  readonly referrer: string;
  /** The page's own host (a referrer from it is Self or a redirect page). */
  readonly host: string;
  /** The signed-in reader's identity id; null when signed out. */
  readonly userId: string | null;
  readonly subscription: Pick<
    Subscription,
    'ariaPlanID' | 'ariaScheduleId' | 'paymentMethod'
  > | null;
  readonly experiments: readonly Experiment[];
}

/** Where page views go: the embedded collector, or a provider's SDK in production. */
export interface AnalyticsTransport {
  send(event: PageViewEvent): void | Promise<void>;
}

/** requirements §4: titles AN and VA turn the analytics pulse off (their configuration says so). */
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

/** The analytics value of a payment method (the page object's payment_option). */
const paymentOptions: Readonly<Record<string, string>> = {
  'SWEDBANK-PPG': 'card',
  VIPPS: 'vipps',
  AVTALEGIRO: 'avtalegiro',
  BANKGIRO: 'invoice',
  STREX: 'mobile',
};

/** The page object's custom fields from the query (campaign links) and the subscription. */
function customFields(search: string, subscription: PageViewInput['subscription']) {
  const params = new URLSearchParams(search);
  const custom: Record<string, string> = {};
  const take = (field: string, ...names: string[]) => {
    for (const name of names) {
      const value = params.get(name)?.trim();
      if (value) {
        custom[field] = value.slice(0, 200);
        return;
      }
    }
  };
  if (subscription) {
    custom.aria_plan_id = subscription.ariaPlanID;
    custom.aria_schedule_id = subscription.ariaScheduleId;
    const provider = subscription.paymentMethod?.provider;
    if (provider && paymentOptions[provider]) custom.payment_option = paymentOptions[provider];
  }
  take('campaignID', 'campaignID', 'campaignId');
  take('artRefId', 'artRefId');
  take('position', 'position');
  take('source', 'source');
  take('discount_id', 'discount_id', 'rabattkode');
  return custom;
}

export function pageViewEvent(input: PageViewInput): PageViewEvent {
  const contentId =
    input.path === '/' ? 'home' : input.path.replace(/^\//, '').replace(/[/:]+/g, '-');
  const location = withoutSecrets(input.location);
  const query = location.indexOf('?');
  const search = query === -1 ? '' : location.slice(query).split('#')[0]!;
  const referrer = withoutSecrets(input.referrer).slice(0, 2000);
  return {
    type: 'View',
    actor: input.userId ? { id: `sdrn:spid.no:user:${input.userId}` } : null,
    provider: { id: input.title.titleCode.toLowerCase() },
    object: {
      id: `minside:${input.title.titleCode.toLowerCase()}:page:${contentId}`,
      type: 'Page',
      contentId,
      custom: customFields(search, input.subscription),
    },
    origin: {
      url: location.slice(0, 2000),
      referrer,
      referrerType: classifyReferrer(
        input.referrer,
        { titleDomain: input.title.titleDomain, videoBaseUrl: input.title.videoBaseUrl },
        input.host,
      ),
      ...utmOf(search),
    },
    experiments: [...input.experiments],
  };
}
