// `npm run test:postgres`: the server suites that use a database, again on the PostgreSQL named by
// DATABASE_URL (CI: after `npm test` ran everything on embedded PGlite). The suites that never
// open one (pure rules, the shared code, the contract document, the product started as a process
// on its own in-memory database) answer the same on either, so they do not run twice. A suite
// uses the database when it, or a test/server support module it imports, builds the app or opens
// a test database. Arguments go to Jest.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { root, run } from './lib';

const USES_DATABASE =
  /\b(buildTestApp|createTestApp|openSeededTestDb|openTestDb|openEmptyTestDb)\(/;
const LOCAL_IMPORT = /from '(\.{1,2}\/[^']+)'/g;

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith('.test.ts')) yield full;
  }
}

const seen = new Map<string, boolean>();
/** Whether `file` or a local module it imports (test/server's helpers) opens a database. */
function usesDatabase(file: string): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import circle ends here
  const source = readFileSync(file, 'utf8');
  let uses = USES_DATABASE.test(source);
  for (const [, specifier] of source.matchAll(LOCAL_IMPORT)) {
    if (uses) break;
    const target = path.resolve(path.dirname(file), `${specifier}.ts`);
    // The tests' own helpers that set up with them (session-support, order-support …); not src/,
    // nor support.ts and test-db.ts, which define them (a suite may take only freePort there).
    if (
      target.startsWith(path.join(root, 'test', 'server')) &&
      !['support.ts', 'test-db.ts'].includes(path.basename(target))
    )
      uses = usesDatabase(target);
  }
  seen.set(file, uses);
  return uses;
}

if (!process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL names the PostgreSQL to test on, e.g. postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(2);
}
const suites = [...testFiles(path.join(root, 'test', 'server'))].filter(usesDatabase).sort();
console.log(`${suites.length} server suites use a database; running them on PostgreSQL.`);
await run(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--selectProjects',
    'server',
    '--runTestsByPath',
    ...process.argv.slice(2),
    ...suites.map((file) => path.relative(root, file)),
  ],
  { env: process.env },
).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
