// The SMS gateway adapter: LINK Mobility's Common Platform REST API (SMS_GATEWAY=linkmobility),
// POST {SMS_GATEWAY_URL} (default https://n-eu.linkmobility.io/sms/send) with HTTP Basic auth
// and one JSON message: source (the sender), destination (E.164), userData (the text),
// platformId, platformPartnerId, refId (our outbox row, the same on every attempt) and
// useDeliveryReport false. A 2xx answer with resultCode 1005 (Queued) is sent and names the
// gateway's messageId. A 400 is a message the gateway will never take (a bad number, too long):
// failed for good. 401/403 (wrong credentials), 408, 429 (throttled) and 5xx, a timeout or a
// refused connection: tried again by the relay with its backoff.
import type { SmsGatewayConfig } from '../config';

import { DeliveryError, type SmsGateway, type SmsMessage } from './relay';

/** The result code of a message the gateway queued for delivery. */
export const QUEUED = 1005;

interface SendResponse {
  readonly messageId?: string;
  readonly resultCode?: number;
  readonly description?: string;
}

export function linkMobilityGateway(
  config: SmsGatewayConfig,
  fetchImpl: typeof fetch = fetch,
): SmsGateway {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
  return {
    name: `LINK Mobility ${new URL(config.url).host}`,
    async sendSms(message: SmsMessage, signal: AbortSignal) {
      let response: Response;
      try {
        response = await fetchImpl(config.url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            source: config.sender,
            destination: message.to,
            userData: message.text,
            platformId: config.platformId,
            platformPartnerId: config.platformPartnerId,
            refId: message.reference,
            useDeliveryReport: false,
          }),
          signal,
        });
      } catch (error) {
        const reason = signal.aborted ? 'timed out' : String((error as Error).message ?? error);
        throw new DeliveryError(`SMS gateway: ${reason}`, false);
      }
      const text = await response.text().catch(() => '');
      let body: SendResponse = {};
      try {
        body = text ? (JSON.parse(text) as SendResponse) : {};
      } catch {
        // not JSON: told by status below
      }
      const what = `SMS gateway ${response.status}${body.resultCode ? ` (${body.resultCode})` : ''}: ${body.description ?? text.slice(0, 200)}`;
      if (response.ok) {
        if (body.resultCode === QUEUED && body.messageId) return body.messageId;
        // A 2xx that did not queue the message: the gateway refused it as it stands.
        throw new DeliveryError(what, true);
      }
      throw new DeliveryError(what, response.status === 400);
    },
  };
}
