// `npm run test:e2e`: builds the SPA if needed, then, each against the product started on a free
// port with a fresh in-memory database: the Content-Security-Policy check in headless Chromium
// (scripts/csp-check.ts; TestCafe switches CSP off, so it cannot see a violation), and the
// TestCafe journeys in headless Debian Chromium. Journey files named as arguments
// (`testcafe/student.test.ts`) run instead of all; other arguments go to TestCafe (e.g. `-t "name"`);
// E2E_CSP=skip leaves the CSP check out, E2E_CSP=only runs nothing else.
//
// The journey files are split into shards (E2E_SHARDS, default one per core; 1 when arguments are
// given), each run by its own TestCafe and browser against its own product and database, at the
// same time: no journey can see another shard's readers. The files are dealt out by their
// durations in the last full run on this machine (test-results/e2e/durations.json, not in git),
// else by those of testcafe/durations.json (a full run's, copied there when journeys change much).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { checkContentSecurityPolicy } from './csp-check';
import { browserDidNotOpen, durationsPerFile, readReport } from './e2e-shard';
import {
  CHROMIUM_FLAGS,
  ensureBuild,
  freePort,
  killProcessesWithEnv,
  productEnv,
  root,
  waitFor,
} from './lib';

/**
 * Runs `use` against the product on a free port with a fresh database, then stops it. A student
 * may ask for a new code after 10 s instead of a minute, so that the student journey does not sit
 * out a real minute (the server tests prove the minute with an injected clock).
 */
async function withProduct<T>(use: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...productEnv(port), STUDENT_CODE_RESEND_SECONDS: '10' },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/title/POL`, 60_000);
    return await use(port);
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
const resultsDir = path.join(root, 'test-results', 'e2e');
const durationsFile = path.join(resultsDir, 'durations.json');

const journeyFiles = readdirSync(path.join(root, 'testcafe'))
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => `testcafe/${name}`);

/** Durations per file (ms) from a full run's record, or nothing if there is none. */
function durationsIn(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** A file's expected duration: from the last run here, else from the committed record. */
function weights(): Map<string, number> {
  const here = durationsIn(durationsFile);
  const measured = Object.keys(here).length
    ? here
    : durationsIn(path.join(root, 'testcafe', 'durations.json'));
  const all = Object.values(measured);
  // A file neither record knows (a new one) counts as an average one.
  const mean = all.length ? all.reduce((a, b) => a + b, 0) / all.length : 1;
  return new Map(journeyFiles.map((file) => [file, measured[file] ?? mean]));
}

/** Longest first, each to the shard with the least so far. */
function deal(files: Map<string, number>, shards: number): string[][] {
  const bins = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  for (const [file, weight] of [...files].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const bin = bins.reduce((least, next) => (next.total < least.total ? next : least));
    bin.files.push(file);
    bin.total += weight;
  }
  return bins.filter((bin) => bin.files.length > 0).map((bin) => bin.files.sort());
}

/** How often a shard is started when its browser did not open (no journey ran). */
const BROWSER_OPEN_ATTEMPTS = 3;

/** Runs one TestCafe over `files` (or the whole folder) and prefixes its lines with `label`. */
async function runShard(
  files: string[],
  extra: string[],
  label: string,
  report: string,
): Promise<void> {
  await withProduct(async (port) => {
    const browser = process.env.E2E_BROWSER ?? `chromium:headless ${CHROMIUM_FLAGS.join(' ')}`;
    // Names this shard's TestCafe and the browser it starts (they inherit it), so that every
    // browser process is ended when TestCafe is done: some outlive it otherwise.
    const runId = `${process.pid}-${label || 'all'}`;
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
      `path=${resultsDir},takeOnFails=true,pathPattern=${PATTERN}`,
    ];
    const reporter = ['--reporter', `spec,json:${report}`];
    for (let attempt = 1; ; attempt++) {
      rmSync(report, { force: true });
      const child = spawn(
        'npx',
        ['testcafe', browser, ...files, ...pageErrors, ...screenshots, ...reporter, ...extra],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, E2E_PORT: String(port), [E2E_RUN]: runId },
        },
      );
      let output = '';
      for (const stream of [child.stdout, child.stderr]) {
        const out = stream === child.stdout ? process.stdout : process.stderr;
        createInterface({ input: stream }).on('line', (line) => {
          output += `${line}\n`;
          out.write(`${label}${line}\n`);
        });
      }
      let code: number | null;
      let signal: string | null;
      try {
        [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
      } finally {
        const left = killProcessesWithEnv(E2E_RUN, runId);
        if (left > 0) console.log(`${label}Ended ${left} browser processes TestCafe left running.`);
      }
      if (code === 0) return;
      if (attempt < BROWSER_OPEN_ATTEMPTS && browserDidNotOpen(output, readReport(report))) {
        console.log(
          `${label}The browser did not open and no journey ran; starting this shard again ` +
            `(attempt ${attempt + 1} of ${BROWSER_OPEN_ATTEMPTS}).`,
        );
        continue;
      }
      throw new Error(`TestCafe ${label.trim()} exited with ${code ?? signal}`);
    }
  });
}

/**
 * Writes this run's durations per file to test-results/e2e/durations.json, when every shard left
 * a report: a partial record would make the files it lacks count as average ones next time.
 */
function recordDurations(reports: string[]) {
  const missing = reports.filter((report) => readReport(report) === undefined);
  if (missing.length > 0) {
    console.log(
      `No durations recorded: no report in ${missing.map((r) => path.basename(r)).join(', ')}.`,
    );
    return;
  }
  writeFileSync(durationsFile, `${JSON.stringify(durationsPerFile(reports, root), null, 2)}\n`);
}

const csp = process.env.E2E_CSP;
const args = process.argv.slice(2);
/** Journey files named on the command line run instead of all (else TestCafe ran them twice). */
const isJourneyFile = (arg: string) => /\.test\.ts$/.test(arg) && existsSync(arg);
const chosen = args.filter(isJourneyFile);
const extra = args.filter((arg) => !isJourneyFile(arg));
const shardCount = Math.max(
  1,
  Number(process.env.E2E_SHARDS ?? (args.length ? 1 : availableParallelism())),
);
let failed = false;
try {
  await ensureBuild();
  mkdirSync(resultsDir, { recursive: true });
  if (csp !== 'skip') {
    console.log('Content-Security-Policy in headless Chromium…');
    await withProduct(checkContentSecurityPolicy);
  }
  if (csp !== 'only') {
    const shards =
      chosen.length > 0 ? [chosen] : shardCount > 1 ? deal(weights(), shardCount) : [['testcafe/']];
    const reports = shards.map((_, i) => path.join(resultsDir, `shard-${i + 1}.json`));
    if (shards.length > 1)
      shards.forEach((files, i) => console.log(`[${i + 1}] ${files.join(' ')}`));
    const started = Date.now();
    const results = await Promise.allSettled(
      shards.map((files, i) =>
        runShard(files, extra, shards.length > 1 ? `[${i + 1}] ` : '', reports[i]!),
      ),
    );
    if (args.length === 0) recordDurations(reports);
    console.log(`Journeys done in ${Math.round((Date.now() - started) / 1000)} s.`);
    for (const result of results)
      if (result.status === 'rejected') {
        console.error(result.reason instanceof Error ? result.reason.message : result.reason);
        failed = true;
      }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
}
process.exit(failed ? 1 : 0);
