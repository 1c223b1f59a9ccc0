// The outbox relay: sends what the business transactions wrote to the outbox, over the configured
// mail relay (messaging/smtp.ts) and SMS gateway (messaging/linkmobility.ts). Each run claims due
// messages one at a time under a short lease (outbox.ts: `for update skip locked`, so two
// instances never send the same row; one that dies holds back only the message it was sending,
// until its lease runs out), sends each with a timeout, and marks it sent, due again after a
// backoff (a timeout, a refused connection, a 4xx from SMTP, a 429 or 5xx from the gateway), or
// failed for good (a permanent refusal, or the last of MAX_ATTEMPTS). A channel without a relay
// is not claimed: its rows wait in the outbox (development reads them at /dev/outbox).
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { redactContacts } from '../redact';

import {
  type Channel,
  type ClaimedMessage,
  claimDueMessages,
  markMessageNotSent,
  markMessageSent,
} from './outbox';

/** A refusal by the relay or gateway; `permanent` ones are not tried again. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part, sent with the text as multipart/alternative. */
  readonly html?: string;
  /** The same for every attempt of one outbox row, so a receiver can tell a repeat. */
  readonly reference: string;
}

export interface SmsMessage {
  readonly to: string;
  readonly text: string;
  readonly reference: string;
}

/** The mail relay: resolves with the relay's id for the message, or throws DeliveryError. */
export interface EmailTransport {
  readonly name: string;
  sendEmail(message: EmailMessage, signal: AbortSignal): Promise<string | null>;
  close?(): void;
}

/** The SMS gateway: resolves with the gateway's message id, or throws DeliveryError. */
export interface SmsGateway {
  readonly name: string;
  sendSms(message: SmsMessage, signal: AbortSignal): Promise<string | null>;
}

export interface RelayTransports {
  readonly email?: EmailTransport | null;
  readonly sms?: SmsGateway | null;
}

export interface RelayOptions {
  /** Messages claimed per run (default 10). */
  readonly batch?: number;
  /** Milliseconds one message may take (default 15 s); its lease is that and LEASE_MARGIN_S. */
  readonly sendTimeoutMs?: number;
  readonly maxAttempts?: number;
}

export interface RelayLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RelayResult {
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
}

export const MAX_ATTEMPTS = 8;

/** Seconds a message's lease lasts past its send timeout (a slow database, a clock apart). */
export const LEASE_MARGIN_S = 15;

/** Seconds before attempt `attempt + 1`: 30 s, 1 min, 2 min … at most an hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

/** An e-mail is kept as its subject line, a blank line and the text (outbox.ts sendEmail). */
export function splitEmail(body: string): { subject: string; text: string } {
  const at = body.indexOf('\n\n');
  return at < 0
    ? { subject: body, text: '' }
    : { subject: body.slice(0, at), text: body.slice(at + 2) };
}

/** The reason, without the recipient's address or number (relays often quote them). */
const describe = (error: unknown) =>
  redactContacts(error instanceof Error ? `${error.name}: ${error.message}` : String(error));

async function deliver(
  message: ClaimedMessage,
  transports: RelayTransports,
  signal: AbortSignal,
): Promise<string | null> {
  const reference = `minside-outbox-${message.id}`;
  if (message.channel === 'email') {
    const { subject, text } = splitEmail(message.body);
    return transports.email!.sendEmail(
      {
        to: message.recipient,
        subject,
        text,
        ...(message.html ? { html: message.html } : {}),
        reference,
      },
      signal,
    );
  }
  return transports.sms!.sendSms({ to: message.recipient, text: message.body, reference }, signal);
}

/** One run of the relay: claims what is due and sends it. */
export async function relayOutbox(
  deps: { readonly db: Queryable; readonly clock: Clock; readonly log: RelayLog },
  transports: RelayTransports,
  options: RelayOptions = {},
): Promise<RelayResult> {
  const channels: Channel[] = [];
  if (transports.email) channels.push('email');
  if (transports.sms) channels.push('sms');
  const batch = options.batch ?? 10;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const result = { sent: 0, retried: 0, failed: 0 };
  // One message claimed at a time, leased for its own send only: an instance that dies holds back
  // at most that one message, and only for LEASE_MARGIN_S past its timeout.
  for (let taken = 0; taken < batch; taken++) {
    const [message] = await claimDueMessages(deps.db, {
      channels,
      limit: 1,
      leaseSeconds: Math.ceil(sendTimeoutMs / 1000) + LEASE_MARGIN_S,
      now: deps.clock.now(),
    });
    if (!message) break;
    try {
      const providerId = await deliver(message, transports, AbortSignal.timeout(sendTimeoutMs));
      await markMessageSent(deps.db, message.id, providerId, deps.clock.now());
      result.sent++;
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const last = message.attempt >= maxAttempts;
      const retryAt =
        permanent || last
          ? null
          : new Date(deps.clock.now().getTime() + backoffSeconds(message.attempt) * 1000);
      await markMessageNotSent(deps.db, message.id, describe(error), retryAt);
      // The log names the row, the channel and the reason, never the recipient or the text.
      const context = { outboxId: message.id, channel: message.channel, attempt: message.attempt };
      if (retryAt) {
        result.retried++;
        deps.log.warn({ ...context, error: describe(error), retryAt }, 'message not sent yet');
      } else {
        result.failed++;
        deps.log.error({ ...context, error: describe(error) }, 'message could not be sent');
      }
    }
  }
  return result;
}

/**
 * Runs the relay every `intervalMs` (at once again while a run finds a full batch) until
 * `stop()`, which waits for the run in progress. A run that throws (the database away) is logged
 * and the next one comes as usual.
 */
export function startRelay(
  deps: {
    readonly db: Queryable;
    readonly clock: Clock;
    readonly log: RelayLog;
    /** Told what each run did (the metrics). */
    readonly onResult?: (result: RelayResult) => void;
  },
  transports: RelayTransports,
  intervalMs: number,
  options: RelayOptions = {},
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const batch = options.batch ?? 10;
  const tick = () => {
    running = (async () => {
      let full = true;
      try {
        while (full && !stopped) {
          const result = await relayOutbox(deps, transports, options);
          deps.onResult?.(result);
          full = result.sent + result.retried + result.failed >= batch;
        }
      } catch (error) {
        deps.log.error({ err: error }, 'the outbox relay could not run');
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transports.email?.close?.();
    },
  };
}
