// The short reference of an order that the reader sees on receipts and reads to the customer
// centre: 8 characters of Crockford base 32 (digits and capitals without I, L, O and U), derived
// from the order's number (`orders.order_no`, unique) by a fixed permutation of 35 bits, so two
// orders never share one and consecutive orders do not look consecutive, plus one check
// character (Luhn mod 32) that catches a mistyped character and most swapped neighbours. It is
// computed, never stored: the customer centre finds the order by decoding it (findOrderByReference).

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = 32n;
const BITS = 35n;
const MASK = (1n << BITS) - 1n;
/** Data characters (7 × 5 bits = 35 bits) before the check character. */
const DATA_LENGTH = 7;
/** The most orders the references can tell apart (2^35, about 34 billion). */
export const MAX_ORDER_NO = MASK;

// Odd multipliers are invertible modulo 2^35; with an xor-shift of at least half the width
// (self-inverse) in between, the mapping is a bijection of 0 … 2^35 − 1.
const MULTIPLIER_1 = 0x5_bd1e_995dn & MASK;
const MULTIPLIER_2 = 0x2_c2b2_ae35n & MASK;
const OFFSET = 0x3_9e37_79b9n & MASK;
const SHIFT = 18n;

/** The inverse of an odd number modulo 2^35 (Newton's iteration doubles the correct bits). */
function inverse(odd: bigint): bigint {
  let x = odd;
  for (let i = 0; i < 6; i += 1) x = (x * (2n - odd * x)) & MASK;
  return x;
}
const INVERSE_1 = inverse(MULTIPLIER_1);
const INVERSE_2 = inverse(MULTIPLIER_2);

const xorShift = (x: bigint) => x ^ (x >> SHIFT);

function permute(n: bigint): bigint {
  return (xorShift((n * MULTIPLIER_1 + OFFSET) & MASK) * MULTIPLIER_2) & MASK;
}

function unpermute(x: bigint): bigint {
  return ((xorShift((x * INVERSE_2) & MASK) - OFFSET) * INVERSE_1) & MASK;
}

/** Luhn mod 32 over the data characters' values: the value that makes the sum check out. */
function checkValue(values: readonly number[]): number {
  let sum = 0;
  // From the right, every second value doubled (its base-32 digits added).
  for (let i = values.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let value = values[i]!;
    if (double) {
      value *= 2;
      value = Math.floor(value / 32) + (value % 32);
    }
    sum += value;
  }
  return (32 - (sum % 32)) % 32;
}

/** The reference of an order number (1 … 2^35 − 1). */
export function orderReference(orderNo: number | string | bigint): string {
  const n = BigInt(orderNo);
  if (n < 0n || n > MAX_ORDER_NO) throw new RangeError(`No reference for order number ${n}`);
  let x = permute(n);
  const values: number[] = [];
  for (let i = 0; i < DATA_LENGTH; i += 1) {
    values.unshift(Number(x % BASE));
    x /= BASE;
  }
  values.push(checkValue(values));
  return values.map((v) => ALPHABET[v]).join('');
}

/**
 * The order number a reference stands for, or null when it is not one (wrong length, a
 * character outside the alphabet, a failed check). Read as Crockford does: any case, hyphens
 * and spaces ignored, O read as 0 and I or L as 1.
 */
export function orderNoOfReference(reference: string): bigint | null {
  const text = reference
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (text.length !== DATA_LENGTH + 1) return null;
  const values = [...text].map((c) => ALPHABET.indexOf(c));
  if (values.some((v) => v < 0)) return null;
  const data = values.slice(0, DATA_LENGTH);
  if (checkValue(data) !== values[DATA_LENGTH]) return null;
  const x = data.reduce((acc, v) => acc * BASE + BigInt(v), 0n);
  return unpermute(x);
}
