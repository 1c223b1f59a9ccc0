// Every table has one owning module that writes it (src/server/db/owners.ts): this finds every
// SQL write (insert, update, delete) in src/server, so a write from anywhere else — a handler,
// another domain module, the seed — fails here, and so does a table the migrations create without
// naming its owner.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { TABLE_OWNERS } from '../../src/server/db/owners';

const root = process.cwd();
const serverDir = join(root, 'src', 'server');
const owners = new Map<string, string>(Object.entries(TABLE_OWNERS));

/** Every table the migrations create. */
function createdTables(): string[] {
  const dir = join(serverDir, 'db', 'migrations');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) => [
      ...readFileSync(join(dir, name), 'utf8').matchAll(
        /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_]+)/gi,
      ),
    ])
    .map((m) => m[1]!.toLowerCase());
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
  const found = sourceFiles(serverDir).flatMap((file) =>
    writes(readFileSync(file, 'utf8')).map((table) => ({
      table,
      file: relative(serverDir, file),
    })),
  );

  it('names an owner that exists for every table the migrations create', () => {
    const tables = createdTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((table) => !owners.has(table))).toEqual([]);
    const missing = [...new Set(owners.values())].filter((file) => {
      try {
        readFileSync(join(serverDir, file));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('finds the writes of the server', () => {
    expect(found).toContainEqual({ table: 'orders', file: 'domain/orders/orderStore.ts' });
    expect(found.length).toBeGreaterThan(40);
  });

  it('has every table written only by its owner', () => {
    const strangers = found.filter(({ table, file }) => owners.get(table) !== file);
    expect(strangers).toEqual([]);
  });
});
