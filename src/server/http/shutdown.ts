// Stopping the server on SIGTERM without waiting on clients. Node's server.close() (Fastify's
// close) waits for every open connection to end, and idle ones are not always closed for it: a
// socket a browser opened ahead of need (Chromium preconnects) and never sent a request on kept
// a stopped product running until the browser went away. So the connections are tracked here:
// at shutdown those with no request in flight are closed at once, the others once their response
// has gone out, and whatever is still open after the grace period is cut.
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionTracker {
  /** Closes idle connections now, busy ones after their response; cuts all after `graceMs`. */
  drain(graceMs: number): void;
  /** Connections open right now (for the shutdown log). */
  readonly open: number;
}

export function trackConnections(server: Server): ConnectionTracker {
  /** Open sockets and the number of requests in flight on each. */
  const inFlight = new Map<Socket, number>();
  /** Responses not sent yet: told at shutdown that their connection ends with them. */
  const pending = new Set<ServerResponse>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // A keep-alive client is told this connection ends with the response.
    if (draining) response.shouldKeepAlive = false;
    else pending.add(response);
    response.once('close', () => {
      pending.delete(response);
      const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1);
      if (!inFlight.has(socket)) return;
      inFlight.set(socket, left);
      // end(), not destroy(): what the response wrote is flushed first.
      if (draining && left === 0) socket.end();
    });
  });

  return {
    drain(graceMs) {
      draining = true;
      for (const response of pending) if (!response.headersSent) response.shouldKeepAlive = false;
      pending.clear();
      for (const [socket, requests] of inFlight) if (requests === 0) socket.end();
      setTimeout(() => {
        for (const socket of inFlight.keys()) socket.destroy();
      }, graceMs).unref();
    },
    get open() {
      return inFlight.size;
    },
  };
}
