// Signed provider callbacks: `Payment-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">` (the scheme Stripe and others use). Checked in constant time and only
// within a tolerance window, so a captured callback cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, rawBody: string, nowSeconds: number): string {
  const t = Math.floor(nowSeconds);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'malformed' | 'expired' | 'mismatch' };

export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
): SignatureCheck {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1))
    return { valid: false, reason: 'malformed' };
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS)
    return { valid: false, reason: 'expired' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { valid: true }
    : { valid: false, reason: 'mismatch' };
}
