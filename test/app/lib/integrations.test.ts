// The production adapters behind the consent and analytics ports, in jsdom with
// stand-ins for the vendor scripts' globals (`__tcfapi`, `_sp_`, `pulse`): which adapters the page
// names, the TCF purposes read as our four categories and kept, the script added only in
// production hosts (not localhost or IP), a script that fails only logged (requirements §8), the privacy
// manager opened with the title's id, and the analytics SDK added at the first page view only.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

import { sdkTransport, type SdkWindow } from '../../../src/app/lib/analytics/sdk';
import {
  categoriesFromTcData,
  type CmpWindow,
  openPrivacyManager,
  startConsentManager,
  type TcData,
} from '../../../src/app/lib/consent/cmp';
import { storedConsent } from '../../../src/app/lib/consent/consent';
import { EMBEDDED, readIntegrations } from '../../../src/app/lib/integrations';

const cmp = {
  scriptUrl: 'https://cmp.example-consent.com/wrapper.js',
  accountId: 1234,
  propertyId: 31008,
  privacyManagerId: 820008,
};

const consents = (ids: number[]) => Object.fromEntries(ids.map((id) => [id, true]));

beforeEach(() => {
  window.localStorage.clear();
  document.head.querySelectorAll('script[src]').forEach((s) => s.remove());
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('the adapters the page names', () => {
  const withJson = (text: string | null) => ({
    getElementById: () => (text === null ? null : ({ textContent: text } as HTMLElement)),
  });

  it('reads the consent manager and the SDK; anything else is the embedded defaults', () => {
    expect(
      readIntegrations(
        withJson(JSON.stringify({ cmp, analytics: { sdkUrl: 'https://s.example/x.js' } })),
      ),
    ).toEqual({
      cmp,
      analytics: { sdkUrl: 'https://s.example/x.js' },
      privacyPortal: null,
    });
    expect(readIntegrations(withJson(null))).toEqual(EMBEDDED);
    expect(readIntegrations(withJson('{not json'))).toEqual(EMBEDDED);
    expect(
      readIntegrations(
        withJson(
          JSON.stringify({
            cmp: { ...cmp, scriptUrl: 'http://x/y.js' },
            analytics: { sdkUrl: 'javascript:1' },
          }),
        ),
      ),
    ).toEqual(EMBEDDED);
  });
});

describe('the consent manager (IAB TCF v2)', () => {
  it('reads the purposes as the four categories', () => {
    const all: TcData = {
      eventStatus: 'useractioncomplete',
      purpose: { consents: consents([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) },
      publisher: { customPurpose: { consents: { 1: true } } },
    };
    expect(categoriesFromTcData(all).sort()).toEqual(
      ['advertising', 'analytics', 'marketing', 'personalization'].sort(),
    );
    expect(categoriesFromTcData({ purpose: { consents: consents([1, 8, 9, 10]) } })).toEqual([
      'analytics',
    ]);
    // A category needs every one of its purposes; nothing without storage (purpose 1).
    expect(categoriesFromTcData({ purpose: { consents: consents([1, 8, 9]) } })).toEqual([]);
    expect(categoriesFromTcData({ purpose: { consents: consents([8, 9, 10]) } })).toEqual([]);
    expect(
      categoriesFromTcData({ gdprApplies: false, purpose: { consents: consents([1, 8, 9, 10]) } }),
    ).toEqual([]);
  });

  it('is loaded with the account and the title’s property, and its answers are kept', () => {
    const win = { location: { hostname: 'minside.fvn.no' } } as CmpWindow &
      Pick<Window, 'location'>;
    expect(startConsentManager(cmp, win)).toBe(true);
    expect(win._sp_?.config).toEqual({
      accountId: 1234,
      propertyId: 31008,
      baseEndpoint: 'https://cmp.example-consent.com',
      gdpr: {},
    });
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${cmp.scriptUrl}"]`);
    expect(script).not.toBeNull();
    let listener: ((tcData: TcData, success: boolean) => void) | undefined;
    win.__tcfapi = (command, version, callback) => {
      expect([command, version]).toEqual(['addEventListener', 2]);
      listener = callback;
    };
    script!.dispatchEvent(new Event('load'));
    listener!({ eventStatus: 'cmpuishown', purpose: { consents: consents([1, 8, 9, 10]) } }, true);
    expect(storedConsent().accepted).toEqual([]);
    listener!(
      { eventStatus: 'useractioncomplete', purpose: { consents: consents([1, 8, 9, 10]) } },
      true,
    );
    expect(storedConsent()).toEqual({
      accepted: ['analytics'],
      rejected: ['advertising', 'marketing', 'personalization'],
    });
  });

  it('is not loaded on localhost or an IP host, and a script that fails is only logged', () => {
    for (const hostname of ['fvn.localhost', '127.0.0.1'])
      expect(
        startConsentManager(cmp, { location: { hostname } } as CmpWindow &
          Pick<Window, 'location'>),
      ).toBe(false);
    expect(document.head.querySelector('script[src]')).toBeNull();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    startConsentManager(cmp, { location: { hostname: 'minside.fvn.no' } } as CmpWindow &
      Pick<Window, 'location'>);
    document.head.querySelector('script[src]')!.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith('Consent manager could not be loaded', cmp.scriptUrl);
  });

  it('opens its privacy manager with the title’s id, or says it cannot', () => {
    const open = jest.fn<(id: number) => void>();
    expect(openPrivacyManager(cmp, { _sp_: { gdpr: { loadPrivacyManagerModal: open } } })).toBe(
      true,
    );
    expect(open).toHaveBeenCalledWith(820008);
    expect(openPrivacyManager(cmp, {})).toBe(false);
  });
});

describe('the analytics SDK', () => {
  it('is added to the page at the first page view only, and is given each view', () => {
    const win: SdkWindow = {};
    const transport = sdkTransport('https://sdk.example-analytics.com/pulse.js', win);
    expect(document.head.querySelector('script[src]')).toBeNull();
    const event = { type: 'View' } as never;
    transport.send(event);
    transport.send(event);
    expect(
      document.head.querySelectorAll('script[src="https://sdk.example-analytics.com/pulse.js"]'),
    ).toHaveLength(1);
    expect(win.pulse?.q).toEqual([
      ['track', 'pageView', event],
      ['track', 'pageView', event],
    ]);
  });
});
