// Catalogue namespaces load per route: `common` holds what the shell shows on every page, and
// each screen's texts are in the namespace named after its feature (src/app/features/home →
// locales/<lng>/home.json, keys under `home.`), so a first visit loads only the texts it shows.
// A static check that every key a feature names resolves in its own namespace (or in `common`
// when written `common:…`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { statusKey } from '../../../src/app/lib/format/subscription';
import { createI18n, languages, loadNamespaces } from '../../../src/app/lib/i18n/i18n';
import { statusCodes } from '../../../src/shared/subscription/status';

const root = path.resolve(import.meta.dirname, '../../..');
const localesDir = path.join(root, 'locales');
const featuresDir = path.join(root, 'src/app/features');

type Catalogue = { [key: string]: string | Catalogue };

function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    // A list (read with `returnObjects: true`) is a key of its own, and so is each line.
    if (typeof value === 'string') return [name];
    return Array.isArray(value) ? [name, ...keysOf(value, name)] : keysOf(value, name);
  });
}

const catalogue = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
  ) as Catalogue;

const keys = (language: string, namespace: string) =>
  new Set(keysOf(catalogue(language, namespace)));

const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** What a feature's source names: t('…') keys, other key-like literals and template prefixes. */
function namedKeys(source: string, namespace: string) {
  const group = (pattern: RegExp, index: number) =>
    [...source.matchAll(pattern)].map((match) => match[index] ?? '');
  const calls = group(/\bt\(\s*(['"])([^'"]+)\1/g, 2);
  // Keys chosen before the call (`const key = cond ? 'callback.cancelled' : 'callback.failed'`,
  // `t(cond ? 'home.a' : 'home.b')`): any string literal that looks like a key of the namespace.
  const literals = group(/(['"])([^'"\s]+)\1/g, 2).filter(
    (text) => text.startsWith(`${namespace}.`) && KEY.test(text),
  );
  // Keys built at run time (`home.price.per.${slug}`): the fixed part must lead somewhere.
  const prefixes = group(/\bt\(\s*`([^`$]*)\$\{/g, 1);
  const namespaceArguments = group(/\buseTranslation\(([^)]*)\)/g, 1).map((text) => text.trim());
  return { calls, literals, prefixes, namespaceArguments };
}

describe('catalogue namespaces', () => {
  it('has a namespace for every feature and none for a feature that does not exist', () => {
    expect(features.length).toBeGreaterThan(0);
    for (const language of languages) {
      const files = readdirSync(path.join(localesDir, language))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/\.json$/, ''))
        .sort();
      expect([language, files]).toEqual([language, ['common', ...features].sort()]);
    }
  });

  describe.each(features)('%s', (feature) => {
    it('has its namespace file in every language', () => {
      for (const language of languages)
        expect([language, existsSync(path.join(localesDir, language, `${feature}.json`))]).toEqual([
          language,
          true,
        ]);
    });

    it('keeps its keys under its own name, and none of them in common', () => {
      for (const language of languages) {
        expect(Object.keys(catalogue(language, feature))).toEqual([feature]);
        const common = catalogue(language, 'common');
        expect(Object.keys(common)).not.toContain(feature);
        const shared = keysOf(common).filter((key) => keys(language, feature).has(key));
        expect([language, shared]).toEqual([language, []]);
      }
    });

    it('resolves every key its screens name in its namespace', () => {
      const own = keys('nb', feature);
      const common = keys('nb', 'common');
      const problems: string[] = [];
      let named = 0;
      for (const file of sourceFiles(path.join(featuresDir, feature))) {
        const where = path.relative(root, file);
        const { calls, literals, prefixes, namespaceArguments } = namedKeys(
          readFileSync(file, 'utf8'),
          feature,
        );
        // The screen asks for its own namespace first (then `common` if it needs shared texts).
        for (const argument of namespaceArguments)
          if (!new RegExp(`^\\[?'${feature}'`).test(argument))
            problems.push(`${where}: useTranslation(${argument}) instead of '${feature}'`);
        for (const key of new Set([...calls, ...literals])) {
          const inCommon = key.startsWith('common:');
          const name = inCommon ? key.slice('common:'.length) : key;
          if (!(inCommon ? common : own).has(name))
            problems.push(`${where}: ${inCommon ? 'common' : feature}:${name} does not exist`);
        }
        for (const prefix of prefixes)
          if (![...own].some((key) => key.startsWith(prefix)))
            problems.push(`${where}: no key of ${feature} starts with ${prefix}`);
        named += calls.length + literals.length + prefixes.length;
      }
      expect(problems).toEqual([]);
      expect(named).toBeGreaterThan(0);
    });
  });

  it("resolves the subscription status keys in home's namespace in every language", () => {
    const statusKeys = [...statusCodes.map(statusKey), statusKey(-1)];
    for (const language of languages) {
      const home = keys(language, 'home');
      expect([language, statusKeys.filter((key) => !home.has(key))]).toEqual([language, []]);
    }
  });
});

describe('loadNamespaces', () => {
  it('loads the namespaces asked for and no others, in the current language', async () => {
    const i18n = await createI18n('nn');
    expect(i18n.hasResourceBundle('nn', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('nn', 'home')).toBe(false);

    await loadNamespaces(i18n, ['home', 'callback']);

    expect(i18n.hasResourceBundle('nn', 'home')).toBe(true);
    expect(i18n.hasResourceBundle('nn', 'callback')).toBe(true);
    expect(i18n.hasResourceBundle('nn', 'not-found')).toBe(false);
    expect(i18n.hasResourceBundle('nb', 'home')).toBe(false);
    expect(i18n.t('home.heading', { ns: 'home' })).toBe('Mi side');
  });

  it('does nothing when the namespaces are loaded or none are given', async () => {
    const i18n = await createI18n('nb', ['common', 'home']);
    const before = i18n.getResourceBundle('nb', 'home') as unknown;
    await loadNamespaces(i18n, ['home']);
    await loadNamespaces(i18n, []);
    await loadNamespaces(i18n);
    expect(i18n.getResourceBundle('nb', 'home')).toBe(before);
  });
});
