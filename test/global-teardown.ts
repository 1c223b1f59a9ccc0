// Jest's global teardown: removes the run's database copies (test/server/test-db.ts), those of
// suites that ended without closing theirs too.
import { removeRunDatabases } from './server/test-db';

export default async function globalTeardown() {
  const dir = process.env.MINSIDE_TEST_RUN_DIR;
  const id = process.env.MINSIDE_TEST_RUN_ID;
  if (dir && id) await removeRunDatabases(dir, id, process.env.DATABASE_URL);
}
