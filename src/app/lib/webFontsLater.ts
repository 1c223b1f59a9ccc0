// After a first visit's page has loaded: the web fonts are fetched while the browser is idle, and
// the reader's next link to another screen switches the page to them (webFonts.ts). The switch
// reflows the text, so it is made only when the reader has just asked for a new screen: the
// content changes then anyway, and a layout shift within 0.5 s of a click is not one the reader
// is surprised by (nor one Cumulative Layout Shift counts).
import { WEB_FONTS_CLASS, WEB_FONTS_KEY } from './webFonts';

/** Sets of the faces fonts.css declares, to load: weight and family, with Norwegian text. */
const FACES = ['400 1em "Source Sans 3"', '600 1em "Source Sans 3"', '600 1em "Source Serif 4"'];
const SAMPLE = 'Min Side æøå';

/** Loads the web fonts (into this page and the HTTP cache). True when all three loaded. */
export async function loadWebFonts(fonts: FontFaceSet = document.fonts): Promise<boolean> {
  try {
    const loaded = await Promise.all(FACES.map((face) => fonts.load(face, SAMPLE)));
    return loaded.every((faces) => faces.length > 0);
  } catch {
    return false;
  }
}

/** A plain click (primary button, no modifier key) on a link to another page of this site. */
function isLinkToAScreen(event: MouseEvent, origin: string): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) {
    return false;
  }
  return link.origin === origin;
}

/** Notes that this browser has the fonts, for its next page (webFonts.ts). */
function rememberFetched(storage: Pick<Storage, 'setItem'>) {
  try {
    storage.setItem(WEB_FONTS_KEY, '1');
  } catch {
    // Storage refused (private mode, full): the next page starts in the system's fonts.
  }
}

/**
 * Fetches the web fonts, then switches the page to them at the reader's next plain click on a
 * link within the site. Returns a function that stops listening.
 */
export function switchToWebFontsOnNextScreen(
  root: HTMLElement = document.documentElement,
  fonts: FontFaceSet = document.fonts,
  target: Document = document,
  origin: string = window.location.origin,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
): Promise<() => void> {
  return loadWebFonts(fonts).then((loaded) => {
    if (loaded) rememberFetched(storage);
    if (!loaded || root.classList.contains(WEB_FONTS_CLASS)) return () => {};
    const onClick = (event: MouseEvent) => {
      if (!isLinkToAScreen(event, origin)) return;
      root.classList.add(WEB_FONTS_CLASS);
      target.removeEventListener('click', onClick, true);
    };
    target.addEventListener('click', onClick, true);
    return () => target.removeEventListener('click', onClick, true);
  });
}
