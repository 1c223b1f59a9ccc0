// The outbox relay: what the business transactions write to the outbox is sent once,
// e-mail over SMTP to a real SMTP server started here (smtp-server, read back with mailparser),
// SMS to a local fake of LINK Mobility's REST API as its document (SMS REST API v1.18) describes
// it: POST /sms/send, Basic auth (401 with error code 106100 otherwise), 200 with resultCode 1005
// Queued or 204 without a body; the 429 and 5xx answers are the fake's own, as any HTTP service
// can give them.
// A 5xx from SMTP or a 400 from the gateway fails the message for good; 4xx, 429, 5xx, timeouts
// and refused connections are tried again after a backoff, up to MAX_ATTEMPTS; a lease that runs
// out (an instance died mid-send) makes the row due again; two relays at once (two instances:
// truly parallel connections on PostgreSQL) send every message exactly once. The log never names
// a recipient.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { fixedClock } from '../../src/server/clock';
import type { SmsGatewayConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { renderLetter } from '../../src/server/messaging/letter/render';
import { linkMobilityGateway } from '../../src/server/messaging/linkmobility';
import {
  claimDueMessages,
  outboxDepth,
  purgeFinishedMessages,
  sendEmail,
  sendSms,
} from '../../src/server/messaging/outbox';
import {
  backoffSeconds,
  LEASE_MARGIN_S,
  MAX_ATTEMPTS,
  relayOutbox,
  type RelayTransports,
} from '../../src/server/messaging/relay';
import { smtpTransport } from '../../src/server/messaging/smtp';

import { TEST_NOW } from './support';
import { openSeededTestDb } from './test-db';

// ---------------------------------------------------------------------------------------------
// A real SMTP server on a free port; `reply` decides the answer to each recipient.

interface Received {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** The MIME type of the message as a whole. */
  readonly type?: string;
  readonly messageId: string;
}

let smtp: SMTPServer;
let smtpPort = 0;
const mails: Received[] = [];
let rcptReply: (to: string) => { code: number; message: string } | null = () => null;

async function startSmtp() {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'minside' && auth.password === 'smtp-pass')
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const refusal = rcptReply(address.address);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, _session, callback) {
      void simpleParser(stream).then((parsed) => {
        mails.push({
          from: parsed.from?.text ?? '',
          to: Array.isArray(parsed.to) ? parsed.to[0]!.text : (parsed.to?.text ?? ''),
          subject: parsed.subject ?? '',
          text: (parsed.text ?? '').trimEnd(),
          ...(typeof parsed.html === 'string'
            ? {
                html: parsed.html,
                type: (parsed.headers.get('content-type') as { value: string }).value,
              }
            : {}),
          messageId: parsed.messageId ?? '',
        });
        callback();
      }, callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
}

// ---------------------------------------------------------------------------------------------
// A local fake of LINK Mobility's POST /sms/send.

interface GatewayCall {
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

const smsCalls: GatewayCall[] = [];
let gatewayReply: (call: GatewayCall) => { status: number; body: unknown; delayMs?: number } = (
  call,
) => ({
  status: 200,
  body: { messageId: `lm-${String(call.body.refId)}`, resultCode: 1005, description: 'Queued' },
});
let gateway: http.Server;
let gatewayUrl = '';

async function startGateway() {
  gateway = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/sms/send') {
        response.writeHead(404).end();
        return;
      }
      const call = {
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as Record<string, unknown>,
      };
      smsCalls.push(call);
      // As the vendor's document says: Basic auth, else 401 with error code 106100.
      if (call.authorization !== `Basic ${Buffer.from('minside:sms-pass').toString('base64')}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            status: 106100,
            description: 'Invalid authentication',
            translatedDescription: null,
          }),
        );
        return;
      }
      const { status, body, delayMs = 0 } = gatewayReply(call);
      setTimeout(() => {
        if (response.destroyed) return;
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      }, delayMs);
    });
  });
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms/send`;
}

const smsConfig = (): SmsGatewayConfig => ({
  provider: 'linkmobility',
  url: gatewayUrl,
  username: 'minside',
  password: 'sms-pass',
  platformId: 'COMMON_API',
  platformPartnerId: '4711',
  sender: 'MinSide',
});

// ---------------------------------------------------------------------------------------------

const clock = fixedClock(TEST_NOW);
let db: Db;
let transports: RelayTransports;
const logged: { level: string; obj: object; msg: string }[] = [];
const log = {
  warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
  error: (obj: object, msg: string) => logged.push({ level: 'error', obj, msg }),
};
const relay = (options = {}) => relayOutbox({ db, clock, log }, transports, options);

beforeAll(async () => {
  await Promise.all([startSmtp(), startGateway()]);
  db = await openSeededTestDb(clock.now(), { demoUsers: false });
});
afterAll(async () => {
  transports?.email?.close?.();
  await db?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  gateway.close();
});
beforeEach(async () => {
  clock.set(TEST_NOW);
  await db.query('delete from outbox');
  mails.length = 0;
  smsCalls.length = 0;
  logged.length = 0;
  rcptReply = () => null;
  gatewayReply = (call) => ({
    status: 200,
    body: { messageId: `lm-${String(call.body.refId)}`, resultCode: 1005, description: 'Queued' },
  });
  transports = {
    email: smtpTransport({
      url: `smtp://minside:smtp-pass@127.0.0.1:${smtpPort}`,
      from: 'Fædrelandsvennen <minside@fvn.no>',
    }),
    sms: linkMobilityGateway(smsConfig()),
  };
});
afterEach(() => {
  transports.email?.close?.();
});

const statusOf = async () =>
  db.query<{ id: number; status: string; attempts: number; provider_id: string | null }>(
    'select id, status, attempts, provider_id from outbox order by id',
  );

describe('the outbox relay', () => {
  it('sends e-mail over SMTP and SMS through the gateway, each once, and marks them sent', async () => {
    await sendEmail(
      db,
      'kari@example.no',
      'Kvittering for bestillingen',
      'Takk for bestillingen!\nAbonnementet ditt gjelder fra i dag.',
      clock.now(),
    );
    await sendSms(db, '+4791234567', 'Koden din er 123456.', clock.now());

    expect(await relay()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const [row] = await db.query<{ id: number }>("select id from outbox where channel = 'email'");
    expect(mails).toEqual([
      {
        from: '"Fædrelandsvennen" <minside@fvn.no>',
        to: 'kari@example.no',
        subject: 'Kvittering for bestillingen',
        text: 'Takk for bestillingen!\nAbonnementet ditt gjelder fra i dag.',
        messageId: `<minside-outbox-${row!.id}@fvn.no>`,
      },
    ]);
    expect(smsCalls).toHaveLength(1);
    expect(smsCalls[0]!.authorization).toBe(
      `Basic ${Buffer.from('minside:sms-pass').toString('base64')}`,
    );
    const [, sms] = await statusOf();
    expect(smsCalls[0]!.body).toEqual({
      source: 'MinSide',
      destination: '+4791234567',
      userData: 'Koden din er 123456.',
      platformId: 'COMMON_API',
      platformPartnerId: '4711',
      refId: `minside-outbox-${sms!.id}`,
      useDeliveryReport: false,
      ignoreResponse: false,
    });
    expect((await statusOf()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(sms!.provider_id).toBe(`lm-minside-outbox-${sms!.id}`);
    expect(await outboxDepth(db)).toEqual({ sms: 0, email: 0 });
  });

  it('sends a letter as text and HTML in one multipart/alternative message', async () => {
    const letter = await renderLetter({
      titleCode: 'FIR',
      subject: 'Kvittering for kjøpet hos Firda',
      greeting: 'Hei Kari,',
      blocks: [{ kind: 'action', label: 'Byrj å lese Firda', url: 'https://www.firda.no' }],
    });
    await sendEmail(db, 'kari@example.no', letter.subject, letter.body, clock.now(), letter.html);
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Kvittering for kjøpet hos Firda',
      type: 'multipart/alternative',
    });
    expect(mails[0]!.text).toContain('Byrj å lese Firda: https://www.firda.no');
    expect(mails[0]!.html).toContain('<html dir="ltr" lang="nn">');
    expect(mails[0]!.html).toContain('href="https://www.firda.no"');
  });

  it('fails a 5xx from SMTP and a 400 from the gateway for good, without naming the recipient', async () => {
    rcptReply = (to) =>
      to === 'finnes.ikke@example.no' ? { code: 550, message: `No such user <${to}>` } : null;
    gatewayReply = () => ({
      status: 400,
      body: { status: 400, description: 'Invalid destination +4700000000' },
    });
    await sendEmail(db, 'finnes.ikke@example.no', 'Emne', 'Tekst', clock.now());
    await sendSms(db, '+4700000000', 'Koden din er 654321.', clock.now());

    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 2 });
    clock.set('2026-03-11T09:00:00+01:00');
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await statusOf()).map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(logged.map((l) => l.level)).toEqual(['error', 'error']);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('finnes.ikke@example.no');
    expect(text).not.toContain('4700000000');
    expect(text).toContain('[e-mail]');
  });

  it('tries again after a 4xx, a 429, a 5xx, a timeout and a refused connection, with backoff', async () => {
    let refuse = true;
    rcptReply = () => (refuse ? { code: 451, message: 'Try again later' } : null);
    const answers = [
      { status: 429, body: { description: 'Too many requests' } },
      { status: 503, body: { description: 'Service unavailable' } },
      { status: 200, body: {}, delayMs: 1500 },
    ];
    gatewayReply = (call) =>
      answers.shift() ?? {
        status: 200,
        body: { messageId: `lm-${String(call.body.refId)}`, resultCode: 1005 },
      };
    await sendEmail(db, 'kari@example.no', 'Emne', 'Tekst', clock.now());
    await sendSms(db, '+4791234567', 'Hei', clock.now());

    const run = () => relay({ sendTimeoutMs: 500 });
    expect(await run()).toEqual({ sent: 0, retried: 2, failed: 0 });
    // Not before its time: the first backoff is 30 s.
    expect(backoffSeconds(1)).toBe(30);
    clock.set('2026-03-10T09:00:29+01:00');
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.set('2026-03-10T09:00:30+01:00');
    refuse = false;
    expect(await run()).toEqual({ sent: 1, retried: 1, failed: 0 }); // the e-mail; SMS: a 503
    clock.set('2026-03-10T09:01:30+01:00');
    expect(await run()).toEqual({ sent: 0, retried: 1, failed: 0 }); // SMS: no answer in time
    clock.set('2026-03-10T09:03:30+01:00');
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mails).toHaveLength(1);
    expect((await statusOf()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 4],
    ]);

    // A relay that does not answer at all: the connection is refused, the message waits.
    await sendEmail(db, 'ola@example.no', 'Emne', 'Tekst', clock.now());
    const down = {
      email: smtpTransport({ url: 'smtp://127.0.0.1:9', from: 'minside@fvn.no' }),
    };
    expect(await relayOutbox({ db, clock, log }, down)).toEqual({ sent: 0, retried: 1, failed: 0 });
    down.email.close?.();
    expect(await outboxDepth(db)).toEqual({ sms: 0, email: 1 });
  });

  it('takes a 204 without a body as sent, and waits out wrong credentials (401, 106100)', async () => {
    gatewayReply = () => ({ status: 204, body: '' });
    await sendSms(db, '+4791234567', 'Hei', clock.now());
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await statusOf()).map((r) => [r.status, r.provider_id])).toEqual([['sent', null]]);

    await sendSms(db, '+4791234568', 'Hei igjen', clock.now());
    const wrong = linkMobilityGateway({ ...smsConfig(), password: 'feil' });
    expect(await relayOutbox({ db, clock, log }, { sms: wrong })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    expect(JSON.stringify(logged)).toContain('SMS gateway 401 (106100): Invalid authentication');
    clock.set('2026-03-10T09:00:30+01:00');
    gatewayReply = (call) => ({
      status: 200,
      body: { messageId: `lm-${String(call.body.refId)}`, resultCode: 1005 },
    });
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
  });

  it('gives up after the last attempt', async () => {
    gatewayReply = () => ({ status: 500, body: {} });
    await sendSms(db, '+4791234567', 'Hei', clock.now());
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await relay();
      expect(result).toEqual(
        attempt < MAX_ATTEMPTS
          ? { sent: 0, retried: 1, failed: 0 }
          : { sent: 0, retried: 0, failed: 1 },
      );
      clock.set(new Date(clock.now().getTime() + backoffSeconds(attempt) * 1000).toISOString());
    }
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smsCalls).toHaveLength(MAX_ATTEMPTS);
  });

  it('leaves a channel without a relay in the outbox', async () => {
    await sendSms(db, '+4791234567', 'Hei', clock.now());
    await sendEmail(db, 'kari@example.no', 'Emne', 'Tekst', clock.now());
    expect(await relayOutbox({ db, clock, log }, { email: transports.email })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(await outboxDepth(db)).toEqual({ sms: 1, email: 0 });
    expect(smsCalls).toHaveLength(0);
  });

  it('sends again what an instance claimed and never finished, once its lease has run out', async () => {
    await sendSms(db, '+4791234567', 'Hei', clock.now());
    // An instance claims it and dies before it sends.
    const [claimed] = await claimDueMessages(db, {
      channels: ['sms'],
      limit: 10,
      leaseSeconds: 120,
      now: clock.now(),
    });
    expect(claimed?.attempt).toBe(1);
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.set('2026-03-10T09:02:00+01:00');
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smsCalls).toHaveLength(1);
    expect((await statusOf()).map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
  });

  it('leases only the message it is sending, so an instance that dies holds back one message for under a minute', async () => {
    for (let i = 0; i < 5; i++) await sendSms(db, `+4791234${i}00`, `Melding ${i}`, clock.now());
    // A gateway that never answers, as seen from an instance killed in the middle of a send.
    let calls = 0;
    const hanging: RelayTransports = {
      sms: { name: 'hanging', sendSms: () => ((calls += 1), new Promise<never>(() => undefined)) },
    };
    void relayOutbox({ db, clock, log }, hanging, { batch: 5, sendTimeoutMs: 15_000 });
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const rows = await db.query<{ status: string; lease_until: Date | string | null }>(
      'select status, lease_until from outbox order by id',
    );
    expect(rows.map((r) => r.status)).toEqual([
      'sending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    const leaseS = (new Date(rows[0]!.lease_until!).getTime() - clock.now().getTime()) / 1000;
    expect(leaseS).toBe(15 + LEASE_MARGIN_S);
    // Another instance sends the other four at once, and the first when its lease is out.
    expect(await relay()).toEqual({ sent: 4, retried: 0, failed: 0 });
    clock.set(new Date(clock.now().getTime() + leaseS * 1000).toISOString());
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smsCalls.map((c) => c.body.userData)).toEqual([
      'Melding 1',
      'Melding 2',
      'Melding 3',
      'Melding 4',
      'Melding 0',
    ]);
  });

  it('sends every message exactly once when two relays run at the same time', async () => {
    for (let i = 0; i < 30; i++) {
      await sendSms(db, `+47912345${String(i).padStart(2, '0')}`, `Melding ${i}`, clock.now());
      await sendEmail(db, `leser${i}@example.no`, `Emne ${i}`, 'Tekst', clock.now());
    }
    gatewayReply = (call) => ({
      status: 200,
      body: { messageId: `lm-${String(call.body.refId)}`, resultCode: 1005 },
      delayMs: 5,
    });
    const second: RelayTransports = {
      email: smtpTransport({
        url: `smtp://minside:smtp-pass@127.0.0.1:${smtpPort}`,
        from: 'minside@fvn.no',
      }),
      sms: linkMobilityGateway(smsConfig()),
    };
    try {
      for (let round = 0; round < 10; round++) {
        const [a, b] = await Promise.all([
          relay({ batch: 7 }),
          relayOutbox({ db, clock, log }, second, { batch: 7 }),
        ]);
        if (a.sent + b.sent === 0) break;
      }
    } finally {
      second.email?.close?.();
    }
    const refIds = smsCalls.map((c) => c.body.refId);
    expect(new Set(refIds).size).toBe(30);
    expect(refIds).toHaveLength(30);
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.to)).size).toBe(30);
    expect((await statusOf()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('lets the retention job remove sent and failed messages after their days', async () => {
    await sendSms(db, '+4791234567', 'Hei', clock.now());
    await sendSms(db, '+4791234568', 'Hei', clock.now());
    gatewayReply = (call) =>
      call.body.destination === '+4791234568'
        ? { status: 400, body: {} }
        : { status: 200, body: { messageId: 'lm-1', resultCode: 1005 } };
    await relay();
    await sendSms(db, '+4791234569', 'Venter', clock.now());
    expect(await purgeFinishedMessages(db, new Date('2026-03-10T08:01:00Z'))).toBe(2);
    expect((await statusOf()).map((r) => r.status)).toEqual(['pending']);
  });
});
