// The Idempotency-Key a request that must take effect once carries (an order attempt, a code sent
// by SMS): made once per action and sent again with every repeat of that action, so the server
// answers a repeat with the first answer.

/** A new key (the contract: 16–128 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; plain http on a LAN address has only getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
