// The Norwegian postal-code register: postal code → postal place. The data is Posten/Bring's
// register (postnummerregisteret) as the npm package `norway-postal-codes` ships it (MIT; README
// "Third-party data"); `npm update norway-postal-codes` refreshes it. The register writes places
// in capitals ("KRISTIANSAND S"); readers see them as a place is written ("Kristiansand S").
import register from 'norway-postal-codes';

const POSTAL_CODE = /^[0-9]{4}$/;
/** Words a place name keeps in lower case ("Våler i Østfold", "Vang på Hedmarken"). */
const SMALL_WORDS: ReadonlySet<string> = new Set(['i', 'på', 'og', 'ved']);

/** "VÅLER I ØSTFOLD" → "Våler i Østfold"; "SØR-TVERRFJORD" → "Sør-Tverrfjord". */
export function placeName(registered: string): string {
  return registered
    .toLocaleLowerCase('nb-NO')
    .split(' ')
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(
            /(^|-)(\p{L})/gu,
            (_m, dash: string, letter: string) => dash + letter.toLocaleUpperCase('nb-NO'),
          ),
    )
    .join(' ');
}

/** The postal place of a four-digit postal code, or undefined for a code the register lacks. */
export function postalPlace(postalCode: string): string | undefined {
  if (typeof postalCode !== 'string' || !POSTAL_CODE.test(postalCode)) return undefined;
  const registered = Object.hasOwn(register, postalCode) ? register[postalCode] : undefined;
  return registered ? placeName(registered) : undefined;
}
