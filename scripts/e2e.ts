// `npm run test:e2e`: builds the SPA if needed, starts the product on a free port with a fresh
// in-memory database, and runs the TestCafe journeys in headless Debian Chromium against it.
import { spawn } from 'node:child_process';

import { ensureBuild, freePort, root, run, waitFor } from './lib';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

await ensureBuild();
const port = await freePort();
const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    // Both loopback families: the browser and the server's own OpenID client reach it as localhost.
    HOST: 'localhost',
    DATA_DIR: 'memory://',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

let failed = false;
try {
  await waitFor(`http://127.0.0.1:${port}/api/title/POL`, 60_000);
  const browser = process.env.E2E_BROWSER ?? `chromium:headless ${CHROMIUM_FLAGS.join(' ')}`;
  const extra = process.argv.slice(2);
  await run('npx', ['testcafe', browser, 'testcafe/', '--skip-js-errors=false', ...extra], {
    env: { ...process.env, E2E_PORT: String(port) },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  stopServer();
}
process.exit(failed ? 1 : 0);
