// Tests for the generated brand themes (public/brands, built by scripts/build-themes.ts): every
// title has a theme built from its current registry colours (information notices in the accent,
// not Designsystemet's blue), and every text/background pair that
// Designsystemet components use meets WCAG AA (4.5:1) in the light colour scheme, and so do the
// page shell's own pairs: the wordmark, links and text on the header, page and footer. Also checks
// the wordmarks the build draws (scripts/wordmarks.ts): accessible, in the accent colour, every
// letter drawn, and the whole name inside the image at the header's sizes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Font } from 'opentype.js';

import { loadWordmarkFonts, WORDMARK_PADDING, wordmarkSvg } from '../../scripts/wordmarks';
import { contrastRatio } from '../../src/shared/color/contrast';
import { publications } from '../../src/shared/publications/registry';

const root = path.resolve(import.meta.dirname, '../..');
const brandsDir = path.join(root, 'public/brands');
const layoutCss = readFileSync(path.join(root, 'src/app/layout/layout.css'), 'utf8');

const AA_TEXT = 4.5;
const REQUIRED_SETS = ['accent', 'neutral', 'highlight'] as const;
const OPTIONAL_SETS = ['success', 'warning', 'danger', 'info'] as const;

/**
 * [text, background] token pairs of one colour set, as Designsystemet components combine them.
 * Left out on purpose:
 * - text-subtle on surface-active: ≈ 4.0:1 in every colour set of every brand, a property of
 *   Designsystemet's colour scales, not of our brand colours (see TOOLCHAIN.md).
 * - base-contrast-subtle on base-*: secondary text on filled surfaces, not used by the component
 *   classes we render; on base-active it falls below 4.5:1 for the warning set of every brand.
 */
const PAIRS: ReadonlyArray<readonly [text: string, background: string]> = [
  ['text-default', 'background-default'],
  ['text-default', 'background-tinted'],
  ['text-default', 'surface-default'],
  ['text-default', 'surface-tinted'],
  ['text-default', 'surface-hover'],
  ['text-default', 'surface-active'],
  ['text-subtle', 'background-default'],
  ['text-subtle', 'background-tinted'],
  ['text-subtle', 'surface-default'],
  ['text-subtle', 'surface-tinted'],
  ['text-subtle', 'surface-hover'],
  // Button text on the filled button: at rest, hovered and pressed.
  ['base-contrast-default', 'base-default'],
  ['base-contrast-default', 'base-hover'],
  ['base-contrast-default', 'base-active'],
];

/** The `--ds-color-*` variables of the light colour scheme block of a brand file. */
function lightColorVariables(css: string): Map<string, string> {
  const block = /\[data-color-scheme="light"\]\s*\{([^}]*)\}/.exec(css)?.[1];
  if (block === undefined) throw new Error('No [data-color-scheme="light"] block found');
  return new Map(
    [...block.matchAll(/(--ds-color-[a-z0-9-]+)\s*:\s*([^;]+);/g)].map(
      ([, name = '', value = '']) => [name, value.trim()],
    ),
  );
}

function cssFile(titleCode: string): string {
  return path.join(brandsDir, `${titleCode.toLowerCase()}.css`);
}

/** The colour token a rule of layout.css paints its background with, e.g. 'neutral-surface-default'. */
function backgroundOf(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(layoutCss)?.[1] ?? '';
  const token = /background:\s*var\(--ds-color-([a-z-]+)\)/.exec(rule)?.[1];
  if (token === undefined) throw new Error(`layout.css: no background colour on ${selector}`);
  return token;
}

const HEADER = backgroundOf('.site-header');
const FOOTER = backgroundOf('.site-footer');
const PAGE = 'neutral-background-default';

/** The page shell's text on its backgrounds: [what, text, background], tokens of the brand. */
const SHELL_PAIRS: ReadonlyArray<readonly [what: string, text: string, background: string]> = [
  // Links (.ds-link) take the accent's text-subtle, text-default when hovered; the tertiary
  // language button and the logo's text fallback use text-subtle too.
  ['header link', 'accent-text-subtle', HEADER],
  ['header link hovered', 'accent-text-default', HEADER],
  ['header text', 'neutral-text-default', HEADER],
  ['page link', 'accent-text-subtle', PAGE],
  ['page link hovered', 'accent-text-default', PAGE],
  ['page text and headings', 'neutral-text-default', PAGE],
  ['page label', 'neutral-text-subtle', PAGE],
  ['footer link', 'accent-text-subtle', FOOTER],
  ['footer link hovered', 'accent-text-default', FOOTER],
  ['footer text', 'neutral-text-default', FOOTER],
  ['footer label', 'neutral-text-subtle', FOOTER],
];

let wordmarkFonts: Font[];
beforeAll(() => {
  wordmarkFonts = loadWordmarkFonts();
});

describe.each(publications.map((p) => [p.titleCode, p] as const))('brand theme %s', (code, p) => {
  const file = cssFile(code);
  const variables = existsSync(file)
    ? lightColorVariables(readFileSync(file, 'utf8'))
    : new Map<string, string>();
  const color = (set: string, token: string): string => {
    const value = variables.get(`--ds-color-${set}-${token}`);
    if (value === undefined) throw new Error(`--ds-color-${set}-${token} is missing in ${file}`);
    return value;
  };

  it('exists (run `npm run themes`)', () => {
    expect(existsSync(file)).toBe(true);
  });

  it('is built from the current registry colours (else run `npm run themes`)', () => {
    expect({
      accent: color('accent', 'base-default').toLowerCase(),
      neutral: color('neutral', 'base-default').toLowerCase(),
      highlight: color('highlight', 'base-default').toLowerCase(),
    }).toEqual(p.brand);
  });

  it('draws information notices in the accent, not Designsystemet’s blue (else run `npm run themes`)', () => {
    // ds-alert data-color="info" paints with the info set: the whole scale is the accent's.
    const tokens = [...variables.keys()]
      .filter((name) => name.startsWith('--ds-color-accent-'))
      .map((name) => name.slice('--ds-color-accent-'.length));
    expect(tokens.length).toBeGreaterThan(10);
    expect(tokens.map((token) => [token, color('info', token).toLowerCase()])).toEqual(
      tokens.map((token) => [token, color('accent', token).toLowerCase()]),
    );
  });

  it('has the three brand colour sets', () => {
    for (const set of REQUIRED_SETS) {
      expect(variables.has(`--ds-color-${set}-text-default`)).toBe(true);
    }
  });

  it('meets WCAG AA contrast for text in every colour set', () => {
    const sets = [
      ...REQUIRED_SETS,
      ...OPTIONAL_SETS.filter((set) => variables.has(`--ds-color-${set}-text-default`)),
    ];
    const failures: string[] = [];
    for (const set of sets) {
      for (const [text, background] of PAIRS) {
        const ratio = contrastRatio(color(set, text), color(set, background));
        if (ratio < AA_TEXT)
          failures.push(`${set}: ${text} on ${background} = ${ratio.toFixed(2)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(`meets WCAG AA contrast for the wordmark, links and text on header (${HEADER}), page and footer (${FOOTER})`, () => {
    const fill = /<g fill="(#[0-9a-f]{6})">/i.exec(wordmarkSvg(p, wordmarkFonts).svg)?.[1];
    if (fill === undefined) throw new Error(`The wordmark of ${code} has no fill colour`);
    const pairs: Array<readonly [string, string, string]> = [
      ['wordmark', fill, color(...split(HEADER))],
      ...SHELL_PAIRS.map(
        ([what, text, background]) =>
          [what, color(...split(text)), color(...split(background))] as const,
      ),
    ];
    const failures = pairs
      .map(([what, text, background]) => [what, contrastRatio(text, background)] as const)
      .filter(([, ratio]) => ratio < AA_TEXT)
      .map(([what, ratio]) => `${what}: ${ratio.toFixed(2)}`);
    expect(failures).toEqual([]);
  });
});

/** 'accent-text-subtle' → ['accent', 'text-subtle'] (the colour set is the first word). */
function split(token: string): [set: string, name: string] {
  const [set = '', ...rest] = token.split('-');
  return [set, rest.join('-')];
}

describe('brand manifest', () => {
  it('records the input hash of every title', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(brandsDir, 'manifest.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(
      publications.map((p) => p.titleCode.toLowerCase()).sort(),
    );
  });
});

/** The header's logo box (layout.css): height 2.5rem, width from 8rem up to what the menu leaves. */
const HEADER_BOXES = [
  // 390 px: 390 − 2 × 16 gutter − 16 gap − the menu button (about 100 px).
  { viewport: 390, width: 240, height: 40 },
  // 1280 px: the logo's maximum width, 24rem.
  { viewport: 1280, width: 384, height: 40 },
] as const;
/** Smallest em (font size) of the drawn name that still reads as a masthead, in CSS px. */
const MIN_EM_PX = 16;

describe.each(publications.map((p) => [p.titleCode, p] as const))('wordmark %s', (_code, p) => {
  const draw = () => wordmarkSvg(p, wordmarkFonts);

  it('names the title for assistive technology and is drawn in the accent colour', () => {
    const { svg } = draw();
    expect(svg).toContain('role="img"');
    expect(svg).toContain(`aria-label="${p.displayName}"`);
    expect(svg).toContain(`<title>${p.displayName}</title>`);
    expect(svg).toContain(`<g fill="${p.brand.accent}">`);
  });

  it('holds every letter of the name inside its viewBox (outlines, no font needed)', () => {
    const { svg } = draw();
    expect(svg).not.toContain('<text');
    const [x, y, width, height] = (
      /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg) ?? []
    )
      .slice(1)
      .map(Number);
    // The font's own layout of the whole name (kerning included), independent of the wordmark's.
    const [font] = wordmarkFonts;
    const box = font!
      .getPath(p.displayName, 0, 0, font!.unitsPerEm, { kerning: true })
      .getBoundingBox();
    expect(box.x1).toBeGreaterThanOrEqual(x!);
    expect(box.y1).toBeGreaterThanOrEqual(y!);
    expect(box.x2).toBeLessThanOrEqual(x! + width!);
    expect(box.y2).toBeLessThanOrEqual(y! + height!);
    // Tight around the name: as wide as the font's layout of it (nothing dropped or added).
    expect(width! - (box.x2 - box.x1)).toBeLessThanOrEqual(2 * WORDMARK_PADDING + 2);
  });

  it.each(HEADER_BOXES)(
    'scales whole into the header at $viewport px with letters of at least 16 px',
    ({ width, height }) => {
      const mark = draw();
      const scale = Math.min(width / mark.width, height / mark.height);
      // Scaled into the box whole (object-fit: contain): never wider or taller than the box.
      expect(mark.width * scale).toBeLessThanOrEqual(width + 1e-9);
      expect(mark.height * scale).toBeLessThanOrEqual(height + 1e-9);
      expect(scale * wordmarkFonts[0]!.unitsPerEm).toBeGreaterThanOrEqual(MIN_EM_PX);
    },
  );
});
