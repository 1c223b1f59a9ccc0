// What the providers' local fakes share: a node:http server with JSON in and out, and faults a
// test can inject on the next requests (a status such as 500 or 429, a timeout, or a dropped
// connection), so the adapters meet what a real provider does on a bad day.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
  readonly raw: string;
}

export interface FakeReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export type Fault =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string> }
  /** Never answers (the adapter's timeout ends it). */
  | { readonly hang: true }
  /** Does the work, then drops the connection: the answer is lost. */
  | { readonly dropAfterWork: true };

export abstract class HttpFake {
  private server: http.Server | null = null;
  url = '';
  readonly calls: FakeRequest[] = [];
  private faults: { match: RegExp; fault: Fault }[] = [];

  /** The next request whose `METHOD path` matches gets `fault` instead (once per call). */
  inject(match: RegExp, ...faults: Fault[]) {
    for (const fault of faults) this.faults.push({ match, fault });
  }

  protected abstract handle(request: FakeRequest): FakeReply;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        let body: unknown = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          body = raw;
        }
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          raw,
        };
        this.calls.push(request);
        const at = this.faults.findIndex((f) => f.match.test(`${request.method} ${request.path}`));
        const fault = at >= 0 ? this.faults.splice(at, 1)[0]!.fault : null;
        if (fault && 'hang' in fault) return; // the socket is closed when the server stops
        if (fault && 'status' in fault) {
          res
            .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
            .end(fault.body === undefined ? '' : JSON.stringify(fault.body));
          return;
        }
        let reply: FakeReply;
        try {
          reply = this.handle(request);
        } catch (error) {
          reply = { status: 500, body: { title: String(error) } };
        }
        if (fault && 'dropAfterWork' in fault) {
          res.socket?.destroy();
          return;
        }
        const type =
          reply.status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8';
        res
          .writeHead(reply.status, { 'content-type': type, ...reply.headers })
          .end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
