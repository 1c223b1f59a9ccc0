// Helpers shared by the project's scripts: running commands, free ports, the SPA build stamp,
// starting the product and signing in as a demo user in Chromium.
import { spawn, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import type { Page } from 'playwright-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'dist');

export function run(command: string, args: readonly string[], options: SpawnOptions = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const buildInputs = [
  'src/app',
  'src/shared',
  'locales',
  'public',
  'webpack.config.ts',
  // Draws the wordmarks the build emits (dist/wordmarks).
  'scripts/wordmarks.ts',
  'package-lock.json',
];

function* files(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  if (statSync(dir).isFile()) {
    yield dir;
    return;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A hash of everything the SPA build reads: when it changes, dist/ is stale. */
export function buildInputHash(): string {
  const hash = createHash('sha256');
  for (const input of buildInputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const stampFile = path.join(distDir, '.build-stamp');

/**
 * The production build of the SPA into dist/ (`npm run build`), stamped with the hash of the
 * sources it was built from (read before it starts: a file changed meanwhile makes it stale), so
 * what runs after it in the same checkout (npm start, the benchmarks, test:e2e) reuses it.
 */
export async function buildSpa(): Promise<void> {
  const from = buildInputHash();
  await run(path.join(root, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() },
  });
  writeFileSync(stampFile, from);
}

/** Whether dist/ was built from exactly the current sources. */
export function buildIsCurrent(): boolean {
  return (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === buildInputHash() &&
    existsSync(path.join(distDir, 'index.html'))
  );
}

/** Builds the production SPA unless dist/ was built from exactly the current sources. */
export async function ensureBuild(): Promise<void> {
  if (buildIsCurrent()) return;
  console.log('Building the SPA (production)…');
  await buildSpa();
}

export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Debian's Chromium, the one browser of this machine (no test tool downloads its own). */
export const CHROMIUM = '/usr/bin/chromium';
/** Chromium as root in a container; playwright-core adds --headless itself (headless: true). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The environment of the product started for a test or benchmark: production build, fresh DB. */
export function productEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    // Both loopback families: the browser and the server's own OpenID client reach it as localhost.
    HOST: 'localhost',
    DATA_DIR: 'memory://',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
}

/**
 * Starts the product (src/server/main.ts) on `port` with a fresh in-memory database and waits
 * until it answers; `stop` ends it (SIGTERM, then SIGKILL after 5 s). It is killed with this
 * process in any case.
 */
export async function startProduct(port: number): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: productEnv(port),
  });
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  const readyUrl = `http://127.0.0.1:${port}/api/title/POL`;
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`The server exited with ${code ?? signal} before it answered ${readyUrl}`);
  });
  exited.catch(() => undefined); // matters only while racing the readiness check below
  await Promise.race([waitFor(readyUrl, 60_000), exited]);
  return {
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = once(child, 'exit');
      child.kill('SIGTERM');
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(stubborn);
    },
  };
}

/** Every demo user's password (src/server/seed/demo.ts). */
export const DEMO_PASSWORD = 'minside-demo';

/**
 * Signs in at the embedded provider the way a reader does, starting at `base` + `path`, and waits
 * until the browser is back on the title's site.
 */
export async function signIn(page: Page, base: string, email: string, path = '/') {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/idp\/interaction\//, { timeout: 30_000 });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  // The form with the password field: the page may also list demo users, each a submit button.
  await page.locator('form:has(#password) button[type="submit"]').click();
  await page.waitForURL((url) => url.href.startsWith(base) && !url.pathname.startsWith('/idp'), {
    timeout: 30_000,
  });
}

/**
 * Kills every process whose environment has `name=value` (Linux /proc), e.g. the browser a test
 * run started: Chromium's processes inherit the environment of the tool that started them and can
 * outlive it (re-parented to init); one left running held keep-alive connections to a stopped
 * product. (A marker flag on Chromium's command line would do too, but TestCafe then failed to
 * drive the browser.) Returns how many it found.
 */
export function killProcessesWithEnv(name: string, value: string): number {
  if (!existsSync('/proc')) return 0;
  const entry = `${name}=${value}`;
  let killed = 0;
  for (const pidText of readdirSync('/proc')) {
    const pid = Number(pidText);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environment: string;
    try {
      environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    if (!environment.split('\0').includes(entry)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // ended meanwhile
    }
  }
  return killed;
}

/** Runs one statement on the PostgreSQL at `url` on a connection of its own (create/drop). */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Cookies of a browser, kept across manual redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.header());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }
}
