// Secrets the server makes for itself: generated once, kept in the database, the same for every
// instance sharing it. A configured value always wins.
// Owns `server_secrets`.
import { randomBytes } from 'node:crypto';

import type { Queryable } from './db';

export async function persistedSecret(db: Queryable, name: string): Promise<string> {
  await db.query(
    'insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing',
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    'select value from server_secrets where name = $1',
    [name],
  );
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
