// The mail relay adapter: e-mail over SMTP with nodemailer (SMTP_URL, MAIL_FROM). smtp:// must
// upgrade with STARTTLS (requireTLS) unless it talks to this machine; smtps:// is TLS from the
// start. A 5xx reply is a permanent refusal (DeliveryError permanent), everything else (4xx,
// a refused connection, a timeout) is tried again by the relay. Each message carries a
// Message-ID made from its outbox row, the same on every attempt.
import nodemailer from 'nodemailer';

import type { SmtpConfig } from '../config';

import { DeliveryError, type EmailMessage, type EmailTransport } from './relay';

const LOCAL = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function smtpTransport(
  config: SmtpConfig,
  options: { timeoutMs?: number } = {},
): EmailTransport {
  const url = new URL(config.url);
  const local = LOCAL.has(url.hostname);
  const timeout = options.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    requireTLS: url.protocol === 'smtp:' && !local,
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    pool: true,
    maxConnections: 2,
  });
  const domain = config.from.replace(/^.*@/, '').replace(/>.*$/, '');
  return {
    name: `SMTP ${url.host}`,
    async sendEmail(message: EmailMessage, signal: AbortSignal) {
      signal.throwIfAborted();
      const sending = transporter.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${message.reference}@${domain}>`,
      });
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DeliveryError('SMTP timed out', false)), {
          once: true,
        }),
      );
      try {
        const info = await Promise.race([sending, aborted]);
        return info.messageId ?? null;
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        const code = (error as { responseCode?: number }).responseCode;
        const text = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`SMTP: ${text}`, code !== undefined && code >= 500 && code < 600);
      }
    },
    close() {
      transporter.close();
    },
  };
}
