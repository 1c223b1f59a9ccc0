// `npm run check:cycles -- <folder>…`: finds import circles among the .ts/.tsx files under each
// folder. Every import counts (type-only imports, `export … from`, lazy `import()`), because a
// type-only circle still ties two modules together. Prints each strongly connected component of
// more than one file and exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { root } from './lib';

const sourceFile = /\.tsx?$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Resolves a relative specifier the way the bundler resolution does (extension optional). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stripped = base.replace(/\.(js|mjs|cjs)$/, '');
  const candidates = [
    base,
    `${stripped}.ts`,
    `${stripped}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every module a file depends on: static imports, re-exports and `import()` calls. */
function dependencies(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const specifiers = info.importedFiles.map((ref) => ref.fileName);
  return [...new Set(specifiers.map((s) => resolve(file, s)).filter((f) => f !== undefined))];
}

/** Tarjan's algorithm; returns the components with more than one file. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];

  const visit = (node: string): void => {
    indices.set(node, index);
    lowlink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };

  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: npm run check:cycles -- <folder> [folder…]');
  process.exit(2);
}

let failed = false;
for (const folder of folders) {
  const dir = path.resolve(root, folder);
  const graph = new Map(listFiles(dir).map((file) => [file, dependencies(file)]));
  const components = cycles(graph);
  console.log(
    `${folder}: ${graph.size} files, ${components.length} import circle(s)` +
      (components.length > 0 ? ':' : ''),
  );
  components.forEach((component, i) => {
    console.log(`  ${i + 1}. ${component.length} files`);
    for (const file of component) console.log(`     ${path.relative(root, file)}`);
  });
  if (components.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
