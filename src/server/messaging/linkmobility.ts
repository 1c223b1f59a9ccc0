// The SMS gateway adapter: LINK Mobility's Common Platform REST API ("SMS REST API – MT and
// Delivery Reports" v1.18; SMS_GATEWAY=linkmobility), POST {SMS_GATEWAY_URL} (default
// https://n-eu.linkmobility.io/sms/send; support assigns the host) with HTTP Basic auth and one
// JSON message: source (the sender), destination (E.164), userData (the text), platformId,
// platformPartnerId, refId (our outbox row, the same on every attempt: only a reference to the
// gateway, which has no duplicate protection), useDeliveryReport false, ignoreResponse false
// (so the answer names the messageId). A 200 with resultCode 1005 (Queued) is sent; so is a 204
// (no body). A 400 is a message the gateway will never take (a bad number, a missing platform
// id): failed for good. 401/403 (wrong or blocked credentials, error codes 1061xx) are tried
// again with the backoff, so that messages wait while an operator fixes the credentials instead
// of being lost; so are 429, 5xx, a timeout and a refused connection. Errors carry the gateway's
// code (`status`, 106xxx) and description.
import type { SmsGatewayConfig } from '../config';

import { DeliveryError, type SmsGateway, type SmsMessage } from './relay';

/** The result code of a message the gateway queued for delivery. */
export const QUEUED = 1005;

interface SendResponse {
  readonly messageId?: string;
  readonly resultCode?: number;
  readonly description?: string;
  /** On errors: the gateway's error code (106xxx), not the HTTP status. */
  readonly status?: number;
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
            ignoreResponse: false,
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
      const code = body.resultCode ?? body.status;
      const what = `SMS gateway ${response.status}${code ? ` (${code})` : ''}: ${body.description ?? text.slice(0, 200)}`;
      if (response.status === 204) return null;
      if (response.ok) {
        if (body.resultCode === QUEUED && body.messageId) return body.messageId;
        // A 2xx that did not queue the message: the gateway refused it as it stands.
        throw new DeliveryError(what, true);
      }
      throw new DeliveryError(what, response.status === 400);
    },
  };
}
