// Seeds an empty database: catalogue and complaint codes always, demo users when asked. Running
// it again changes nothing (the catalogue is upserted; demo users only go into an empty table).
import type { Db } from '../db/db';
import { hasIdentities } from '../identity/users';

import { seedCatalogue } from './catalogue';
import { seedDemoUsers } from './demo';

export async function seed(db: Db, options: { demoUsers: boolean; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCatalogue(tx);
    if (!options.demoUsers) return;
    if (!(await hasIdentities(tx))) await seedDemoUsers(tx, options.now);
  });
}
