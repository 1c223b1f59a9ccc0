// Starts the server: one process, one port, serving the API and the built SPA.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/db';
import { trackConnections } from './http/shutdown';

const config = loadConfig();
const db = await openDb(config);
const app = await buildApp({
  config,
  db,
  ...(config.jobsIntervalSeconds > 0
    ? { jobs: { intervalMs: config.jobsIntervalSeconds * 1000 } }
    : {}),
});

const connections = trackConnections(app.server);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(
      { signal, openConnections: connections.open, graceSeconds: config.shutdownGraceSeconds },
      'shutting down',
    );
    connections.drain(config.shutdownGraceSeconds * 1000);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Min Side on http://localhost:${config.port} (database: ${db.kind === 'postgres' ? 'PostgreSQL' : config.dataDir})`,
);
