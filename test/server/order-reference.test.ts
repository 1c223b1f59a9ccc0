// The short order reference: 8 characters of Crockford base 32, one per order number
// and back, never the same for two orders, with a check character that turns a mistyped
// character into "no such reference" rather than someone else's order.
import { describe, expect, it } from '@jest/globals';

import {
  MAX_ORDER_NO,
  orderNoOfReference,
  orderReference,
} from '../../src/server/domain/orders/reference';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('order references', () => {
  it('maps order numbers one to one onto 8 characters and back', () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 20_000; n += 1) {
      const reference = orderReference(n);
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(seen.has(reference)).toBe(false);
      seen.add(reference);
      expect(orderNoOfReference(reference)).toBe(BigInt(n));
    }
    expect(orderNoOfReference(orderReference(MAX_ORDER_NO))).toBe(MAX_ORDER_NO);
    expect(() => orderReference(MAX_ORDER_NO + 1n)).toThrow(RangeError);
  });

  it('does not look like a counter', () => {
    expect(orderReference(2).slice(0, 4)).not.toBe(orderReference(1).slice(0, 4));
  });

  it('reads a reference as people write it: any case, hyphens, O for 0, I and L for 1', () => {
    const reference = orderReference(4711);
    const written = `${reference.slice(0, 4)}-${reference.slice(4)}`.toLowerCase();
    expect(orderNoOfReference(written)).toBe(4711n);
    const withZero = [...Array(200).keys()]
      .map((n) => orderReference(n + 1))
      .find((r) => r.includes('0'))!;
    expect(orderNoOfReference(withZero.replace(/0/g, 'O'))).toBe(orderNoOfReference(withZero));
  });

  it('refuses every single mistyped character and anything that is not a reference', () => {
    for (let n = 1; n <= 50; n += 1) {
      const reference = orderReference(n);
      for (let i = 0; i < reference.length; i += 1)
        for (const c of ALPHABET) {
          if (c === reference[i]) continue;
          const typo = reference.slice(0, i) + c + reference.slice(i + 1);
          expect([typo, orderNoOfReference(typo)]).toEqual([typo, null]);
        }
    }
    for (const text of ['', 'ABC', 'ABCDEFGHJ', 'ABCD!FGH', 'UUUUUUUU'])
      expect(orderNoOfReference(text)).toBeNull();
  });
});
