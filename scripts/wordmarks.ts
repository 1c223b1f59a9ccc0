// Wordmarks: every title's name drawn as SVG outlines in the bundled heading font (Source Serif 4
// Bold from @fontsource/source-serif-4), generated from the publication registry by the build
// (WordmarkPlugin below, in webpack.config.ts) as wordmarks/<code>.svg. The header shows one where
// the title's own logo (/logos/<domain>.svg) does not load.
//
// Outlines rather than <text>: an SVG shown through <img> cannot use the page's web fonts, so a
// <text> falls back to whatever fonts the machine has, and a name measured for one font is cut
// off in another. Outlines look the same everywhere and have exact bounds, so the viewBox holds
// the whole name and the image scales to any header without clipping. Each distinct glyph is
// defined once and placed with <use> (names repeat letters: about 40 % smaller).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import opentype, { type Font, type Glyph } from 'opentype.js';
import type { Compiler } from 'webpack';

import { wordmarkPath } from '../src/app/lib/theme/brand';
import { publications } from '../src/shared/publications/registry';

const root = path.resolve(import.meta.dirname, '..');
const fontDir = path.join(root, 'node_modules/@fontsource/source-serif-4/files');

/**
 * Source Serif 4 Bold, the latin subset first (æ, ø, å are Latin-1), then latin-ext for the rest
 * (Sámi letters, for instance). WOFF, not WOFF2: opentype.js reads zlib-compressed WOFF only; the
 * outlines are the same.
 */
export const WORDMARK_FONT_FILES: readonly string[] = [
  'source-serif-4-latin-700-normal.woff',
  'source-serif-4-latin-ext-700-normal.woff',
].map((file) => path.join(fontDir, file));

/** Letters with ascenders and descenders: every wordmark spans at least their height. */
const VERTICAL_REFERENCE = 'bdfhklgjpqy';
/** Room around the outlines so anti-aliased edges are not cut, in font units (1/1000 em). */
export const WORDMARK_PADDING = 12;
/** Intrinsic height in CSS px (the header sizes the image itself). */
const INTRINSIC_HEIGHT = 40;

export interface WordmarkInput {
  readonly titleCode: string;
  readonly displayName: string;
  readonly brand: { readonly accent: string };
}

export interface Wordmark {
  readonly svg: string;
  /** Width and height of the viewBox, in font units. */
  readonly width: number;
  readonly height: number;
}

export function loadWordmarkFonts(files: readonly string[] = WORDMARK_FONT_FILES): Font[] {
  return files.map((file) => {
    const bytes = readFileSync(file);
    return opentype.parse(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  });
}

interface PlacedGlyph {
  /** Index of the font in the list given to layout. */
  readonly font: number;
  readonly glyph: Glyph;
  readonly x: number;
}

/**
 * Lays the text out at 1 unit per font unit, baseline at y = 0: runs of characters the same
 * font has (the first that has each), each with the font's ligatures and kerning. Throws on a
 * character no font has: the build fails rather than draw a blank box.
 */
function layoutText(text: string, fonts: readonly Font[]): PlacedGlyph[] {
  const runs: { font: number; text: string }[] = [];
  for (const char of text) {
    const font = fonts.findIndex((f) => f.charToGlyphIndex(char) > 0);
    if (font < 0) {
      const code = char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(`The wordmark font has no glyph for "${char}" (U+${code}) in "${text}"`);
    }
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  const placed: PlacedGlyph[] = [];
  let x = 0;
  for (const run of runs) {
    const font = fonts[run.font]!;
    x = font.forEachGlyph(run.text, x, 0, font.unitsPerEm, { kerning: true }, (glyph, glyphX) =>
      placed.push({ font: run.font, glyph, x: glyphX }),
    );
  }
  return placed;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The title's wordmark: its display name in the brand accent, on a transparent background. */
export function wordmarkSvg(p: WordmarkInput, fonts: readonly Font[]): Wordmark {
  const [first] = fonts;
  if (!first) throw new Error('wordmarkSvg needs at least one font');
  const placed = layoutText(p.displayName, fonts);
  const reference = first.getPath(VERTICAL_REFERENCE, 0, 0, first.unitsPerEm).getBoundingBox();
  let [x1, x2, y1, y2] = [Infinity, -Infinity, reference.y1, reference.y2];
  const ids = new Map<string, { id: string; d: string }>();
  const uses: string[] = [];
  for (const { font, glyph, x } of placed) {
    const key = `${font}:${glyph.index}`;
    let def = ids.get(key);
    if (!def) {
      const outline = glyph.getPath(0, 0, fonts[font]!.unitsPerEm);
      def = { id: `g${ids.size}`, d: outline.toPathData({ decimalPlaces: 0, flipY: false }) };
      ids.set(key, def);
    }
    // A space has no outline: it only moves the pen.
    if (!def.d) continue;
    const box = glyph.getPath(x, 0, fonts[font]!.unitsPerEm).getBoundingBox();
    [x1, x2, y1, y2] = [
      Math.min(x1, box.x1),
      Math.max(x2, box.x2),
      Math.min(y1, box.y1),
      Math.max(y2, box.y2),
    ];
    uses.push(`<use href="#${def.id}" x="${round(x)}"/>`);
  }
  if (uses.length === 0) throw new Error(`The wordmark of ${p.titleCode} has nothing to draw`);
  const left = Math.floor(x1 - WORDMARK_PADDING);
  const top = Math.floor(y1 - WORDMARK_PADDING);
  const width = Math.ceil(x2 + WORDMARK_PADDING) - left;
  const height = Math.ceil(y2 + WORDMARK_PADDING) - top;
  const name = escapeXml(p.displayName);
  const defs = [...ids.values()]
    .filter((def) => def.d)
    .map((def) => `<path id="${def.id}" d="${def.d}"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${left} ${top} ${width} ${height}"` +
    ` width="${round((width * INTRINSIC_HEIGHT) / height)}" height="${INTRINSIC_HEIGHT}"` +
    ` role="img" aria-label="${name}">` +
    `<title>${name}</title><defs>${defs}</defs>` +
    `<g fill="${escapeXml(p.brand.accent)}">${uses.join('')}</g></svg>\n`;
  return { svg, width, height };
}

/** Where the build puts a title's wordmark: /wordmarks/<code>.svg without the leading slash. */
export function wordmarkFile(titleCode: string): string {
  return wordmarkPath(titleCode).slice(1);
}

const PLUGIN = 'WordmarkPlugin';

/** Emits wordmarks/<code>.svg for every title of the registry into the build. */
export class WordmarkPlugin {
  private fonts: Font[] | undefined;

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          this.fonts ??= loadWordmarkFonts();
          for (const file of WORDMARK_FONT_FILES) compilation.fileDependencies.add(file);
          for (const p of publications) {
            const { svg } = wordmarkSvg(p, this.fonts);
            compilation.emitAsset(wordmarkFile(p.titleCode), new sources.RawSource(svg));
          }
        },
      );
    });
  }
}
