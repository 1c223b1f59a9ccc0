// The purchase attempt in session storage: its intent and Idempotency-Key, kept from before the
// request until the flow ends, so a reload, a retry or a second click re-sends the same key (the
// server answers the same order, never a second payment). For an invoice payment also the
// invoice number and the amount due under their own keys (requirements §9). Storage may be blocked: then
// the attempt lasts as long as the page.
import { newIdempotencyKey } from '../../api/idempotencyKey';
import type { Platform } from '../../session/platform';

import type { InvoicePayment, PurchaseIntent } from './purchaseSlice';

/** Session storage key of the attempt in progress (intent + idempotency key). */
export const PURCHASE_STORAGE_KEY = 'minside.purchase';
/** requirements §9 "invoice number": the invoice being paid, while its payment runs. */
export const INVOICE_NUMBER_STORAGE_KEY = 'minside.invoice-number';
/** requirements §9 "invoice due amount": its amount due in øre, while its payment runs. */
export const INVOICE_DUE_AMOUNT_STORAGE_KEY = 'minside.invoice-due-amount';

/** An invoice payment as an attempt's intent (told apart from orders by its kind). */
export interface InvoiceIntent extends InvoicePayment {
  readonly kind: 'invoice';
}

export type AttemptIntent = PurchaseIntent | InvoiceIntent;

export interface StoredAttempt {
  readonly intent: AttemptIntent;
  readonly idempotencyKey: string;
}

type Storage = Platform['storage'];

export function readAttempt(storage: Storage): StoredAttempt | null {
  try {
    const raw = storage.getItem(PURCHASE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredAttempt> | null;
    return value &&
      typeof value.idempotencyKey === 'string' &&
      value.intent &&
      typeof value.intent.kind === 'string'
      ? (value as StoredAttempt)
      : null;
  } catch {
    return null;
  }
}

function writeAttempt(storage: Storage, attempt: StoredAttempt) {
  const { intent } = attempt;
  try {
    storage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify(attempt));
    if (intent.kind === 'invoice') {
      storage.setItem(INVOICE_NUMBER_STORAGE_KEY, intent.ariaInvoiceNo);
      storage.setItem(INVOICE_DUE_AMOUNT_STORAGE_KEY, String(intent.amount));
    } else {
      storage.removeItem(INVOICE_NUMBER_STORAGE_KEY);
      storage.removeItem(INVOICE_DUE_AMOUNT_STORAGE_KEY);
    }
  } catch {
    // Storage may be blocked: the key then lasts as long as this page (double clicks).
  }
}

export function clearAttempt(storage: Storage) {
  for (const key of [
    PURCHASE_STORAGE_KEY,
    INVOICE_NUMBER_STORAGE_KEY,
    INVOICE_DUE_AMOUNT_STORAGE_KEY,
  ]) {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }
}

/**
 * The attempt for this intent: the stored one when it is the same (a retry or a reload re-sends
 * its key), else a new one with a new key. Stored before the request: a reload while it runs
 * re-sends the same key.
 */
export function keepAttempt(storage: Storage, intent: AttemptIntent): StoredAttempt {
  const stored = readAttempt(storage);
  const attempt: StoredAttempt =
    stored && sameIntent(stored.intent, intent)
      ? stored
      : { intent, idempotencyKey: newIdempotencyKey() };
  writeAttempt(storage, attempt);
  return attempt;
}

/** The purchase of a restored attempt (an invoice payment is not restored as one). */
export const restoredPurchase = (attempt: StoredAttempt | null): PurchaseIntent | null =>
  attempt && attempt.intent.kind !== 'invoice' ? attempt.intent : null;

/** Objects with their keys sorted, so two intents compare by content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

export const sameIntent = (a: AttemptIntent, b: AttemptIntent) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
