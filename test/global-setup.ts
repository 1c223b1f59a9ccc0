// Jest's global set-up: a folder and an id for this run, read by the workers it starts
// (test/server/test-db.ts keeps the run's seeded database copies under them).
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default async function globalSetup() {
  process.env.MINSIDE_TEST_RUN_ID ??= randomBytes(4).toString('hex');
  process.env.MINSIDE_TEST_RUN_DIR ??= await mkdtemp(path.join(tmpdir(), 'minside-test-'));
}
