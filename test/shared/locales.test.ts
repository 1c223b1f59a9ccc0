// The catalogues: nb and nn have the same namespaces and keys, no empty strings, and the same
// interpolation placeholders, so no screen falls back or loses a value in nynorsk.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '../../locales');
type Catalogue = { [key: string]: string | Catalogue };

const load = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(name, value);
    else for (const [k, v] of flatten(value, name)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const namespaces = readdirSync(path.join(root, 'nb')).filter((f) => f.endsWith('.json'));

describe('message catalogues', () => {
  it('nn has exactly the namespaces of nb', () => {
    expect(
      readdirSync(path.join(root, 'nn'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(namespaces.sort());
  });

  describe.each(namespaces)('%s', (file) => {
    const nb = flatten(load('nb', file));
    const nn = flatten(load('nn', file));

    it('has the same keys in nb and nn', () => {
      expect([...nn.keys()].sort()).toEqual([...nb.keys()].sort());
    });

    it('has no empty strings', () => {
      for (const [language, entries] of [
        ['nb', nb],
        ['nn', nn],
      ] as const) {
        for (const [key, value] of entries)
          expect(`${language}:${key}=${value.trim()}`).not.toMatch(/=$/);
      }
    });

    it('keeps the placeholders of nb in nn', () => {
      for (const [key, value] of nb)
        expect([key, placeholders(nn.get(key) ?? '')]).toEqual([key, placeholders(value)]);
    });

    it('uses dotted kebab-case keys', () => {
      for (const key of nb.keys())
        expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/);
    });
  });
});
