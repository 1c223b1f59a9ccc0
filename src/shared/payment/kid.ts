// KID (kundeidentifikasjon) numbers for Norwegian giro and OCR payments: a base number and a
// check digit by the title's OCR agreement, MOD10 (Luhn, the default) or MOD11. A KID is 2–25
// digits including the check digit. Computed digit by digit on strings — never through
// JavaScript numbers, which lose digits beyond 2^53.
export type KidAlgorithm = 'MOD10' | 'MOD11';

export const KID_MIN_LENGTH = 2;
export const KID_MAX_LENGTH = 25;

export class KidError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'KidError';
  }
}

function digitsOf(value: string): number[] {
  if (!/^[0-9]+$/.test(value)) throw new KidError(`A KID has digits only, got "${value}"`);
  return [...value].map((c) => c.charCodeAt(0) - 48);
}

/** Luhn: from the right, every other digit doubled (digit sum), the check makes the sum % 10 = 0. */
export function mod10CheckDigit(base: string): string {
  const digits = digitsOf(base);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = digits[digits.length - 1 - i]!;
    const product = i % 2 === 0 ? digit * 2 : digit;
    sum += product > 9 ? product - 9 : product;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * MOD11: from the right, weights 2, 3, 4, 5, 6, 7, 2, 3 …; check = 11 − (sum % 11), where 11
 * becomes 0 and 10 has no digit (such a base cannot be used: null).
 */
export function mod11CheckDigit(base: string): string | null {
  const digits = digitsOf(base);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += digits[digits.length - 1 - i]! * (2 + (i % 6));
  }
  const check = 11 - (sum % 11);
  if (check === 11) return '0';
  if (check === 10) return null;
  return String(check);
}

/** The KID for a base number: base + check digit. Throws when the result would be out of bounds. */
export function makeKid(base: string, algorithm: KidAlgorithm = 'MOD10'): string {
  digitsOf(base);
  const length = base.length + 1;
  if (length < KID_MIN_LENGTH || length > KID_MAX_LENGTH)
    throw new KidError(
      `A KID is ${KID_MIN_LENGTH}–${KID_MAX_LENGTH} digits, this would be ${length}`,
    );
  const check = algorithm === 'MOD10' ? mod10CheckDigit(base) : mod11CheckDigit(base);
  if (check === null) throw new KidError(`No MOD11 check digit exists for ${base}`);
  return base + check;
}

/** Whether `kid` is a well-formed KID under the algorithm (length, digits, check digit). */
export function isValidKid(kid: string, algorithm: KidAlgorithm = 'MOD10'): boolean {
  if (!/^[0-9]+$/.test(kid) || kid.length < KID_MIN_LENGTH || kid.length > KID_MAX_LENGTH)
    return false;
  const base = kid.slice(0, -1);
  const check = algorithm === 'MOD10' ? mod10CheckDigit(base) : mod11CheckDigit(base);
  return check === kid.slice(-1);
}
