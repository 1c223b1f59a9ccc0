// The web fonts on a first visit and after (docs/benchmarks.md): the page uses them only when the
// browser has them already; a first visit fetches them once the page has loaded, and switches to
// them at the reader's next plain click on a link to another screen.
import { afterEach, describe, expect, it, jest } from '@jest/globals';

import {
  WEB_FONTS_CLASS,
  WEB_FONTS_KEY,
  WEB_FONT_FILES,
  webFontsAvailable,
  webFontsCached,
} from '../../../src/app/lib/webFonts';
import { loadWebFonts, switchToWebFontsOnNextScreen } from '../../../src/app/lib/webFontsLater';

type Fetch = typeof fetch;

const answer = (status: number) => Promise.resolve(new Response('', { status }));

/** A FontFaceSet whose load() answers one face per request, or `result` for each. */
function fontSet(result: () => Promise<FontFace[]> = () => Promise.resolve([{} as FontFace])) {
  const load = jest.fn((_font: string, _text?: string) => result());
  return { set: { load } as unknown as FontFaceSet, load };
}

function click(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  // The app's router handles the link; here nothing navigates.
  event.preventDefault();
  target.dispatchEvent(event);
}

afterEach(() => {
  document.documentElement.classList.remove(WEB_FONTS_CLASS);
  document.body.innerHTML = '';
});

describe('webFontsCached', () => {
  it('asks the cache alone, same origin, for each of the three files', async () => {
    const fetchFile = jest.fn<Fetch>(() => answer(200));
    await expect(webFontsCached(WEB_FONT_FILES, fetchFile)).resolves.toBe(true);
    expect(WEB_FONT_FILES).toHaveLength(3);
    expect(fetchFile.mock.calls.map(([file]) => file)).toEqual(WEB_FONT_FILES);
    for (const [, init] of fetchFile.mock.calls) {
      expect(init).toEqual({ cache: 'only-if-cached', mode: 'same-origin' });
    }
  });

  it('is false when one file is not in the cache (a network error or 504)', async () => {
    const files = ['/assets/sans-400.woff2', '/assets/sans-600.woff2', '/assets/serif-600.woff2'];
    const notCached = jest.fn<Fetch>((file) =>
      file === files[1] ? Promise.reject(new TypeError('Failed to fetch')) : answer(200),
    );
    await expect(webFontsCached(files, notCached)).resolves.toBe(false);
    expect(notCached).toHaveBeenCalledTimes(3);
    const gatewayTimeout = jest.fn<Fetch>((file) =>
      file === files[2] ? answer(504) : answer(200),
    );
    await expect(webFontsCached(files, gatewayTimeout)).resolves.toBe(false);
  });

  it('is false when the browser cannot ask (no fetch, or it refuses the cache mode)', async () => {
    await expect(webFontsCached(WEB_FONT_FILES, undefined as unknown as Fetch)).resolves.toBe(
      false,
    );
    const refuses = jest.fn<Fetch>(() => {
      throw new TypeError("'only-if-cached' can be set only with 'same-origin' mode");
    });
    await expect(webFontsCached(WEB_FONT_FILES, refuses)).resolves.toBe(false);
  });
});

describe('webFontsAvailable', () => {
  const storage = (value: string | null) => ({ getItem: jest.fn(() => value) });

  it('asks nothing on a first visit (no console error for a cache miss)', async () => {
    const fetchFile = jest.fn<Fetch>(() => answer(200));
    await expect(webFontsAvailable(storage(null), fetchFile)).resolves.toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
    const refusing = {
      getItem: jest.fn(() => {
        throw new Error('SecurityError');
      }),
    };
    await expect(webFontsAvailable(refusing, fetchFile)).resolves.toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('after an earlier page fetched them: whether they are still in the cache', async () => {
    await expect(
      webFontsAvailable(
        storage('1'),
        jest.fn<Fetch>(() => answer(200)),
      ),
    ).resolves.toBe(true);
    // Evicted since: the page starts in the system's fonts and fetches them again.
    await expect(
      webFontsAvailable(
        storage('1'),
        jest.fn<Fetch>(() => answer(504)),
      ),
    ).resolves.toBe(false);
  });
});

describe('loadWebFonts', () => {
  it('loads text, bold text and headings with Norwegian letters', async () => {
    const { set, load } = fontSet();
    await expect(loadWebFonts(set)).resolves.toBe(true);
    expect(load.mock.calls.map(([font]) => font)).toEqual([
      '400 1em "Source Sans 3"',
      '600 1em "Source Sans 3"',
      '600 1em "Source Serif 4"',
    ]);
    for (const [, text] of load.mock.calls) expect(text).toMatch(/æøå/);
  });

  it('is false when a face fails to load or none matches', async () => {
    await expect(loadWebFonts(fontSet(() => Promise.reject(new Error('404'))).set)).resolves.toBe(
      false,
    );
    await expect(loadWebFonts(fontSet(() => Promise.resolve([])).set)).resolves.toBe(false);
  });
});

describe('switchToWebFontsOnNextScreen', () => {
  const origin = window.location.origin;

  function page() {
    document.body.innerHTML = `
      <a id="screen" href="/fakturaoversikt"><span>Fakturaer</span></a>
      <a id="away" href="https://www.fvn.no/">Avisen</a>
      <a id="tab" href="/kundeservice" target="_blank">Kundeservice</a>
      <a id="pdf" href="/api/faktura.pdf" download>PDF</a>
      <button id="button">Lagre</button>`;
    return (id: string) => document.getElementById(id)!;
  }

  it('switches at the first plain click on a link to another screen, once the fonts are in', async () => {
    const element = page();
    const { set } = fontSet();
    const root = document.documentElement;
    const storage = { setItem: jest.fn() };
    await switchToWebFontsOnNextScreen(root, set, document, origin, storage);
    // The next page load may use them from the start.
    expect(storage.setItem).toHaveBeenCalledWith(WEB_FONTS_KEY, '1');
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false);
    click(element('button'));
    click(element('away'));
    click(element('tab'));
    click(element('pdf'));
    click(element('screen'), { ctrlKey: true });
    click(element('screen'), { button: 1 });
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false);
    // A click on the link's text counts as a click on the link.
    click(element('screen').querySelector('span')!);
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(true);
  });

  it('never switches when the fonts did not load', async () => {
    const element = page();
    const root = document.documentElement;
    const failing = fontSet(() => Promise.reject(new Error('offline'))).set;
    const storage = { setItem: jest.fn() };
    await switchToWebFontsOnNextScreen(root, failing, document, origin, storage);
    click(element('screen'));
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('stops listening when asked to', async () => {
    const element = page();
    const root = document.documentElement;
    const storage = { setItem: jest.fn() };
    const stop = await switchToWebFontsOnNextScreen(root, fontSet().set, document, origin, storage);
    stop();
    click(element('screen'));
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false);
  });
});
