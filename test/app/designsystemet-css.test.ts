// The app ships only the Designsystemet component styles it uses, in sheets by what needs them:
// src/app/ui/designsystemet.css on every page, and the sheets beside it (forms, the dialog,
// tables) with the chunks of the modules that import them. This test reads every ds-* class the
// sources use and fails when one has no style in any sheet (naming the package file that has it),
// or when a module uses a class of a sheet it does not import (the class would be unstyled on a
// page that has not loaded that sheet yet); and it keeps each file in the cascade layer the
// package's own index.css puts it in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

const SRC = path.resolve('src/app');
const UI = path.join(SRC, 'ui');
const PAGE_SHEET = 'designsystemet.css';
const PACKAGE = path.resolve('node_modules/@digdir/designsystemet-css/dist/src');

const sheetNames = readdirSync(UI).filter((name) => /^designsystemet(?:-[\w-]+)?\.css$/.test(name));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    const isSheet = path.dirname(file) === UI && sheetNames.includes(name);
    return /\.(?:tsx?|css)$/.test(name) && !isSheet ? [file] : [];
  });
}

/** ds-* class names in source text; CSS variables (--ds-…) are the theme's, not classes. */
function classesIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w-])ds-[a-z]+(?:-[a-z]+)*/g)].map((match) => match[0]);
}

const selectorCount = (css: string, name: string) =>
  css.match(new RegExp(`\\.${name}(?![\\w-])`, 'g'))?.length ?? 0;

const packageFiles = readdirSync(PACKAGE).filter(
  (name) => name.endsWith('.css') && name !== 'index.css',
);
const packageCss = new Map(
  packageFiles.map((file) => [file, readFileSync(path.join(PACKAGE, file), 'utf8')]),
);

/**
 * The package file that styles a class: the one naming it most (card.css also names .ds-details,
 * to style a disclosure inside a card, but details.css is where a disclosure gets its style).
 */
function ownerOf(name: string): string | undefined {
  let best: { file: string; count: number } | undefined;
  for (const [file, css] of packageCss) {
    const count = selectorCount(css, name);
    if (count > 0 && (!best || count > best.count)) best = { file, count };
  }
  return best?.file;
}

const sheets = sheetNames.map((name) => {
  const imports = [
    ...readFileSync(path.join(UI, name), 'utf8').matchAll(
      /@import '@digdir\/designsystemet-css\/([\w-]+\.css)' layer\(([\w.]+)\);/g,
    ),
  ].map(([, file, layer]) => ({ file: file!, layer: layer! }));
  return { name, files: new Set(imports.map(({ file }) => file)), imports };
});
const pageSheet = sheets.find((sheet) => sheet.name === PAGE_SHEET)!;

/** Whether a module imports the sheet (`import '…/ui/designsystemet-forms.css'`). */
const importsSheet = (text: string, sheet: string) =>
  new RegExp(`^import '[./]*(?:ui/)?${sheet.replace('.', '\\.')}';$`, 'm').test(text);

describe('the Designsystemet styles the app ships', () => {
  it('has the page sheet and the sheets beside it, each importing something that exists', () => {
    expect(sheetNames).toContain(PAGE_SHEET);
    expect(sheets.length).toBeGreaterThan(1);
    for (const sheet of sheets)
      expect({ sheet: sheet.name, count: sheet.imports.length > 0 }).toEqual({
        sheet: sheet.name,
        count: true,
      });
    expect(pageSheet.imports.length).toBeGreaterThan(5);
  });

  it('ships each package file in one sheet only', () => {
    const files = sheets.flatMap((sheet) => sheet.imports.map(({ file }) => file));
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
  });

  it('styles every ds-* class used in src/app, from a sheet the using module imports', () => {
    const used = new Map<string, string>();
    const missingImports: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const name of new Set(classesIn(text))) {
        if (!used.has(name)) used.set(name, path.relative(SRC, file));
        const owner = ownerOf(name);
        if (file.endsWith('.css') || !owner || pageSheet.files.has(owner)) continue;
        const sheet = sheets.find((candidate) => candidate.files.has(owner));
        if (sheet && !importsSheet(text, sheet.name)) {
          missingImports.push(
            `${path.relative(SRC, file)} uses ${name}: import '…/ui/${sheet.name}'`,
          );
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const unstyled = [...used]
      .filter(([name]) => {
        const owner = ownerOf(name);
        return !owner || !sheets.some((sheet) => sheet.files.has(owner));
      })
      .map(([name, where]) => {
        const owner = ownerOf(name);
        return `${name} (used in ${where}; ${owner ? `add ${owner}` : 'not in Designsystemet'})`;
      });
    expect(unstyled).toEqual([]);
    expect(missingImports).toEqual([]);
  });

  it('keeps what every page shows in the page sheet', () => {
    const everyPage = ['base.css', 'button.css', 'link.css', 'alert.css', 'skip-link.css'];
    const files = pageSheet.imports.map(({ file }) => file);
    expect(everyPage.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('puts each file in the cascade layer the package puts it in', () => {
    const index = readFileSync(path.join(PACKAGE, 'index.css'), 'utf8');
    for (const { file, layer } of sheets.flatMap((sheet) => sheet.imports)) {
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

  it('declares the layer order first in every sheet, whichever loads first', () => {
    for (const sheet of sheets) {
      const text = readFileSync(path.join(UI, sheet.name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      expect({ sheet: sheet.name, first: text.trim().split('\n')[0] }).toEqual({
        sheet: sheet.name,
        first: '@layer ds.theme, ds.base, ds.components;',
      });
    }
  });
});
