// `npm run test:scale`: two instances of Min Side on one PostgreSQL behind Debian's HAProxy, as
// deploy/ runs them, proven end to end. Readers sign in and buy through the balancer while one
// instance is killed with SIGKILL and started again; then the clock "moves" (renewal dates and a
// giro invoice's date are set back in the database) and both instances run the background work
// while the other one is killed. The report says: every order paid once and completed once, no
// order lost; every renewal applied, billed and charged once (a declined one tried once and told
// once); every reminder once; every e-mail
// and SMS the outbox holds delivered once (to an SMTP server and an SMS gateway fake this script
// runs). It exits 1 when any of that is not so.
//
// Needs: PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database
// of its own is created and dropped) and HAProxy (installed with apt-get when missing and this
// runs as root). SCALE_READERS sets how many readers buy (default 12).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { openPostgres, type Db } from '../src/server/db/db';
import { registerIdentity } from '../src/server/identity/users';
import { SubscriptionStatus } from '../src/shared/subscription/status';
import { osloDateOf } from '../src/shared/time/oslo';

import { CookieJar, freePort, root, runSql } from './lib';

const READERS = Number(process.env.SCALE_READERS || 12);
if (!Number.isInteger(READERS) || READERS < 2 || READERS > 200)
  throw new Error(`SCALE_READERS must be a whole number from 2 to 200, got "${READERS}"`);
const PASSWORD = 'skala-test-passord';
const CONCURRENCY = 4;
/** A request that fails at the balancer (the instance died under it) is tried again, as a reader would. */
const RETRYABLE = new Set([502, 503, 504]);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${elapsed()}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HAProxy

function haproxyBinary(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error('HAProxy is not installed: run `apt-get install -y haproxy` as root first');
  say('Installing HAProxy from Debian (apt-get)…');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    if (install() !== 0) throw new Error('apt-get could not install haproxy');
  }
  return haproxyBinary();
}

/** Round robin over both, taken out after one failed /readyz and back after one good one. */
function haproxyConfig(port: number, instances: Record<string, number>, ipv6: boolean): string {
  return `global
  maxconn 1024

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  # A request whose connection is refused (the instance is down, not yet marked) goes to the other.
  retries 3
  option redispatch

frontend minside
  bind 127.0.0.1:${port}
${ipv6 ? `  bind [::1]:${port}\n` : ''}  # Which instance answered: read by this script only, to prove both served each reader.
  http-response set-header X-Instance %s
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 1 rise 1
${Object.entries(instances)
  .map(([name, p]) => `  server ${name} 127.0.0.1:${p} check`)
  .join('\n')}
`;
}

// ---------------------------------------------------------------------------------------------
// The mail relay and the SMS gateway the instances send to.

interface Delivered {
  readonly reference: string;
  readonly to: string;
}

async function startMailServer(received: Delivered[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        // Message-ID <minside-outbox-<id>@domain>: the outbox row it was sent for.
        const reference = /<(minside-outbox-\d+)@/.exec(mail.messageId ?? '')?.[1] ?? '?';
        const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
        received.push({ reference, to });
        callback();
      }, callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** LINK Mobility's POST /sms/send as its API document describes the happy answer. */
async function startSmsGateway(received: Delivered[]) {
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as { refId?: string; destination?: string };
      received.push({ reference: body.refId ?? '?', to: body.destination ?? '' });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messageId: `lm-${body.refId}`,
          resultCode: 1005,
          description: 'Queued',
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

// ---------------------------------------------------------------------------------------------
// The instances

interface Instance {
  readonly name: string;
  readonly port: number;
  child: ChildProcess | null;
  /** What its log said it did. */
  readonly did: { renewals: number; reminders: number };
}

function startInstance(instance: Instance, env: NodeJS.ProcessEnv): Promise<void> {
  // Its connections carry its name, so the script can see which instance holds a lock.
  const databaseUrl = new URL(env.DATABASE_URL!);
  databaseUrl.searchParams.set('application_name', `minside-${instance.name}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl.href, PORT: String(instance.port) },
  });
  instance.child = child;
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as {
        msg?: string;
        jobs?: { renewals?: number };
        dunning?: { reminders?: number };
        level?: number;
      };
      if (entry.msg === 'subscription jobs ran') instance.did.renewals += entry.jobs?.renewals ?? 0;
      if (entry.msg === 'dunning ran') instance.did.reminders += entry.dunning?.reminders ?? 0;
      if ((entry.level ?? 0) >= 50) console.error(`[${instance.name}] ${line}`);
    }
  });
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`instance ${instance.name} exited with ${code ?? signal} before it was ready`);
  });
  exited.catch(() => undefined);
  return Promise.race([waitReady(`http://127.0.0.1:${instance.port}/readyz`), exited]);
}

async function waitReady(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

function kill(instance: Instance) {
  const child = instance.child;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  instance.child = null;
}

// ---------------------------------------------------------------------------------------------
// A reader's browser: cookies per origin, requests through the balancer, tried again when the
// balancer says the instance went away.

class Browser {
  private readonly jar = new CookieJar();
  /** Which instance answered each request (HAProxy's X-Instance). */
  readonly servedBy = new Set<string>();
  retries = 0;

  constructor(private readonly base: string) {}

  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.jar.fetch(new URL(url, this.base).href, {
          method: init.method ?? 'GET',
          body: init.body,
          headers: init.headers,
        });
        const instance = response.headers.get('x-instance');
        if (instance) this.servedBy.add(instance);
        if (!RETRYABLE.has(response.status)) return response;
        await response.arrayBuffer();
      } catch (error) {
        if (attempt >= 40) throw error;
      }
      if (attempt >= 40) throw new Error(`${url}: the balancer kept failing`);
      this.retries += 1;
      await sleep(250);
    }
  }

  api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request(url, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        origin: this.base,
        'x-minside-request': '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
    });
  }

  form(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: {
        origin: new URL(url, this.base).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
  }
}

async function expectStatus(response: Response, statuses: number[], what: string) {
  if (statuses.includes(response.status)) return;
  throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
}

interface Reader {
  readonly n: number;
  readonly email: string;
  readonly spidId: string;
  readonly browser: Browser;
  accountNo?: string;
  orderId?: string;
  /** Order requests sent (the same idempotency key each time). */
  orderAttempts: number;
  sessionOnBoth: boolean;
}

/** The embedded provider's sign-in through the balancer, then the session on both instances. */
async function signIn(reader: Reader) {
  const b = reader.browser;
  const start = await b.api('GET', '/api/loginToken?returnUrl=/');
  await expectStatus(start, [200], 'loginToken');
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  let response = await b.request(authorizeUrl);
  const interaction = new URL(response.headers.get('location')!, authorizeUrl).href;
  response = await b.form(`${interaction}/login`, { email: reader.email, password: PASSWORD });
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`sign-in of ${reader.email} stopped at ${response.status}`);
    const next = new URL(location, authorizeUrl);
    if (next.pathname === '/callback') {
      const exchange = await b.api('POST', '/api/handlecode', {
        code: next.searchParams.get('code'),
        state: next.searchParams.get('state'),
      });
      await expectStatus(exchange, [200], `handlecode for ${reader.email}`);
      break;
    }
    response = await b.request(next.href);
  }
}

/**
 * The reader's session answers on both instances: reads one reader at a time (round robin then
 * alternates between the two) until both have answered with the reader's own session.
 */
async function readSessionOnBoth(reader: Reader) {
  const seen = new Set<string>();
  for (let i = 0; i < 6 && seen.size < 2; i++) {
    const session = await reader.browser.api('GET', '/api/session');
    await expectStatus(session, [200], 'session');
    const body = (await session.json()) as { user?: { email?: string } | null };
    if (body.user?.email !== reader.email)
      throw new Error(`the session of ${reader.email} did not name its reader`);
    seen.add(session.headers.get('x-instance') ?? '?');
  }
  reader.sessionOnBoth = seen.size === 2;
}

/** Account, order (card or Vipps), the sandbox's approval, completion: as the SPA does. */
async function buy(reader: Reader) {
  const b = reader.browser;
  const account = await b.api('POST', '/api/account', {
    accountBalance: 0,
    spidId: reader.spidId,
    firstTitleCode: 'FVN',
  });
  await expectStatus(account, [201, 409], `account of ${reader.email}`);
  const session = (await (await b.api('GET', '/api/session')).json()) as {
    account?: { ariaAccountNo?: string } | null;
  };
  reader.accountNo = session.account?.ariaAccountNo;
  if (!reader.accountNo) throw new Error(`${reader.email} has no account after creating one`);

  const key = `scale-${reader.n}-${randomBytes(6).toString('hex')}`;
  const order = {
    kind: 'new',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    period: 'Månedlig',
    paymentProvider: reader.n % 3 === 0 ? 'VIPPS' : 'SWEDBANK-PPG',
  };
  let placed: { orderId: string; redirectUrl: string } | null = null;
  // A lost answer (the instance died after it took the order) is asked again with the same key.
  for (let i = 0; !placed && i < 5; i++) {
    reader.orderAttempts += 1;
    const response = await b.api('POST', '/api/orders', order, { 'idempotency-key': key });
    if (response.status === 201 || response.status === 200)
      placed = (await response.json()) as { orderId: string; redirectUrl: string };
    else if (response.status !== 409) await expectStatus(response, [201], 'order');
    else await sleep(300);
  }
  if (!placed) throw new Error(`the order of ${reader.email} was never placed`);
  reader.orderId = placed.orderId;

  const pay = new URL(placed.redirectUrl);
  const page = await b.request(pay.pathname);
  await expectStatus(page, [200], 'the sandbox payment page');
  await page.arrayBuffer();
  const approved = await b.form(pay.pathname, { action: 'approve' });
  await expectStatus(approved, [200, 303], 'approval');
  await approved.arrayBuffer();

  // The receipt page completes the order; it asks again while the payment is not known yet.
  for (let i = 0; i < 40; i++) {
    const done = await b.api('POST', `/api/orders/${placed.orderId}/complete`);
    await expectStatus(done, [200], 'complete');
    const { status } = (await done.json()) as { status: string };
    if (status === 'COMPLETED') return;
    if (status !== 'PENDING') throw new Error(`the order of ${reader.email} ended ${status}`);
    await sleep(250);
  }
  throw new Error(`the order of ${reader.email} never completed`);
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `minside_scale_${process.pid}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.href;
})();

const admin = (sql: string) => runSql(adminUrl, sql);

const checks: { what: string; ok: boolean; detail: string }[] = [];
const check = (what: string, ok: boolean, detail: string) => checks.push({ what, ok, detail });

const instances: Instance[] = [];
let haproxy: ChildProcess | null = null;
let db: Db | null = null;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'minside-scale-'));
const mails: Delivered[] = [];
const sms: Delivered[] = [];
const mail = await startMailServer(mails);
const gateway = await startSmsGateway(sms);
let failed = false;

try {
  const haproxyPath = haproxyBinary();
  await admin(`create database ${dbName}`);
  const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${lbPort}`;
  const env: NodeJS.ProcessEnv = {
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'info',
    // One issuer and one public origin for both: the balancer's.
    IDP_ISSUER: `${base}/idp`,
    PUBLIC_ORIGINS: base,
    TRUST_PROXY: '127.0.0.1',
    JOBS_INTERVAL_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: '2',
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    MAIL_FROM: 'Min Side <minside@example.no>',
    SMS_GATEWAY: 'linkmobility',
    SMS_GATEWAY_URL: `http://127.0.0.1:${gateway.port}/sms/send`,
    SMS_GATEWAY_USERNAME: 'minside',
    SMS_GATEWAY_PASSWORD: 'sms-pass',
    SMS_PLATFORM_PARTNER_ID: '4711',
    SMS_SENDER: 'MinSide',
  };
  const a: Instance = { name: 'a', port: portA, child: null, did: { renewals: 0, reminders: 0 } };
  const b: Instance = { name: 'b', port: portB, child: null, did: { renewals: 0, reminders: 0 } };
  instances.push(a, b);

  /**
   * Waits until an instance's connection holds a row lock on `table` (a job claims rows `for
   * update`), kills that instance with SIGKILL there and then, and starts it again. Returns its name.
   */
  const killWhileLocking = async (table: string, work: string): Promise<string> => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const [holder] = await db!.query<{ name: string }>(
        `select distinct a.application_name as name
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.relation = $1::regclass and l.mode = 'RowShareLock'
            and a.application_name like 'minside-%'`,
        [table],
      );
      const instance = instances.find((i) => `minside-${i.name}` === holder?.name);
      if (instance) {
        kill(instance);
        say(`SIGKILL instance ${instance.name} in the middle of the ${work}`);
        await sleep(1000);
        await startInstance(instance, env);
        say(`instance ${instance.name} is back`);
        return instance.name;
      }
      await sleep(2);
    }
    throw new Error(`no instance took on the ${work} within 30 s`);
  };

  // The first applies the migrations and seeds the demo; the second finds both done.
  say(`Starting instance a on :${portA} (migrations and demo data into ${dbName})…`);
  await startInstance(a, env);
  say(`Starting instance b on :${portB}…`);
  await startInstance(b, env);
  const ipv6 = Object.values(os.networkInterfaces())
    .flat()
    .some((i) => i?.address === '::1');
  const cfg = path.join(tmp, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(lbPort, { a: portA, b: portB }, ipv6));
  haproxy = spawn(haproxyPath, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitReady(`${base}/readyz`);
  say(`HAProxy ${spawnSync(haproxyPath, ['-v']).stdout.toString().split('\n')[0]} on :${lbPort}`);

  db = await openPostgres(dbUrl);
  const readers: Reader[] = [];
  for (let n = 1; n <= READERS; n++) {
    const reader: Reader = {
      n,
      email: `skala-${n}@test.minside.no`,
      spidId: `9${String(n).padStart(6, '0')}`,
      browser: new Browser(base),
      orderAttempts: 0,
      sessionOnBoth: false,
    };
    // As an operator registers people at the embedded provider (identity/users.ts).
    await registerIdentity(db, {
      spidId: reader.spidId,
      email: reader.email,
      password: PASSWORD,
      givenName: 'Skala',
      familyName: `Leser ${n}`,
      phoneNumber: `+47 4${String(n).padStart(7, '0')}`,
      birthDate: '1980-06-15',
      userKind: 'new-reader',
    });
    readers.push(reader);
  }

  // 1. Sign-in across both instances.
  say(`${READERS} readers sign in through the balancer…`);
  await inParallel(readers, CONCURRENCY, signIn);
  for (const reader of readers) await readSessionOnBoth(reader);
  const signedOnBoth = readers.filter((r) => r.browser.servedBy.size === 2 && r.sessionOnBoth);
  check(
    'readers signed in, their sessions answered by both instances',
    signedOnBoth.length === READERS,
    `${signedOnBoth.length} of ${READERS}`,
  );

  // 2. Purchases while instance b is killed and started again.
  say('They buy; instance b is killed with SIGKILL meanwhile and started again…');
  let bought = 0;
  const chaos = (async () => {
    while (bought < Math.ceil(READERS / 3)) await sleep(50);
    kill(b);
    say('SIGKILL instance b');
    await sleep(1500);
    await startInstance(b, env);
    say('instance b is back');
  })();
  const orderErrors: string[] = [];
  await inParallel(readers, CONCURRENCY, async (reader) => {
    bought += 1;
    try {
      await buy(reader);
    } catch (error) {
      orderErrors.push(error instanceof Error ? error.message : String(error));
    }
  });
  await chaos;
  check(
    'every reader’s purchase completed',
    orderErrors.length === 0,
    orderErrors.join('; ') || `${READERS} of ${READERS}`,
  );

  // Some renewals will fail: from now on the card of some readers has no funds, and so has the
  // account behind a Vipps agreement. A declined card charge is failed once and the reader told
  // once; Vipps keeps a charge due while its retry days last, so that one stays pending and is
  // followed (never charged again) by whichever instance runs next.
  const failing = readers.filter((r) => r.n % 4 === 1 && r.accountNo).map((r) => r.accountNo!);
  const declining = await db.query<{ subscription_no: string; method: string }>(
    `update sandbox_agreements a set fails_with = 'USER_ACTION_REQUIRED'
       from subscriptions s
      where s.payment_agreement_id = a.agreement_id and s.aria_account_no = any($1::text[])
      returning s.subscription_no, a.method`,
    [failing],
  );
  const declined = new Set(declining.map((d) => d.subscription_no));

  // 3. The clock moves: the readers' renewals and those of the demo's giro subscribers are due
  // today. Both instances run the background work every second; a is killed meanwhile. Then the
  // giro renewals' invoices are three weeks old, and the reminders are due.
  const today = osloDateOf(new Date());
  const clockMoved = new Date();
  const accounts = readers.map((r) => r.accountNo).filter((x): x is string => !!x);
  const renewing = await db.query<{ subscription_no: string; giro: boolean }>(
    `update subscriptions set renewal_date = $2
      where aria_account_no = any($1::text[])
         or (payment_provider in ('AVTALEGIRO', 'BANKGIRO') and status_code = $3)
     returning subscription_no, payment_provider in ('AVTALEGIRO', 'BANKGIRO') as giro`,
    [accounts, today, SubscriptionStatus.ACTIVE],
  );
  const giroSubs = renewing.filter((r) => r.giro).map((r) => r.subscription_no);
  say(
    `The clock moves: ${renewing.length} renewals due today (${giroSubs.length} by giro); the instance that takes them on is killed in the middle…`,
  );
  const first = await killWhileLocking('subscriptions', 'renewals');
  const giroInvoices = async () =>
    db!.query<{ id: number }>(
      `select id from billing_effects
        where subscription_no = any($1::text[]) and kind = 'invoice' and reason = 'renewal'
          and period_start = $2`,
      [giroSubs, today],
    );
  // Every due subscription renewed (a business seat's renewal asks for no money: no invoice).
  const renewedSince = async () => {
    const [row] = await db!.query<{ n: number }>(
      `select count(distinct subscription_no)::int as n from subscription_events
        where subscription_no = any($1::text[]) and kind = 'renew' and occurred_at >= $2`,
      [renewing.map((r) => r.subscription_no), clockMoved],
    );
    return row!.n;
  };
  for (let i = 0; i < 120 && (await renewedSince()) < renewing.length; i++) await sleep(500);
  const giro = await db.query<{ id: number }>(
    `update billing_effects set created_at = created_at - interval '25 days'
      where id = any($1::bigint[]) returning id`,
    [(await giroInvoices()).map((g) => g.id)],
  );
  say(
    `${giro.length} giro invoice(s) are now 25 days old; the instance that reminds is killed in the middle…`,
  );
  const second = await killWhileLocking('billing_effects', 'reminders');

  // 4. Quiet: nothing due, nothing open, nothing waiting in the outbox (a message a killed
  // instance was sending waits out its lease: under a minute).
  const subs = renewing.map((r) => r.subscription_no);
  const quiet = async () => {
    const [row] = await db!.query<{ due: number; open: number; outbox: number; reminders: number }>(
      `select (select count(*)::int from subscriptions
                where subscription_no = any($1::text[]) and renewal_date <= $2) as due,
              (select count(*)::int from billing_effects
                where subscription_no = any($1::text[]) and kind = 'charge'
                  and status = 'open') as open,
              (select count(*)::int from outbox where status in ('pending', 'sending')) as outbox,
              (select count(*)::int from dunning_notices
                where billing_effect_id = any($3::bigint[]) and kind = 'reminder') as reminders`,
      [subs, today, giro.map((g) => g.id)],
    );
    return row!.due === 0 && row!.open === 0 && row!.outbox === 0 && row!.reminders >= giro.length;
  };
  const deadline = Date.now() + 120_000;
  while (!(await quiet()) && Date.now() < deadline) await sleep(500);
  // A further second for anything a late run might still (wrongly) do twice.
  await sleep(2500);
  say('Quiet; reading what happened…');

  // 5. The report, from the database and from what the mail server and gateway received.
  const orders = await db.query<{
    order_id: string;
    status: string;
    captured: number;
    paid_ore: number;
    amount_ore: number;
  }>(
    `select o.order_id, o.status, o.amount_ore,
            count(p.*) filter (where p.status = 'CAPTURED')::int as captured,
            coalesce(sum(p.amount_ore) filter (where p.status = 'CAPTURED'), 0)::int as paid_ore
       from orders o left join sandbox_payments p on p.reference = o.order_id
      where o.aria_account_no = any($1::text[])
      group by o.order_id`,
    [accounts],
  );
  const ordered = readers.filter((r) => r.orderId).length;
  check(
    'no order lost: one order per reader, completed, its payment captured once for its amount',
    orders.length === READERS &&
      ordered === READERS &&
      orders.every(
        (o) => o.status === 'COMPLETED' && o.captured === 1 && o.paid_ore === o.amount_ore,
      ),
    `${orders.filter((o) => o.status === 'COMPLETED').length} completed of ${orders.length} orders; captured per order: ${[...new Set(orders.map((o) => o.captured))].join('/')}`,
  );
  const owned = await db.query<{ n: number }>(
    `select count(*)::int as n from subscriptions where aria_account_no = any($1::text[])
      group by aria_account_no`,
    [accounts],
  );
  check(
    'one subscription per reader',
    owned.length === READERS && owned.every((o) => o.n === 1),
    `${owned.length} readers with ${owned.map((o) => o.n).join('/')}`,
  );

  // What the jobs did since the clock moved: events after it, effects for the period from today.
  const renewals = await db.query<{
    subscription_no: string;
    renewed: number;
    asked: number;
    effects: number;
    charged: number;
    renewal_date: string;
    provider: string;
  }>(
    `select s.subscription_no, s.renewal_date::text as renewal_date, s.payment_provider as provider,
            (select count(*)::int from subscription_events e
              where e.subscription_no = s.subscription_no and e.kind = 'renew'
                and e.occurred_at >= $2) as renewed,
            (select coalesce(sum(jsonb_array_length(e.detail -> 'effects')), 0)::int
               from subscription_events e
              where e.subscription_no = s.subscription_no and e.kind = 'renew'
                and e.occurred_at >= $2) as asked,
            (select count(*)::int from billing_effects b
              where b.subscription_no = s.subscription_no and b.reason = 'renewal'
                and b.period_start = $3) as effects,
            (select count(*)::int from sandbox_payments p join billing_effects b
                 on p.reference = 'charge-' || b.id
              where b.subscription_no = s.subscription_no and b.period_start = $3
                and p.status = 'CAPTURED') as charged
       from subscriptions s where s.subscription_no = any($1::text[])`,
    [subs, clockMoved, today],
  );
  const renewalOk = (r: (typeof renewals)[number]) =>
    r.renewed === 1 &&
    r.effects === r.asked &&
    r.charged ===
      (giroSubs.includes(r.subscription_no) || declined.has(r.subscription_no) ? 0 : r.asked) &&
    r.renewal_date > today;
  check(
    'every renewal applied once, billed once, charged once (card, Vipps; not when declined) or invoiced (giro), for the next period',
    renewals.length === subs.length && renewals.every(renewalOk),
    `${renewals.length} subscriptions (${renewals.filter((r) => r.asked === 0).length} asking no money): renewed ${[...new Set(renewals.map((r) => r.renewed))].join('/')}×, billed ${[...new Set(renewals.map((r) => r.effects))].join('/')}×, charged ${[...new Set(renewals.map((r) => r.charged))].join('/')}×` +
      renewals
        .filter((r) => !renewalOk(r))
        .map(
          (r) =>
            `; ${r.subscription_no} (${r.provider}): renewed ${r.renewed}, asked ${r.asked}, billed ${r.effects}, charged ${r.charged}, renews ${r.renewal_date}`,
        )
        .join(''),
  );

  const charges = await db.query<{
    subscription_no: string;
    method: string;
    status: string;
    attempts: number;
    payments: number;
    notices: number;
  }>(
    `select b.subscription_no, s.payment_provider as method, b.status, b.attempts,
            (select count(*)::int from sandbox_payments p
              where p.reference = 'charge-' || b.id
                 or p.reference like 'charge-' || b.id || '-%') as payments,
            (select count(*)::int from dunning_notices d where d.billing_effect_id = b.id) as notices
       from billing_effects b join subscriptions s using (subscription_no)
      where b.subscription_no = any($1::text[]) and b.kind = 'charge' and b.reason = 'renewal'
        and b.period_start = $2`,
    [[...declined], today],
  );
  const failedOnce = (c: (typeof charges)[number]) =>
    c.attempts === 1 &&
    c.payments === 1 &&
    (c.method === 'VIPPS'
      ? c.status === 'pending' && c.notices === 0
      : c.status === 'failed' && c.notices === 1);
  check(
    'a declined renewal tried once: a card charge failed and the reader told once, a Vipps charge kept pending (Vipps retries it), none charged twice',
    declining.some((d) => d.method === 'VIPPS') &&
      declining.some((d) => d.method !== 'VIPPS') &&
      charges.length === declined.size &&
      charges.every(failedOnce),
    charges
      .map(
        (c) =>
          `${c.subscription_no} (${c.method}): ${c.status}, ${c.attempts} attempt(s), ${c.payments} at the provider, ${c.notices} notice(s)`,
      )
      .join('; ') || `no declined charges (${declining.length} agreements set to decline)`,
  );

  const reminders = await db.query<{ billing_effect_id: number; n: number }>(
    `select billing_effect_id, count(*)::int as n from dunning_notices
      where billing_effect_id = any($1::bigint[]) and kind = 'reminder' group by billing_effect_id`,
    [giro.map((g) => g.id)],
  );
  check(
    'every overdue giro invoice reminded once',
    giro.length > 0 && reminders.length === giro.length && reminders.every((r) => r.n === 1),
    `${reminders.length} of ${giro.length} invoices, ${reminders.map((r) => r.n).join('/')} reminder(s) each`,
  );

  const outbox = await db.query<{ id: number; channel: string; status: string }>(
    'select id, channel, status from outbox order by id',
  );
  const deliveredOnce = (list: Delivered[], channel: string) => {
    const rows = outbox.filter((o) => o.channel === channel);
    const counts = new Map<string, number>();
    for (const d of list) counts.set(d.reference, (counts.get(d.reference) ?? 0) + 1);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const missing = rows.filter((o) => (counts.get(`minside-outbox-${o.id}`) ?? 0) === 0).length;
    const unsent = rows.filter((o) => o.status !== 'sent').length;
    return { rows: rows.length, twice, missing, unsent, received: list.length };
  };
  const emails = deliveredOnce(mails, 'email');
  const texts = deliveredOnce(sms, 'sms');
  check(
    'every e-mail in the outbox delivered once',
    emails.rows > 0 &&
      emails.twice === 0 &&
      emails.missing === 0 &&
      emails.unsent === 0 &&
      emails.received === emails.rows,
    `${emails.rows} in the outbox, ${emails.received} received, ${emails.twice} twice, ${emails.missing} missing, ${emails.unsent} not marked sent`,
  );
  // These journeys send no SMS (codes are sent by /koble-bruker and the verifications); any that
  // the demo or a job queued is held to the same rule.
  if (texts.rows > 0 || texts.received > 0)
    check(
      'every SMS in the outbox delivered once',
      texts.twice === 0 &&
        texts.missing === 0 &&
        texts.unsent === 0 &&
        texts.received === texts.rows,
      `${texts.rows} in the outbox, ${texts.received} received, ${texts.twice} twice, ${texts.missing} missing, ${texts.unsent} not marked sent`,
    );
  check(
    'the e-mails include the reminders',
    emails.rows >= giro.length && giro.length > 0,
    `${emails.rows} e-mails, ${giro.length} reminders`,
  );

  const retries = readers.reduce((sum, r) => sum + r.browser.retries, 0);
  const repeatedOrders = readers.reduce((sum, r) => sum + r.orderAttempts - 1, 0);
  console.log(
    `\nTwo instances behind HAProxy on PostgreSQL · Node ${process.version} · ${READERS} readers · ${elapsed()}`,
  );
  console.log(
    `Requests tried again after a kill: ${retries} (orders sent again with their key: ${repeatedOrders}). ` +
      `Killed in the middle of the renewals: ${first}; of the reminders: ${second}. ` +
      `By their logs (a run cut short logs nothing): renewals a ${a.did.renewals}, b ${b.did.renewals}; reminders a ${a.did.reminders}, b ${b.did.reminders}.\n`,
  );
  console.log('| check | result | figures |');
  console.log('| --- | --- | --- |');
  for (const c of checks) console.log(`| ${c.what} | ${c.ok ? 'yes' : '**NO**'} | ${c.detail} |`);
  failed = checks.some((c) => !c.ok);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  failed = true;
} finally {
  haproxy?.kill('SIGTERM');
  await Promise.all(
    instances.map(async (instance) => {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stubborn);
    }),
  );
  await db?.close();
  await admin(`drop database if exists ${dbName} with (force)`).catch((error: unknown) =>
    console.error(`Could not drop ${dbName}: ${String(error)}`),
  );
  mail.server.close(() => undefined);
  gateway.server.close();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
