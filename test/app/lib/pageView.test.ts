// Page views (requirements §3, §4, §9): the referrer classified, UTM parameters mapped, the
// analytics page object's custom fields, experiments only with the analytics consent flag 1 and
// removed on every page view, debug hosts, and never an invitation link's token.
import { describe, expect, it } from '@jest/globals';

import { isDebugHost } from '../../../src/app/lib/analytics/debug';
import { EXPERIMENTS_KEY, takeExperiments } from '../../../src/app/lib/analytics/experiments';
import {
  pageViewEvent,
  type PageViewInput,
  withoutSecrets,
} from '../../../src/app/lib/analytics/pageView';
import { classifyReferrer } from '../../../src/app/lib/analytics/referrer';
import { utmOf } from '../../../src/app/lib/analytics/utm';
import { fvn, subscriptionWith } from '../fixtures';

const site = { titleDomain: 'fvn.no', videoBaseUrl: 'https://tv.fvn.no' };
const HOST = 'minside.fvn.no';

describe('the referrer', () => {
  it.each([
    ['', 'Unknown'],
    ['not a url', 'Unknown'],
    ['android-app://com.google.android.gm/', 'Unknown'],
    ['https://www.google.com/search?q=fvn', 'External'],
    ['https://www.fvn.no/', 'Frontpage'],
    ['https://fvn.no', 'Frontpage'],
    ['https://www.fvn.no/i/Oo3xWj/slik-blir-sommeren', 'Article'],
    ['https://www.fvn.no/video/123456/', 'Video'],
    ['https://tv.fvn.no/serie/x', 'Video'],
    ['https://www.fvn.no/sport', 'Listing'],
    ['https://minside.fvn.no/fakturaoversikt', 'Self'],
    ['https://minside.fvn.no/callback?code=x', 'Redirect'],
    ['https://minside.fvn.no/t/fakturaoversikt', 'Redirect'],
    ['https://minside.fvn.no/idp/auth', 'Redirect'],
    ['https://www.fvn.no.evil.example/i/1/', 'External'],
  ])('%s is %s', (referrer, type) => {
    expect(classifyReferrer(referrer, site, HOST)).toBe(type);
  });
});

describe('UTM parameters', () => {
  it('map to source, medium, campaign, terms and content (only those present)', () => {
    expect(
      utmOf(
        '?utm_source=nyhetsbrev&utm_medium=epost&utm_campaign=host26&utm_term=ung&utm_content=knapp&x=1',
      ),
    ).toEqual({
      source: 'nyhetsbrev',
      medium: 'epost',
      campaign: 'host26',
      terms: 'ung',
      content: 'knapp',
    });
    expect(utmOf('?utm_source=sms&utm_medium=')).toEqual({ source: 'sms' });
    expect(utmOf('')).toEqual({});
  });
});

describe('experiments', () => {
  const stored = [
    { id: 'e1', name: 'Knappfarge', variant: 'B', platform: 'web' },
    { id: 'e2', name: 'mangler plattform', variant: 'A' },
  ];

  it('go along only with the analytics consent flag 1, and are removed either way', () => {
    window.localStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(stored));
    expect(takeExperiments(window.localStorage, 1)).toEqual([stored[0]]);
    expect(window.localStorage.getItem(EXPERIMENTS_KEY)).toBeNull();
    window.localStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(stored));
    expect(takeExperiments(window.localStorage, 0)).toEqual([]);
    expect(window.localStorage.getItem(EXPERIMENTS_KEY)).toBeNull();
    window.localStorage.setItem(EXPERIMENTS_KEY, '{not json');
    expect(takeExperiments(window.localStorage, 1)).toEqual([]);
  });
});

describe('debug mode', () => {
  it.each([
    ['localhost', true],
    ['fvn.localhost', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['dev.minside.fvn.no', true],
    ['dev-minside.fvn.no', true],
    ['minside.test.fvn.no', true],
    ['test.minside.fvn.no', true],
    ['minside.fvn.no', false],
    ['devon.no', false],
    ['contest.no', false],
  ])('%s: %s', (host, debug) => {
    expect(isDebugHost(host)).toBe(debug);
  });
});

describe('the page view', () => {
  const input = (overrides: Partial<PageViewInput> = {}): PageViewInput => ({
    title: fvn,
    path: '/',
    location: '/',
    referrer: '',
    host: HOST,
    userId: null,
    subscription: null,
    experiments: [],
    ...overrides,
  });

  it('carries actor, origin, provider and the page object with its custom fields', () => {
    const event = pageViewEvent(
      input({
        path: '/betal-faktura/:ariaInvoiceNo',
        location:
          '/betal-faktura/800001?campaignID=CAMP-2020-03-003&artRefId=Oo3xWj&position=paywall&source=sms&rabattkode=HOST26&utm_source=nyhetsbrev',
        referrer: 'https://www.fvn.no/i/Oo3xWj/sak',
        userId: '1000002',
        subscription: subscriptionWith({
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          ariaScheduleId: 'MND',
          paymentMethod: {
            provider: 'VIPPS',
            label: 'Vipps',
            maskedCardNumber: null,
            cardExpiry: null,
          },
        }),
        experiments: [{ id: 'e1', name: 'Knappfarge', variant: 'B', platform: 'web' }],
      }),
    );
    expect(event).toEqual({
      type: 'View',
      actor: { id: 'sdrn:spid.no:user:1000002' },
      provider: { id: 'fvn' },
      object: {
        id: 'minside:fvn:page:betal-faktura-ariaInvoiceNo',
        type: 'Page',
        contentId: 'betal-faktura-ariaInvoiceNo',
        custom: {
          aria_plan_id: 'C-DIGITAL-PREMIUM',
          aria_schedule_id: 'MND',
          payment_option: 'vipps',
          campaignID: 'CAMP-2020-03-003',
          artRefId: 'Oo3xWj',
          position: 'paywall',
          source: 'sms',
          discount_id: 'HOST26',
        },
      },
      origin: {
        url: '/betal-faktura/800001?campaignID=CAMP-2020-03-003&artRefId=Oo3xWj&position=paywall&source=sms&rabattkode=HOST26&utm_source=nyhetsbrev',
        referrer: 'https://www.fvn.no/i/Oo3xWj/sak',
        referrerType: 'Article',
        source: 'nyhetsbrev',
      },
      experiments: [{ id: 'e1', name: 'Knappfarge', variant: 'B', platform: 'web' }],
    });
  });

  it('has no actor when signed out, and never an invitation link’s token', () => {
    const event = pageViewEvent(
      input({
        path: '/verifiser-familiemedlem',
        location: '/verifiser-familiemedlem?token=fi_abc123',
        referrer: 'https://minside.fvn.no/verifiser-familiemedlem?token=fi_abc123',
      }),
    );
    expect(event.actor).toBeNull();
    expect(event.origin.url).toBe('/verifiser-familiemedlem?token=redacted');
    expect(JSON.stringify(event)).not.toContain('fi_abc123');
  });

  it('leaves the values of secret query parameters out of a location', () => {
    expect(withoutSecrets('/bedrift?invitasjon=bi_x&source=sms#top')).toBe(
      '/bedrift?invitasjon=redacted&source=sms#top',
    );
    expect(withoutSecrets('/kundeservice')).toBe('/kundeservice');
  });
});
