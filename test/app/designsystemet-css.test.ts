// The app ships only the Designsystemet component styles it uses (src/app/ui/designsystemet.css).
// This test reads every ds-* class the sources use and fails when one has no style among the
// imported files, naming the package file that has it; and it keeps each file in the cascade
// layer the package's own index.css puts it in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

const SRC = path.resolve('src/app');
const SHIPPED = path.join(SRC, 'ui/designsystemet.css');
const PACKAGE = path.resolve('node_modules/@digdir/designsystemet-css/dist/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(?:tsx?|css)$/.test(name) && file !== SHIPPED ? [file] : [];
  });
}

/** ds-* class names in source text; CSS variables (--ds-…) are the theme's, not classes. */
function classesIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w-])ds-[a-z]+(?:-[a-z]+)*/g)].map((match) => match[0]);
}

const hasSelector = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);

const imports = [
  ...readFileSync(SHIPPED, 'utf8').matchAll(
    /@import '@digdir\/designsystemet-css\/([\w-]+\.css)' layer\(([\w.]+)\);/g,
  ),
].map(([, file, layer]) => ({ file: file!, layer: layer! }));
const shippedCss = imports
  .map(({ file }) => readFileSync(path.join(PACKAGE, file), 'utf8'))
  .join('\n');

describe('the Designsystemet styles the app ships', () => {
  it('imports something, from files that exist', () => {
    expect(imports.length).toBeGreaterThan(5);
  });

  it('styles every ds-* class used in src/app', () => {
    const used = new Map<string, string>();
    for (const file of sources(SRC)) {
      for (const name of classesIn(readFileSync(file, 'utf8'))) {
        if (!used.has(name)) used.set(name, path.relative(SRC, file));
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const packageFiles = readdirSync(PACKAGE).filter(
      (name) => name.endsWith('.css') && name !== 'index.css',
    );
    const unstyled = [...used]
      .filter(([name]) => !hasSelector(shippedCss, name))
      .map(([name, where]) => {
        const owner = packageFiles.find((file) =>
          hasSelector(readFileSync(path.join(PACKAGE, file), 'utf8'), name),
        );
        return `${name} (used in ${where}; ${owner ? `add ${owner}` : 'not in Designsystemet'})`;
      });
    expect(unstyled).toEqual([]);
  });

  it('puts each file in the cascade layer the package puts it in', () => {
    const index = readFileSync(path.join(PACKAGE, 'index.css'), 'utf8');
    for (const { file, layer } of imports) {
      const content = readFileSync(path.join(PACKAGE, file), 'utf8').trim();
      const at = index.indexOf(content.slice(0, 200));
      expect({ file, found: at >= 0 }).toEqual({ file, found: true });
      const opened = index.slice(0, at).lastIndexOf('@layer ');
      expect({ file, layer: /^@layer ([\w.]+)\{/.exec(index.slice(opened))?.[1] }).toEqual({
        file,
        layer,
      });
    }
  });
});
