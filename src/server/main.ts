// Starts the server: one process, one port, serving the API and the built SPA. A configuration
// that cannot run (in production: a port without its production adapter) stops it before
// anything is opened, with every problem listed at once.
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/db';
import { trackConnections } from './http/shutdown';
import { linkMobilityGateway } from './messaging/linkmobility';
import { smtpTransport } from './messaging/smtp';
import { portLines } from './ports';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\nSee README.md, "Running in production".\n`);
  process.exit(78); // EX_CONFIG
}
const db = await openDb(config);
const app = await buildApp({
  config,
  db,
  ...(config.jobsIntervalSeconds > 0
    ? { jobs: { intervalMs: config.jobsIntervalSeconds * 1000 } }
    : {}),
  // Every instance relays (rows are claimed `skip locked`): an SMS code goes out in seconds.
  relay: {
    intervalMs: 2000,
    transports: {
      email: config.messaging.smtp ? smtpTransport(config.messaging.smtp) : null,
      sms: config.messaging.sms ? linkMobilityGateway(config.messaging.sms) : null,
    },
  },
});
for (const line of portLines(config)) {
  if (line.warn)
    app.log.warn({ port: line.port, adapter: line.adapter }, `port ${line.port}: ${line.adapter}`);
  else
    app.log.info({ port: line.port, adapter: line.adapter }, `port ${line.port}: ${line.adapter}`);
}

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
  `Min Side on http://localhost:${config.port} (${config.production ? 'production' : 'development'}; database: ${db.kind === 'postgres' ? 'PostgreSQL' : config.dataDir})`,
);
