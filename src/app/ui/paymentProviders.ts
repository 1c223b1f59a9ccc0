// The payment providers a reader chooses between, and their keys in the catalogues. Apart from
// PaymentMethodChoice so a screen that only names a provider does not load the form's styles.
export type PaymentProvider = 'SWEDBANK-PPG' | 'VIPPS';

export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['SWEDBANK-PPG', 'VIPPS'];

/** `SWEDBANK-PPG` → `swedbank-ppg` (catalogue keys and element ids are kebab-case). */
export const providerSlug = (provider: PaymentProvider) => provider.toLowerCase();
