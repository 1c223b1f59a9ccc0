// Money is integer øre (1 krone = 100 øre) everywhere; formatting for Norwegian readers.

export const CURRENCY = 'NOK';

export function assertOre(amount: number): void {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`Amount must be whole øre, got ${amount}`);
}

/** `kr 99,00` — the Norwegian way, with a non-breaking space between thousands. */
export function formatKroner(ore: number): string {
  assertOre(ore);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}kr ${kroner},${rest}`;
}

export const kroner = (kr: number): number => Math.round(kr * 100);
