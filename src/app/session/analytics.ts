// Sending page views (requirements §4: after navigation, not /callback): only for a title with the pulse
// on and only when the reader has accepted analytics (the consent flag is 1; nothing leaves
// before). The experiments stored in the browser go along then, and the stored list is removed
// on every page view. The transport: the analytics SDK where the server names one (production),
// else the embedded first-party collector; on debug hosts the event is written to the console as
// well.
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';

import { analyticsEndpoints, type PageViewEvent } from '../api/analytics';
import type { Title } from '../api/title';
import { isDebugHost } from '../lib/analytics/debug';
import { takeExperiments } from '../lib/analytics/experiments';
import { type AnalyticsTransport, isPulseEnabled, pageViewEvent } from '../lib/analytics/pageView';
import { sdkTransport } from '../lib/analytics/sdk';
import { storedConsent } from '../lib/consent/consent';
import { readIntegrations } from '../lib/integrations';

import { selectSubscription } from './subscriptionSlice';
import { selectUser } from './userSlice';

/** The analytics consent flag: 1 when the reader has accepted analytics in this browser. */
export const analyticsConsentFlag = (): 0 | 1 =>
  storedConsent().accepted.includes('analytics') ? 1 : 0;

const consoleTransport: AnalyticsTransport = {
  send: (event) => console.info('[analytics] page view', event),
};

let sdk: AnalyticsTransport | null | undefined;

/** The SDK's transport when the page names one (made once per page), else null. */
function productionTransport(): AnalyticsTransport | null {
  if (sdk === undefined) {
    const { analytics } = readIntegrations();
    sdk = analytics ? sdkTransport(analytics.sdkUrl) : null;
  }
  return sdk;
}

export function* sendPageView(title: Title, path: string, location: string): SagaIterator {
  if (!isPulseEnabled(title)) return;
  const flag = analyticsConsentFlag();
  const experiments = takeExperiments(window.localStorage, flag);
  if (flag !== 1) return;
  const user: ReturnType<typeof selectUser> = yield select(selectUser);
  const { subscription }: ReturnType<typeof selectSubscription> = yield select(selectSubscription);
  const event: PageViewEvent = pageViewEvent({
    title,
    path,
    location,
    referrer: document.referrer,
    host: window.location.hostname,
    userId: user.loggedIn && user.schibstedId ? user.schibstedId : null,
    subscription,
    experiments,
  });
  if (isDebugHost(window.location.hostname))
    yield call([consoleTransport, consoleTransport.send], event);
  // In production the analytics SDK the server names, loaded now (with consent) at the first.
  const sdk = productionTransport();
  if (sdk) {
    yield call([sdk, sdk.send], event);
    return;
  }
  // The collector: fire and forget (a page view lost is no reader's trouble).
  yield put(
    analyticsEndpoints.endpoints.collectPageView.initiate({ pageViewEvent: event }) as never,
  );
}
