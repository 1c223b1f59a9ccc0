// Title codes arrive in any case (`/api/title/fvn`, `"titleCode": "Fvn"`); they are normalised
// here, once, where a request's title code enters, so the domain only sees the canonical form.
export const normaliseTitleCode = (titleCode: string): string => titleCode.toUpperCase();

/** A request part with its `titleCode` normalised. */
export function withTitleCode<T extends { readonly titleCode: string }>(part: T): T {
  return { ...part, titleCode: normaliseTitleCode(part.titleCode) };
}
