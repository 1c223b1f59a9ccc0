// `npm run test:e2e`: builds the SPA if needed, then, each against the product started on a free
// port with a fresh in-memory database: the Content-Security-Policy check in headless Chromium
// (scripts/csp-check.ts; TestCafe switches CSP off, so it cannot see a violation), and the
// TestCafe journeys in headless Debian Chromium. Arguments go to TestCafe (e.g. `-t "name"`);
// E2E_CSP=skip leaves the CSP check out, E2E_CSP=only runs nothing else.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

import { checkContentSecurityPolicy } from './csp-check';
import {
  CHROMIUM_FLAGS,
  ensureBuild,
  freePort,
  killProcessesWithEnv,
  productEnv,
  root,
  run,
  waitFor,
} from './lib';

/** Runs `use` against the product on a free port with a fresh database, then stops it. */
async function withProduct(use: (port: number) => Promise<void>): Promise<void> {
  const port = await freePort();
  const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: productEnv(port),
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/title/POL`, 60_000);
    await use(port);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      stop();
      await once(server, 'exit');
    }
    process.off('exit', stop);
  }
}

/** The environment variable that marks the processes of one TestCafe run. */
const E2E_RUN = 'MINSIDE_E2E_RUN';

const csp = process.env.E2E_CSP;
let failed = false;
try {
  await ensureBuild();
  if (csp !== 'skip') {
    console.log('Content-Security-Policy in headless Chromium…');
    await withProduct(checkContentSecurityPolicy);
  }
  if (csp !== 'only') {
    await withProduct(async (port) => {
      const browser = process.env.E2E_BROWSER ?? `chromium:headless ${CHROMIUM_FLAGS.join(' ')}`;
      const extra = process.argv.slice(2);
      // Names this run's TestCafe and the browser it starts (they inherit it), so that every
      // browser process is ended when TestCafe is done: some outlive it otherwise.
      const runId = String(process.pid);
      // Each journey runs once: a failure is a failure (no quarantine, no retries). Every error
      // on a page fails its journey but one: the bare "Script error." a browser reports for a
      // script of another origin, which hides its message and stack. The product's pages run
      // only their own origin's scripts (its policy is script-src 'self', and the SPA's chunks
      // are same-origin, so their errors always carry their message); TestCafe switches that
      // policy off and injects its own, and one of those rarely throws while a page loads
      // (seen on the sign-in page and on /vilkaar, at the journey's first step).
      const pageErrors = ['--skip-js-errors', 'message=/^Script error\\.$/'];
      // A failed journey leaves a picture of the page as it was (test-results/e2e/, not in git),
      // so that a failure seen once in a full run can be explained.
      const PATTERN = '${DATE}_${TIME}/${FIXTURE}/${TEST}/${FILE_INDEX}.png';
      const screenshots = [
        '--screenshots',
        `path=${root}/test-results/e2e,takeOnFails=true,pathPattern=${PATTERN}`,
      ];
      try {
        await run(
          'npx',
          ['testcafe', browser, 'testcafe/', ...pageErrors, ...screenshots, ...extra],
          {
            env: { ...process.env, E2E_PORT: String(port), [E2E_RUN]: runId },
          },
        );
      } finally {
        const left = killProcessesWithEnv(E2E_RUN, runId);
        if (left > 0) console.log(`Ended ${left} browser processes TestCafe left running.`);
      }
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
}
process.exit(failed ? 1 : 0);
