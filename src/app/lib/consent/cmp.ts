// The production consent manager behind the consent port: an IAB TCF v2 CMP loaded
// from the configured script with the group's account and the title's property id (the
// SourcePoint-style `_sp_` configuration), never on localhost or IP hosts (requirements §9). Its answers
// (`__tcfapi` events) are kept as the reader's choices in CMP:accepted / CMP:rejected, which is
// what the trackers read; the footer's privacy settings open its privacy manager (the title's
// privacy-manager id). A script that does not load is only logged (requirements §8): the embedded
// dialog stays in use.
import type { CmpIntegration } from '../integrations';

import { type ConsentCategory, consentDisabledForHost, saveConsent } from './consent';

/** What a TCF v2 CMP answers (the parts read here). */
export interface TcData {
  readonly eventStatus?: string;
  readonly gdprApplies?: boolean;
  readonly purpose?: { readonly consents?: Readonly<Record<number, boolean>> };
  readonly publisher?: {
    readonly customPurpose?: { readonly consents?: Readonly<Record<number, boolean>> };
  };
}

type TcfApi = (
  command: string,
  version: number,
  callback: (tcData: TcData, success: boolean) => void,
) => void;

export interface CmpWindow {
  __tcfapi?: TcfApi;
  _sp_queue?: unknown[];
  _sp_?: {
    config?: unknown;
    gdpr?: { loadPrivacyManagerModal?: (privacyManagerId: number) => void };
  };
}

/**
 * The TCF purposes each category stands for (all must be given): advertising 2, 3, 4, 7 (basic
 * and personalised ads, their profiles and measurement); analytics 8, 9, 10 (content
 * measurement, research, product development); personalisation 5, 6 (content profile and
 * personalised content). Marketing is the publisher's own custom purpose 1. Storage on the
 * device (purpose 1) is needed for any of them.
 */
const PURPOSES: Readonly<Record<Exclude<ConsentCategory, 'marketing'>, readonly number[]>> = {
  advertising: [2, 3, 4, 7],
  analytics: [8, 9, 10],
  personalization: [5, 6],
};

export function categoriesFromTcData(tcData: TcData): ConsentCategory[] {
  // Outside the GDPR's reach no consent is asked for; nothing is assumed given either.
  if (tcData.gdprApplies === false) return [];
  const purposes = tcData.purpose?.consents ?? {};
  if (!purposes[1]) return [];
  const accepted: ConsentCategory[] = (
    Object.entries(PURPOSES) as [ConsentCategory, readonly number[]][]
  )
    .filter(([, needed]) => needed.every((p) => purposes[p] === true))
    .map(([category]) => category);
  if (tcData.publisher?.customPurpose?.consents?.[1] === true) accepted.push('marketing');
  return accepted;
}

/**
 * Starts the consent manager; true when its script is on its way. The reader's answers are kept
 * (saveConsent) as they come: when the CMP has loaded them, and after each choice.
 */
export function startConsentManager(
  config: CmpIntegration,
  win: CmpWindow & Pick<Window, 'location'> = window as unknown as CmpWindow & Window,
  doc: Pick<Document, 'createElement' | 'head'> = document,
): boolean {
  if (consentDisabledForHost(win.location.hostname)) return false;
  win._sp_queue = win._sp_queue ?? [];
  win._sp_ = {
    ...win._sp_,
    config: {
      accountId: config.accountId,
      propertyId: config.propertyId,
      baseEndpoint: new URL(config.scriptUrl).origin,
      gdpr: {},
    },
  };
  const script = doc.createElement('script');
  script.src = config.scriptUrl;
  script.async = true;
  script.addEventListener('load', () => listen(win));
  script.addEventListener('error', () =>
    console.error('Consent manager could not be loaded', config.scriptUrl),
  );
  doc.head.append(script);
  return true;
}

function listen(win: CmpWindow) {
  if (typeof win.__tcfapi !== 'function') {
    console.error('Consent manager loaded without __tcfapi');
    return;
  }
  win.__tcfapi('addEventListener', 2, (tcData, success) => {
    if (!success) return;
    if (tcData.eventStatus !== 'tcloaded' && tcData.eventStatus !== 'useractioncomplete') return;
    saveConsent(categoriesFromTcData(tcData));
  });
}

/** Opens the consent manager's privacy manager; false when it is not there (use the dialog). */
export function openPrivacyManager(
  config: CmpIntegration,
  win: CmpWindow = window as unknown as CmpWindow,
): boolean {
  const open = win._sp_?.gdpr?.loadPrivacyManagerModal;
  if (typeof open !== 'function') return false;
  open(config.privacyManagerId);
  return true;
}

let started = false;

/** Starts it once per page (the navigation guard asks on every navigation). */
export function startConsentManagerOnce(config: CmpIntegration | null): boolean {
  if (!config || started) return false;
  started = true;
  return startConsentManager(config);
}
