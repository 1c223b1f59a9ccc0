// Every table has one owning module that writes it (README, "Where things live"): this reads the
// README's table of owners and finds every SQL write (insert, update, delete) in src/server, so a
// write from anywhere else — a handler, another domain module, the seed — fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from '@jest/globals';

const root = process.cwd();
const serverDir = join(root, 'src', 'server');

/** table → owning file (relative to src/server), from the README's owners table. */
function ownersFromReadme(): Map<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('| table | owner |'));
  const owners = new Map<string, string>();
  for (const line of section.split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const [tables, files] = line.split('|').slice(1, 3) as [string, string];
    const names = [...tables.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    const paths = [...files.matchAll(/`([a-z/.-]+\.ts)`/gi)].map((m) => m[1]!);
    // One owner for the row, or one per table in the same order (`a` / `b`).
    const paired = paths.length === names.length;
    names.forEach((name, i) => owners.set(name, paired ? paths[i]! : paths[0]!));
  }
  return owners;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** Every `insert into t`, `update t set`, `delete from t` in SQL strings of a file. */
function writes(source: string): string[] {
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  return [
    ...code.matchAll(
      /\binsert\s+into\s+([a-z_]+)|\bupdate\s+([a-z_]+)\s+set\b|\bdelete\s+from\s+([a-z_]+)/gi,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!.toLowerCase());
}

describe('table owners', () => {
  const owners = ownersFromReadme();
  const found = sourceFiles(serverDir).flatMap((file) =>
    writes(readFileSync(file, 'utf8')).map((table) => ({
      table,
      file: relative(serverDir, file),
    })),
  );

  it('reads the owners table of the README', () => {
    expect(owners.get('subscriptions')).toBe('domain/subscriptions/lifecycle.ts');
    expect(owners.get('identity_users')).toBe('identity/users.ts');
    expect(owners.size).toBeGreaterThan(20);
  });

  it('finds the writes of the server', () => {
    expect(found).toContainEqual({ table: 'orders', file: 'domain/orders/orders.ts' });
    expect(found.length).toBeGreaterThan(40);
  });

  it('has every table written only by its owner', () => {
    const strangers = found.filter(({ table, file }) => owners.get(table) !== file);
    expect(strangers).toEqual([]);
  });
});
