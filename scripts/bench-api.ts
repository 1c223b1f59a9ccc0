// `npm run bench:api`: load benchmark of the API. Starts the product (embedded PGlite in a fresh
// temp folder) and a bare Fastify hello-world as separate processes, drives each with the
// autocannon CLI in a third process, and prints throughput and latency as a Markdown table.
// A benchmark, not a test: figures are printed, never asserted. BENCH_SECONDS sets each run's
// length (default 8).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { freePort, root, waitFor } from './lib';

const CONNECTIONS = 10;
const FIXED_RATE = 1000;
const P99_TARGET_MS = 15;
const SHARE_OF_BARE_TARGET = 0.25;
const MAX_ACCOUNT_PROBES = 20;

const seconds = Number(process.env.BENCH_SECONDS || 8);
if (!Number.isInteger(seconds) || seconds < 1) {
  throw new Error(`BENCH_SECONDS must be a whole number of seconds ≥ 1, got "${seconds}"`);
}

/** The part of autocannon's `--json` result this script reads (latencies in ms). */
interface AutocannonResult {
  readonly requests: { readonly average: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

interface Run {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
}

const autocannonCli = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');

async function autocannon(url: string, duration: number, rate?: number): Promise<Run> {
  const args = [autocannonCli, '--json', '-c', String(CONNECTIONS), '-d', String(duration)];
  if (rate !== undefined) args.push('-R', String(rate));
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
async function startServer(name: string, script: string, env: NodeJS.ProcessEnv, readyUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`${name} exited with ${code ?? signal} before it answered ${readyUrl}`);
  });
  exited.catch(() => undefined); // matters only while racing the readiness check below
  await Promise.race([waitFor(readyUrl, 60_000), exited]);
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
 * The demo account to query: the first account from the seed's sequence (100000001, …) with an
 * FVN subscription, which is the digital demo user's. Uses only the public lookup; once login
 * exists this should sign in as digital@demo.minside.no and use that session's account instead.
 */
async function demoAccount(base: string): Promise<string> {
  for (let n = 100000001; n < 100000001 + MAX_ACCOUNT_PROBES; n++) {
    const response = await fetch(`${base}/api/subscription/${n}/FVN`);
    if (!response.ok) throw new Error(`GET /api/subscription/${n}/FVN answered ${response.status}`);
    const body = (await response.json()) as { hasSubscription: boolean };
    if (body.hasSubscription) return String(n);
  }
  throw new Error(`No account with an FVN subscription among the first ${MAX_ACCOUNT_PROBES}`);
}

// autocannon records latency in whole milliseconds, so below 1 ms it has no finer figure.
const ms = (value: number) => (value < 1 ? '<1' : value.toFixed(0));

let failed = false;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'minside-bench-'));
try {
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  await Promise.all([
    startServer(
      'Min Side server',
      'src/server/main.ts',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(apiPort),
      },
      `${api}/api/title/FVN`,
    ),
    startServer(
      'bare Fastify server',
      'scripts/bench-bare-server.ts',
      { HOST: '127.0.0.1', PORT: String(barePort) },
      `${bare}/hello`,
    ),
  ]);

  const account = await demoAccount(api);
  console.log(`Demo account: ${account} (first seeded account with an FVN subscription)`);

  const targets = [
    { name: 'bare Fastify `GET /hello`', url: `${bare}/hello` },
    { name: '`GET /api/title/FVN`', url: `${api}/api/title/FVN` },
    {
      name: `\`GET /api/subscription/${account}/FVN\``,
      url: `${api}/api/subscription/${account}/FVN`,
    },
  ];
  const results = [];
  for (const target of targets) {
    console.error(`Benchmarking ${target.url} (1 s warm-up, then 2 × ${seconds} s)…`);
    await autocannon(target.url, 1);
    const max = await autocannon(target.url, seconds);
    const fixed = await autocannon(target.url, seconds, FIXED_RATE);
    results.push({ ...target, max, fixed });
  }

  const bareMax = results[0]!.max.reqPerSec;
  const cpus = os.cpus();
  console.log(
    `\nNode ${process.version} · ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · ` +
      `${new Date().toISOString()} · ${CONNECTIONS} connections, ${seconds} s per run\n`,
  );
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
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await stopServers();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
