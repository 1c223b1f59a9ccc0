// Prometheus metrics (prom-client), one registry per app: request latency by route, the parts
// of the background work and how they ended, what the outbox relay did, how many messages wait,
// the payment callbacks by status, and the process's own (memory, event loop, CPU). Served at
// /metrics (plugins/operations.ts).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { Queryable } from './db/db';
import type { BackgroundPart } from './jobs/background';
import { outboxDepth } from './messaging/outbox';
import type { RelayResult } from './messaging/relay';

export interface Metrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  backgroundPart(part: BackgroundPart, outcome: 'ok' | 'failed'): void;
  relayed(result: RelayResult): void;
  paymentCallback(status: string, duplicate: boolean): void;
}

export function createMetrics(db: Queryable): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'minside_' });
  const requests = new Histogram({
    name: 'minside_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (the pattern, not the URL) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requestSeries = new Map<string, ReturnType<typeof requests.labels>>();
  const parts = new Counter({
    name: 'minside_job_runs_total',
    help: 'Parts of the background work run, by part and outcome (ok, failed)',
    labelNames: ['part', 'outcome'],
    registers: [registry],
  });
  const relay = new Counter({
    name: 'minside_outbox_relay_messages_total',
    help: 'Messages the outbox relay handled, by outcome (sent, retried, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'minside_outbox_depth',
    help: 'Messages waiting in the outbox to be sent, by channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const depth = await outboxDepth(db);
      for (const [channel, waiting] of Object.entries(depth)) this.set({ channel }, waiting);
    },
  });
  const callbacks = new Counter({
    name: 'minside_payment_callbacks_total',
    help: 'Payment provider callbacks received, by status and whether it was a duplicate',
    labelNames: ['status', 'duplicate'],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      // The labelled series, found once: prom-client otherwise sorts and joins the labels into
      // its key on every observation. As many as the series themselves (route patterns).
      const key = `${method} ${route} ${status}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = requests.labels({ method, route, status: String(status) });
        requestSeries.set(key, series);
      }
      series.observe(seconds);
    },
    backgroundPart: (part, outcome) => parts.inc({ part, outcome }),
    relayed: (result) => {
      for (const outcome of ['sent', 'retried', 'failed'] as const)
        if (result[outcome] > 0) relay.inc({ outcome }, result[outcome]);
    },
    paymentCallback: (status, duplicate) =>
      callbacks.inc({ status, duplicate: duplicate ? 'yes' : 'no' }),
  };
}
