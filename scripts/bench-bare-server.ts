// Baselines for `npm run bench:api`, each a bare Fastify server (same Fastify version as the
// product, logger off) the product's API routes are compared against:
// - `GET /hello`: a hello-world, what Fastify alone answers on this machine;
// - `GET /subscription` (with BARE_DATABASE_URL, BARE_SESSION_ID and BARE_TITLE_CODE): the signed-in
//   subscription read with nothing around it. It runs the very statement the product runs for
//   `GET /api/subscription/{accountNo}/{titleCode}` — built by the product's own code
//   (identity/sessions.ts sessionLookupStatement with domain/subscriptions/overview.ts
//   overviewRead), so the two cannot drift — with the same parameters, as a named prepared
//   statement on a `pg` pool the size of the product's, and answers the rows as JSON. No cookie,
//   no session rules, no mapping: what is left is Fastify, `pg` and the database.
import Fastify from 'fastify';
import pg from 'pg';

import { sha256 } from '../src/server/crypto';
import { overviewRead } from '../src/server/domain/subscriptions/overview';
import { normaliseTitleCode } from '../src/server/http/title-code';
import { sessionLookupStatement } from '../src/server/identity/sessions';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set to a port number');

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const { BARE_DATABASE_URL: databaseUrl, BARE_SESSION_ID: sessionId } = process.env;
const titleCode = process.env.BARE_TITLE_CODE;
let pool: pg.Pool | null = null;
if (databaseUrl && sessionId && titleCode) {
  // The read of the product's getSubscription (handlers/subscription.ts, overviewOfSession); its
  // SQL does not depend on the day, only the mapping of the rows does.
  const read = overviewRead(normaliseTitleCode(titleCode), new Date());
  const { text, values } = sessionLookupStatement(sha256(sessionId), read);
  // The product's pool: 10 connections, the schema as the search path in the URL's options.
  pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const statement = { name: 'bare_subscription', text, values: [...values] };
  app.get('/subscription', async () => (await pool!.query(statement)).rows);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => pool?.end())
        .then(() => process.exit(0)),
  );
}

await app.listen({ port, host: process.env.HOST || '127.0.0.1' });
