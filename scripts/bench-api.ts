// `npm run bench:api`: load benchmark of the API. Starts the product (embedded PGlite in a fresh
// temp folder) and a bare Fastify hello-world as separate processes, drives each with the
// autocannon CLI in a third process, and prints throughput and latency as a Markdown table.
// With BENCH_DATABASE_URL (PostgreSQL) it then runs the signed-in subscription read against a
// bare Fastify + `pg` server running the same statement (scripts/bench-bare-server.ts), in
// alternating rounds, and prints each round and the ratio.
// A benchmark, not a test: figures are printed, never asserted. BENCH_SECONDS sets each run's
// length (default 8), BENCH_ROUNDS the alternating rounds (default 3), BENCH_WARMUP the flat-out
// warm-up of each server before them (default 1 s), BENCH_ROUNDS_ONLY=1 skips the table,
// BENCH_PROFILE_DIR runs both servers with `--cpu-prof` into that folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { CookieJar, freePort, root, runSql, waitFor } from './lib';

const CONNECTIONS = 10;
const FIXED_RATE = 1000;
const P99_TARGET_MS = 15;
const SHARE_OF_BARE_TARGET = 0.25;

const seconds = Number(process.env.BENCH_SECONDS || 8);
if (!Number.isInteger(seconds) || seconds < 1) {
  throw new Error(`BENCH_SECONDS must be a whole number of seconds ≥ 1, got "${seconds}"`);
}
const rounds = Number(process.env.BENCH_ROUNDS || 3);
if (!Number.isInteger(rounds) || rounds < 1) {
  throw new Error(`BENCH_ROUNDS must be a whole number ≥ 1, got "${rounds}"`);
}
const warmUpSeconds = Number(process.env.BENCH_WARMUP || 1);
if (!Number.isInteger(warmUpSeconds) || warmUpSeconds < 1) {
  throw new Error(`BENCH_WARMUP must be a whole number of seconds ≥ 1, got "${warmUpSeconds}"`);
}
const roundsOnly = process.env.BENCH_ROUNDS_ONLY === '1';
const profileDir = process.env.BENCH_PROFILE_DIR;

/** The part of autocannon's `--json` result this script reads (latencies in ms). */
interface AutocannonResult {
  readonly requests: { readonly average: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

interface Run {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
}

const autocannonCli = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');

async function autocannon(
  url: string,
  duration: number,
  rate?: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<Run> {
  const args = [autocannonCli, '--json', '-c', String(CONNECTIONS), '-d', String(duration)];
  if (rate !== undefined) args.push('-R', String(rate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const child = spawn(process.execPath, [...args, url], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const json = stdout.trim().split('\n').pop();
  if (code !== 0 || !json) {
    throw new Error(`autocannon ${url} exited with ${code}:\n${stderr}`);
  }
  const result = JSON.parse(json) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ` +
        `${result.timeouts} timeouts under load`,
    );
  }
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));

/** Spawns a server and resolves once `readyUrl` answers; rejects if the process exits first. */
async function startServer(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeFlags: readonly string[] = [],
) {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  if (profileDir) console.error(`${name}: pid ${child.pid}, profiled into ${profileDir}`);
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`${name} exited with ${code ?? signal} before it answered ${readyUrl}`);
  });
  exited.catch(() => undefined); // matters only while racing the readiness check below
  await Promise.race([waitFor(readyUrl, 60_000), exited]);
  return child;
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is not there. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

/** A flat-out run, with the CPU time the server process used per request (ms). */
async function measured(url: string, server: ChildProcess, headers = {}) {
  const before = cpuMsOf(server.pid);
  const started = performance.now();
  const run = await autocannon(url, seconds, undefined, headers);
  const after = cpuMsOf(server.pid);
  const requests = (run.reqPerSec * (performance.now() - started)) / 1000;
  return {
    reqPerSec: run.reqPerSec,
    cpuMsPerRequest: before === null || after === null ? null : (after - before) / requests,
  };
}

async function stopServers() {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stubborn);
    }),
  );
}

/**
 * Signs in as the digital demo user the way the SPA does: login token from the BFF, the embedded
 * provider's one-click demo sign-in, back to /callback, the code exchanged by POST handlecode.
 * Returns the session cookie and the account number of the session.
 */
async function signIn(base: string): Promise<{ cookie: string; account: string }> {
  const spa = new CookieJar();
  const api = { origin: base, 'x-minside-request': '1' };
  const token = await spa.fetch(`${base}/api/loginToken?returnUrl=/`);
  const { authorizeUrl } = (await token.json()) as { authorizeUrl: string };
  const idp = new CookieJar();
  let response = await idp.fetch(authorizeUrl);
  const interaction = new URL(response.headers.get('location')!, authorizeUrl).href;
  response = await idp.fetch(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ demo: '1', email: 'digital@demo.minside.no' }).toString(),
  });
  for (let hop = 0; hop < 10; hop++) {
    const location = new URL(response.headers.get('location') ?? '', authorizeUrl);
    if (location.pathname === '/callback') {
      const exchange = await spa.fetch(`${base}/api/handlecode`, {
        method: 'POST',
        headers: { ...api, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: location.searchParams.get('code'),
          state: location.searchParams.get('state'),
        }),
      });
      const body = (await exchange.json()) as { session?: { account?: { ariaAccountNo: string } } };
      const account = body.session?.account?.ariaAccountNo;
      const session = spa.get('minside');
      if (!exchange.ok || !account || !session) {
        throw new Error(`Sign-in failed: ${exchange.status} ${JSON.stringify(body)}`);
      }
      return { cookie: `minside=${session}`, account };
    }
    response = await idp.fetch(location.href);
  }
  throw new Error('Sign-in did not come back to /callback');
}

// autocannon records latency in whole milliseconds, so below 1 ms it has no finer figure.
const ms = (value: number) => (value < 1 ? '<1' : value.toFixed(0));

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The signed-in subscription read against the bare Fastify + `pg` server running the same
 * statement: alternating rounds, the product first in each, flat out. Alternating matters on a
 * shared 2-core machine, where the load of other work moves absolute figures from minute to
 * minute.
 */
async function baselineRounds(
  product: { readonly url: string; readonly server: ChildProcess },
  bare: { readonly url: string; readonly server: ChildProcess },
  headers: Record<string, string>,
) {
  console.error(
    `Alternating ${rounds} × (${product.url}, ${bare.url}), ${seconds} s each, ` +
      `after ${warmUpSeconds} s warm-ups…`,
  );
  await autocannon(product.url, warmUpSeconds, undefined, headers);
  await autocannon(bare.url, warmUpSeconds);
  const results = [];
  for (let round = 0; round < rounds; round++) {
    results.push({
      product: await measured(product.url, product.server, headers),
      bare: await measured(bare.url, bare.server),
    });
  }
  console.log(
    '\nSigned-in `GET /api/subscription/…/FVN` against a bare Fastify + `pg` server running the ' +
      `same statement (max req/s, ${CONNECTIONS} connections, ${seconds} s, alternating):\n`,
  );
  console.log(
    '| round | product req/s | bare Fastify + `pg` req/s | product / bare | ' +
      'server CPU ms per request: product | bare |',
  );
  console.log('|--:|--:|--:|--:|--:|--:|');
  const ratios = results.map(({ product: p, bare: b }) => p.reqPerSec / b.reqPerSec);
  const cpu = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  results.forEach(({ product: p, bare: b }, index) =>
    console.log(
      `| ${index + 1} | ${p.reqPerSec.toFixed(0)} | ${b.reqPerSec.toFixed(0)} | ` +
        `${(ratios[index]! * 100).toFixed(0)} % | ${cpu(p.cpuMsPerRequest)} | ${cpu(b.cpuMsPerRequest)} |`,
    ),
  );
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.log(
    `\nProduct / bare: median ${pct(median(ratios))} ` +
      `(${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}).`,
  );
}

let failed = false;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'minside-bench-'));
// BENCH_DATABASE_URL runs the same benchmark on PostgreSQL, in a schema of its own.
const postgresUrl = process.env.BENCH_DATABASE_URL;
const schema = `bench_${process.pid}`;
const onPostgres = (sql: string) => runSql(postgresUrl!, sql);
let databaseUrl = '';
if (postgresUrl) {
  await onPostgres(`create schema ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = url.href;
}
try {
  const [apiPort, barePort] = [await freePort(), await freePort()];
  // localhost (both loopback families): the login flow runs against the server's own provider.
  const api = `http://localhost:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const productServer = await startServer(
    'Min Side server',
    'src/server/main.ts',
    {
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: 'localhost',
      PORT: String(apiPort),
    },
    `${api}/api/title/FVN`,
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  );

  const { cookie, account } = await signIn(api);
  console.log(`Signed in as digital@demo.minside.no (account ${account})`);
  // The bare server reads with the session just made: on PostgreSQL it runs the product's
  // statement for that session and title.
  const bareServer = await startServer(
    'bare Fastify server',
    'scripts/bench-bare-server.ts',
    {
      HOST: '127.0.0.1',
      PORT: String(barePort),
      ...(postgresUrl
        ? {
            BARE_DATABASE_URL: databaseUrl,
            BARE_SESSION_ID: cookie.slice(cookie.indexOf('=') + 1),
            BARE_TITLE_CODE: 'FVN',
          }
        : {}),
    },
    `${bare}/hello`,
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  );
  if (postgresUrl) {
    // The baseline must find the session and its subscription, or it compares nothing.
    const rows = (await (await fetch(`${bare}/subscription`)).json()) as { read_value?: unknown }[];
    if (rows.length !== 1 || !rows[0]?.read_value) {
      throw new Error(`The bare server's read found no subscription: ${JSON.stringify(rows)}`);
    }
  }

  const withSession = { cookie };
  const targets: Target[] = [
    { name: 'bare Fastify `GET /hello`', url: `${bare}/hello`, headers: {} },
    { name: '`GET /api/title/FVN`', url: `${api}/api/title/FVN`, headers: {} },
    {
      name: '`GET /api/session` (bootstrap, signed in)',
      url: `${api}/api/session`,
      headers: withSession,
    },
    {
      name: `\`GET /api/subscription/${account}/FVN\` (signed in)`,
      url: `${api}/api/subscription/${account}/FVN`,
      headers: withSession,
    },
  ];
  const results = [];
  for (const target of roundsOnly ? [] : targets) {
    console.error(`Benchmarking ${target.url} (1 s warm-up, then 2 × ${seconds} s)…`);
    await autocannon(target.url, 1, undefined, target.headers);
    const max = await autocannon(target.url, seconds, undefined, target.headers);
    const fixed = await autocannon(target.url, seconds, FIXED_RATE, target.headers);
    results.push({ ...target, max, fixed });
  }

  const cpus = os.cpus();
  console.log(
    `\nDatabase: ${postgresUrl ? 'PostgreSQL' : 'embedded PGlite'} · Node ${process.version} · ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · ` +
      `${new Date().toISOString()} · ${CONNECTIONS} connections, ${seconds} s per run`,
  );
  if (!roundsOnly) printTable(results);
  const subscriptionUrl = targets[3]!.url;
  if (postgresUrl) {
    await baselineRounds(
      { url: subscriptionUrl, server: productServer },
      { url: `${bare}/subscription`, server: bareServer },
      withSession,
    );
  } else {
    console.log(
      '\nThe bare Fastify + `pg` baseline of the subscription read runs on PostgreSQL only: ' +
        'set BENCH_DATABASE_URL to compare with it.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await stopServers();
  await rm(dataDir, { recursive: true, force: true });
  if (postgresUrl) await onPostgres(`drop schema if exists ${schema} cascade`);
}
process.exit(failed ? 1 : 0);

function printTable(results: readonly (Target & { max: Run; fixed: Run })[]) {
  const bareMax = results[0]!.max.reqPerSec;
  console.log('');
  console.log(
    `| target | max req/s | p50 ms | p99 ms | % of bare | @${FIXED_RATE} req/s: achieved | p50 ms | p99 ms | target met? |`,
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|---|');
  results.forEach(({ name, max, fixed }, index) => {
    const share = max.reqPerSec / bareMax;
    let met = 'baseline';
    if (index > 0) {
      const misses = [
        fixed.p99 > P99_TARGET_MS && `p99 ${ms(fixed.p99)} ms > ${P99_TARGET_MS} ms`,
        share < SHARE_OF_BARE_TARGET && `${(share * 100).toFixed(0)} % < 25 % of bare`,
      ].filter(Boolean);
      met = misses.length === 0 ? 'yes' : `no (${misses.join('; ')})`;
    }
    console.log(
      `| ${name} | ${max.reqPerSec.toFixed(0)} | ${ms(max.p50)} | ${ms(max.p99)} | ` +
        `${(share * 100).toFixed(0)} % | ${fixed.reqPerSec.toFixed(0)} | ${ms(fixed.p50)} | ` +
        `${ms(fixed.p99)} | ${met} |`,
    );
  });
  console.log(
    `\nTarget: p99 ≤ ${P99_TARGET_MS} ms at ${FIXED_RATE} req/s and ≥ ${SHARE_OF_BARE_TARGET * 100} % ` +
      'of bare Fastify throughput (informational).',
  );
}
