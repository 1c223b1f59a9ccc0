/**
 * @jest-environment node
 */
// The large headings (layout.css) are sized with clamp(): at 390 px every word of every heading
// fits whole in the column, so the page never shows «Personverninnsti|llinger» or
// «Fædrelandsvenne|n» on a phone, hyphenation or not; and from desktop widths they are the theme's
// own size. Words are measured with the outlines of the heading font (Source Serif 4, 600), at the
// largest size the rule can give at 390 px.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { loadWordmarkFonts } from '../../../scripts/wordmarks';
import { publications } from '../../../src/shared/publications/registry';

const root = path.resolve(import.meta.dirname, '../../..');
const layoutCss = readFileSync(path.join(root, 'src/app/layout/layout.css'), 'utf8');
const fontDir = path.join(root, 'node_modules/@fontsource/source-serif-4/files');
const headingFonts = loadWordmarkFonts(
  ['latin', 'latin-ext'].map((subset) =>
    path.join(fontDir, `source-serif-4-${subset}-600-normal.woff`),
  ),
);

const ROOT_FONT_PX = 16;
/** A phone: 390 px less the column's gutters (2 × 16 px, --site-gutter). */
const PHONE = { viewport: 390, column: 390 - 2 * 16 };
/** Sizes larger than sm; sm (≈ 21 px) and smaller fit any word at 390 px as they are. */
const LARGE_SIZES = ['2xl', 'xl', 'lg', 'md'] as const;

interface Clamp {
  readonly minRem: number;
  readonly baseRem: number;
  readonly vw: number;
  /** The third argument: the upper bound. */
  readonly max: string;
}

/** The clamp(<rem>, <rem> + <vw>, <max>) font size layout.css gives headings of `size`. */
function headingClamp(size: string): Clamp | undefined {
  const rule = new RegExp(`\\.ds-heading\\[data-size='${size}'\\]\\s*\\{([^}]*)\\}`).exec(
    layoutCss,
  )?.[1];
  const match =
    /font-size:\s*clamp\(\s*([\d.]+)rem\s*,\s*([\d.]+)rem\s*\+\s*([\d.]+)vw\s*,\s*(var\([^)]*\))\s*\)/.exec(
      rule ?? '',
    );
  if (!match) return undefined;
  const [, minRem, baseRem, vw, max] = match;
  return { minRem: Number(minRem), baseRem: Number(baseRem), vw: Number(vw), max: max! };
}

/** The most the clamp can give at `viewport` px (its upper bound is the theme's, not lower). */
function largestPx({ minRem, baseRem, vw }: Clamp, viewport: number): number {
  return Math.max(minRem * ROOT_FONT_PX, baseRem * ROOT_FONT_PX + (vw * viewport) / 100);
}

/** The sizes the SPA gives its headings (data-size on a .ds-heading). */
function usedSizes(dir: string): Set<string> {
  const sizes = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const size of usedSizes(file)) sizes.add(size);
    else if (entry.name.endsWith('.tsx'))
      for (const [, size] of readFileSync(file, 'utf8').matchAll(
        /className="ds-heading[^"]*"\s+data-size="([\w]+)"/g,
      ))
        sizes.add(size!);
  }
  return sizes;
}

/** Every catalogue text a heading shows: the strings under keys named *heading* or *title*. */
function headingTexts(): string[] {
  const texts: string[] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') {
      if (/heading|title/.test(key)) texts.push(node);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, k);
    }
  };
  for (const language of ['nb', 'nn']) {
    const dir = path.join(root, 'locales', language);
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.json')) walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), '');
    }
    // The legal documents' headings (the first is the page's h1).
    for (const file of readdirSync(path.join(dir, 'legal'))) {
      const markdown = readFileSync(path.join(dir, 'legal', file), 'utf8');
      for (const [, text] of markdown.matchAll(/^#{1,3} (.+)$/gm)) texts.push(text!);
    }
  }
  return texts;
}

/** The words of the headings, every title's name put in for {{name}} and {{title}}. */
function headingWords(): string[] {
  const names = publications.map((p) => p.displayName);
  const words = new Set<string>();
  for (const text of headingTexts()) {
    const filled = /\{\{(?:name|title)\}\}/.test(text)
      ? names.map((name) => text.replace(/\{\{(?:name|title)\}\}/g, name))
      : [text];
    for (const line of filled) {
      // Lines break at spaces and after hyphens and dashes.
      for (const word of line.split(/\s+|(?<=[-–—/])/)) if (word) words.add(word);
    }
  }
  return [...words];
}

/** Width of `word` in px at `sizePx`, in the first subset that has all its letters. */
function widthPx(word: string, sizePx: number): number {
  const font = headingFonts.find((f) => [...word].every((c) => f.charToGlyphIndex(c) > 0));
  if (!font) throw new Error(`No heading font subset has every letter of «${word}»`);
  // The pen's end position after the word, ligatures and kerning applied.
  return font.forEachGlyph(word, 0, 0, sizePx, { kerning: true }, () => undefined);
}

const LARGE_USED = LARGE_SIZES.filter((size) => usedSizes(path.join(root, 'src/app')).has(size));

describe('heading sizes', () => {
  it('finds the large headings the screens use', () => {
    expect(LARGE_USED).toEqual(expect.arrayContaining(['lg', 'md']));
  });

  it.each(LARGE_USED)('%s headings are fluid, up to the theme’s own size', (size) => {
    expect(headingClamp(size)?.max).toBe(`var(--ds-heading-${size}-font-size)`);
  });

  it.each(LARGE_USED)(
    'every word of every heading fits whole in the column at 390 px in a %s heading',
    (size) => {
      const clamp = headingClamp(size);
      if (!clamp) throw new Error(`layout.css gives ${size} headings no clamp() font size`);
      const sizePx = largestPx(clamp, PHONE.viewport);
      const words = headingWords();
      expect(words).toEqual(
        expect.arrayContaining([
          'Personverninnstillinger',
          'Personverninnstillingar',
          'Fædrelandsvennen',
        ]),
      );
      const tooWide = words
        .map((word) => [word, widthPx(word, sizePx)] as const)
        .filter(([, width]) => width > PHONE.column)
        .map(([word, width]) => `${word}: ${width.toFixed(0)} px`);
      expect(tooWide).toEqual([]);
    },
  );
});
