// The consent manager's start-up (requirements §4 step 5) and the reader's choices. Consent is disabled on
// localhost and IP hosts (requirements §9); elsewhere the stored choices (CMP: keys) are read so the
// trackers know them. The privacy-settings dialog saves the choices here.
import type { Title } from '../../api/title';

export const CONSENT_KEY_PREFIX = 'CMP:';
export const consentCategories = [
  'advertising',
  'analytics',
  'marketing',
  'personalization',
] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export function consentDisabledForHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.includes(':')
  );
}

export interface ConsentState {
  readonly enabled: boolean;
  readonly accepted: readonly ConsentCategory[];
  readonly rejected: readonly ConsentCategory[];
}

function readList(storage: Pick<Storage, 'getItem'>, key: string): ConsentCategory[] {
  try {
    const value = JSON.parse(storage.getItem(`${CONSENT_KEY_PREFIX}${key}`) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((v): v is ConsentCategory =>
          (consentCategories as readonly string[]).includes(v),
        )
      : [];
  } catch {
    return [];
  }
}

/** The stored choices whatever the host (the dialog shows them even where consent is off). */
export function storedConsent(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): Pick<ConsentState, 'accepted' | 'rejected'> {
  return { accepted: readList(storage, 'accepted'), rejected: readList(storage, 'rejected') };
}

export function readConsent(
  hostname: string = window.location.hostname,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): ConsentState {
  if (consentDisabledForHost(hostname)) return { enabled: false, accepted: [], rejected: [] };
  return {
    enabled: true,
    accepted: readList(storage, 'accepted'),
    rejected: readList(storage, 'rejected'),
  };
}

let current: ConsentState | null = null;

export async function initConsent(_title: Pick<Title, 'titleCode'>): Promise<ConsentState> {
  current ??= readConsent();
  return current;
}

/**
 * Stores the reader's choice: `accepted` categories in CMP:accepted, every other category in
 * CMP:rejected (JSON arrays). Stored on every host; on localhost/IP hosts consent stays disabled
 * for the trackers all the same.
 */
export function saveConsent(
  accepted: readonly ConsentCategory[],
  storage: Pick<Storage, 'setItem'> = window.localStorage,
  hostname: string = window.location.hostname,
): ConsentState {
  const acceptedList = consentCategories.filter((c) => accepted.includes(c));
  const rejectedList = consentCategories.filter((c) => !accepted.includes(c));
  try {
    storage.setItem(`${CONSENT_KEY_PREFIX}accepted`, JSON.stringify(acceptedList));
    storage.setItem(`${CONSENT_KEY_PREFIX}rejected`, JSON.stringify(rejectedList));
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
  current = consentDisabledForHost(hostname)
    ? { enabled: false, accepted: [], rejected: [] }
    : { enabled: true, accepted: acceptedList, rejected: rejectedList };
  return current;
}

/** The four categories as the server keeps them: true accepted, false rejected. */
export type CategoryChoices = Readonly<Record<ConsentCategory, boolean>>;

/** Every category's choice from the accepted ones (the rest rejected), for the server. */
export const choicesOf = (accepted: Iterable<ConsentCategory>): CategoryChoices => {
  const set = new Set(accepted);
  return Object.fromEntries(consentCategories.map((c) => [c, set.has(c)])) as CategoryChoices;
};

/**
 * The accepted categories of the server's answer, or null when the reader has answered none
 * there (then the choices in this browser, if any, are the ones to keep).
 */
export function acceptedOf(
  categories: Readonly<Record<ConsentCategory, boolean | null>>,
): ConsentCategory[] | null {
  if (consentCategories.every((c) => categories[c] === null)) return null;
  return consentCategories.filter((c) => categories[c] === true);
}

/** Whether this browser holds an answer (anything accepted or rejected). */
export const hasStoredAnswer = (storage: Pick<Storage, 'getItem'> = window.localStorage) => {
  const { accepted, rejected } = storedConsent(storage);
  return accepted.length + rejected.length > 0;
};
