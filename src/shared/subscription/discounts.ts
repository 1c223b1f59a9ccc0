// Discount arithmetic shared by the server's prices and the SPA's display: an amount off or a
// percentage off one period's price, in whole øre (never below zero).
import { assertOre } from '../money/money';

import { divideRounded } from './proration';

export interface DiscountTerms {
  /** Øre off per period; null for a percentage discount. */
  readonly amountOff: number | null;
  /** Percent off per period (1–100); null for an amount discount. */
  readonly percentOff: number | null;
}

/** The price of one period after the discount, rounded to the nearest øre. */
export function discountedPrice(priceOre: number, terms: DiscountTerms): number {
  assertOre(priceOre);
  if (terms.amountOff !== null) {
    assertOre(terms.amountOff);
    return Math.max(0, priceOre - terms.amountOff);
  }
  const percent = terms.percentOff ?? 0;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`A percentage discount is 0..100, got ${percent}`);
  return divideRounded(priceOre * (100 - percent), 100);
}
