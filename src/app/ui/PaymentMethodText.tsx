// How a subscription pays, in words (requirements §8 labels): "Betalingskort **** 0004, utløper 12/29",
// "Vipps", … A card without details reads exactly "Ingen kortdetaljer tilgjengelig.", and when the
// subscription lookup failed (what the store has may be stale) only "Det oppstod en feil ved
// henting av betalingsmetode." is shown. Shared by the home page and the payment method screens;
// the texts are in `common` (payment-methods.*).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { InvoicePayment, PaymentMethod } from '../api/payment';

/** `•••• •••• •••• 4242` or `************0004` → `**** 4242`; null without four digits. */
export function maskedCard(maskedCardNumber: string | null): string | null {
  const digits = (maskedCardNumber ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `**** ${digits.slice(-4)}` : null;
}

/** The provider's label ("Betalingskort", "Vipps", …). */
export function providerLabel(t: TFunction, paymentMethod: PaymentMethod): string {
  return t(`common:payment-methods.provider.${paymentMethod.provider.toLowerCase()}`, {
    defaultValue: paymentMethod.label,
  });
}

/**
 * How a payment was made (an invoice's settling payment): "Betalingskort **** 0004", "Vipps",
 * "AvtaleGiro" …; a card without a number is "Betalingskort".
 */
export function describeSettlement(t: TFunction, payment: InvoicePayment): string {
  const label = t(`common:payment-methods.provider.${payment.provider.toLowerCase()}`);
  const number = payment.provider === 'SWEDBANK-PPG' ? maskedCard(payment.maskedCardNumber) : null;
  return number ? t('common:payment-methods.card-without-expiry', { label, number }) : label;
}

export type PaymentMethodDescription =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'failed'; readonly text: string };

export function describePaymentMethod(
  t: TFunction,
  paymentMethod: PaymentMethod | null,
  lookupFailed = false,
): PaymentMethodDescription {
  if (lookupFailed) return { kind: 'failed', text: t('common:payment-methods.fetch-failed') };
  if (!paymentMethod) return { kind: 'text', text: t('common:payment-methods.none') };
  const label = providerLabel(t, paymentMethod);
  if (paymentMethod.provider !== 'SWEDBANK-PPG') return { kind: 'text', text: label };
  const number = maskedCard(paymentMethod.maskedCardNumber);
  // requirements §8: a card whose details cannot be shown reads exactly this.
  if (!number) return { kind: 'text', text: t('common:payment-methods.no-card-details') };
  return {
    kind: 'text',
    text: paymentMethod.cardExpiry
      ? t('common:payment-methods.card', { label, number, expiry: paymentMethod.cardExpiry })
      : t('common:payment-methods.card-without-expiry', { label, number }),
  };
}

export function PaymentMethodText({
  paymentMethod,
  lookupFailed = false,
}: {
  readonly paymentMethod: PaymentMethod | null;
  /** The subscription lookup failed: the method cannot be shown. */
  readonly lookupFailed?: boolean;
}) {
  const { t } = useTranslation('common');
  const description = describePaymentMethod(t, paymentMethod, lookupFailed);
  switch (description.kind) {
    case 'failed':
      return <span className="payment-method-failed">{description.text}</span>;
    case 'text':
      return <span>{description.text}</span>;
  }
}
