// Generic crypto helpers: hashes of codes and tokens, their constant-time comparison, and random
// tokens and one-time codes. Whatever stores a secret the reader holds (a login state, an
// invitation token, an e-mailed code) keeps only its hash and compares hashes with sameHash.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** SHA-256 of `value`, base64url: the stored form of a token or code. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Whether two hashes (of a code, a token) are the same, compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 32 random bytes, base64url: a token that cannot be guessed. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A six-digit one-time code (leading zeros kept), each of the million equally likely. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
