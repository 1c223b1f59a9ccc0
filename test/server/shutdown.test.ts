// Stopping the product (src/server/main.ts) with SIGTERM while clients hold connections open: a
// socket that never sent a request and an idle keep-alive connection do not keep it running; a
// request in flight gets its response within the grace period (SHUTDOWN_GRACE_SECONDS), and one
// that is still not done when it ends is cut. Each case runs the real process on a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from '@jest/globals';

import { freePort } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

async function startProduct(graceSeconds: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      JOBS_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
  });
  children.push(child);
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/title/POL`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, child, exited };
}

/** A raw TCP connection to the product, with everything it received. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => received);
  return { socket, closed, received: () => received };
}

/** Headers of a POST whose body of `length` bytes is still to come. */
const postHead = (port: number, length: number) =>
  [
    'POST /api/analytics/events HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Origin: http://127.0.0.1:${port}`,
    'X-Minside-Request: 1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

describe('SIGTERM', () => {
  it('does not wait for a connection without a request, nor for an idle keep-alive one', async () => {
    // A grace period longer than the test may take: only closing these connections lets it end.
    const { port, child, exited } = await startProduct(3600);
    const silent = await connect(port);
    const keptAlive = await connect(port);
    keptAlive.socket.write(
      `GET /api/title/POL HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`,
    );
    while (!keptAlive.received().includes('"titleCode"'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200/);

    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await silent.closed;
    await keptAlive.closed;
  });

  it('answers a request in flight, then cuts one still unfinished when the grace period ends', async () => {
    const { port, child, exited } = await startProduct(2);
    const body = JSON.stringify({ titleCode: 'FVN', page: '/' });
    const finishing = await connect(port);
    const stalled = await connect(port);
    const idle = await connect(port);
    finishing.socket.write(postHead(port, body.length) + body.slice(0, 5));
    stalled.socket.write(postHead(port, body.length) + body.slice(0, 5));
    // Both requests are in flight (their headers are in) when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 300));

    child.kill('SIGTERM');
    // The idle connection closing says the server is stopping; then the body's rest arrives.
    await idle.closed;
    finishing.socket.write(body.slice(5));
    const answered = await finishing.closed;
    // Answered as the route answers any such body (the contract's status), not refused or cut.
    expect(answered).toMatch(/^HTTP\/1\.1 (202|204|400) /);
    expect(answered).toMatch(/\r\nconnection: close\r\n/i);

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await stalled.closed).toBe('');
  });
});
