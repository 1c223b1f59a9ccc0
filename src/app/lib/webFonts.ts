// The web fonts (layout/fonts.css) are used on a page only when this browser already has them.
//
// A first visit is drawn in the system's fonts at once: the page never waits for a font, and the
// fonts (56 KB) do not share a phone's connection with the scripts that draw the first screen.
// Once the page has loaded and the browser is idle they are fetched (webFontsLater.ts), cached
// for the next page; the reader's next link to another screen switches to them. With
// `font-display: optional` a first visit on a slow connection never showed them anyway (they
// missed the ~100 ms block period) but still downloaded them while the screen was being drawn,
// and held the text invisible for that period.
import sans400 from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2';
import sans600 from '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff2';
import serif600 from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2';

/** The files a page with Norwegian text uses (the latin subsets of fonts.css). */
export const WEB_FONT_FILES: readonly string[] = [sans400, sans600, serif600];

/** On <html>: the page's text is set in the web fonts (layout.css). */
export const WEB_FONTS_CLASS = 'web-fonts';

/** Set once this browser has fetched the fonts (webFontsLater.ts): no personal data, a hint. */
export const WEB_FONTS_KEY = 'minside.web-fonts';

/**
 * Whether the page can use the web fonts from the start: this browser fetched them on an earlier
 * page, and they are still in its cache. A first visit asks nothing (a cache miss would be
 * reported in the browser's console as a failed request).
 */
export function webFontsAvailable(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
  fetchFile?: typeof fetch,
): Promise<boolean> {
  try {
    if (storage.getItem(WEB_FONTS_KEY) !== '1') return Promise.resolve(false);
  } catch {
    return Promise.resolve(false);
  }
  return webFontsCached(WEB_FONT_FILES, fetchFile);
}

/**
 * Whether every web font file is in this browser's HTTP cache: asked of the cache alone
 * (`only-if-cached`, same origin), never of the network. False when the browser cannot tell.
 */
export async function webFontsCached(
  files: readonly string[] = WEB_FONT_FILES,
  fetchFile: typeof fetch = globalThis.fetch,
): Promise<boolean> {
  try {
    const answers = await Promise.all(
      files.map((file) => fetchFile(file, { cache: 'only-if-cached', mode: 'same-origin' })),
    );
    return answers.every((answer) => answer.ok);
  } catch {
    return false;
  }
}
