// `npm start`: builds the SPA if its sources changed since the last build, then runs the server
// (API + SPA on one port, embedded database, identity provider, payment sandbox and outbox).
import { ensureBuild } from './lib';

await ensureBuild();
await import('../src/server/main');
