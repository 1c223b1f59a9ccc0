// The temporary-storage keys of requirements §9 for a payment method change: what the verify screen
// needs after the provider's page (the pending payment method's id, the Vipps agreement id) and
// the source (which flow started it, from which screen, for which subscription, and where the
// provider returns the browser). Kept in session storage across the redirect and cleared when
// the flow ends.
import type { Platform } from '../../session/platform';

/** requirements §9 "payment method id": the id of the pending change the verify call names. */
export const PAYMENT_METHOD_ID_KEY = 'minside.payment-method-id';
/** requirements §9 "agreement id": the Vipps recurring agreement of the change (absent for a card). */
export const AGREEMENT_ID_KEY = 'minside.agreement-id';
/** requirements §9 "source": which screen started the change and where the provider returns. */
export const PAYMENT_METHOD_SOURCE_KEY = 'minside.payment-method-source';

export const PAYMENT_METHOD_STORAGE_KEYS = [
  PAYMENT_METHOD_ID_KEY,
  AGREEMENT_ID_KEY,
  PAYMENT_METHOD_SOURCE_KEY,
] as const;

/** The two changes a subscriber can make: to Vipps, or to a new card. */
export type PaymentMethodFlow = 'vipps' | 'card';

/** The screen that starts each flow and the verify screen the provider returns to. */
export const FLOW_PATHS: Record<PaymentMethodFlow, { start: string; verify: string }> = {
  vipps: { start: '/endre-betalingsmetode', verify: '/endre-betalingsmetode/verify' },
  card: { start: '/legg-til-betalingskort', verify: '/legg-til-betalingskort/verify' },
};

export interface PaymentMethodSource {
  readonly flow: PaymentMethodFlow;
  /** The screen that started the change (where "try again" leads). */
  readonly startedFrom: string;
  /** The verify screen the provider sends the browser back to. */
  readonly returnUrl: string;
  readonly subscriptionNo: string;
}

export interface StoredPaymentMethodChange {
  readonly paymentMethodId: string;
  readonly agreementId: string | null;
  readonly source: PaymentMethodSource;
}

type Storage = Platform['storage'];

const isFlow = (value: unknown): value is PaymentMethodFlow =>
  value === 'vipps' || value === 'card';

function readSource(raw: string | null): PaymentMethodSource | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PaymentMethodSource> | null;
    return value &&
      isFlow(value.flow) &&
      typeof value.startedFrom === 'string' &&
      typeof value.returnUrl === 'string' &&
      typeof value.subscriptionNo === 'string' &&
      value.subscriptionNo !== ''
      ? (value as PaymentMethodSource)
      : null;
  } catch {
    return null;
  }
}

/** The change in progress, or null when nothing (or only part of it) is stored. */
export function readStoredChange(storage: Storage): StoredPaymentMethodChange | null {
  try {
    const paymentMethodId = storage.getItem(PAYMENT_METHOD_ID_KEY);
    const source = readSource(storage.getItem(PAYMENT_METHOD_SOURCE_KEY));
    if (!paymentMethodId || !source) return null;
    return { paymentMethodId, agreementId: storage.getItem(AGREEMENT_ID_KEY) || null, source };
  } catch {
    return null;
  }
}

export function writeStoredChange(storage: Storage, change: StoredPaymentMethodChange) {
  try {
    storage.setItem(PAYMENT_METHOD_ID_KEY, change.paymentMethodId);
    if (change.agreementId) storage.setItem(AGREEMENT_ID_KEY, change.agreementId);
    else storage.removeItem(AGREEMENT_ID_KEY);
    storage.setItem(PAYMENT_METHOD_SOURCE_KEY, JSON.stringify(change.source));
  } catch {
    // Storage may be blocked: the verify screen then says it cannot find the change.
  }
}

export function clearStoredChange(storage: Storage) {
  for (const key of PAYMENT_METHOD_STORAGE_KEYS) {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }
}
