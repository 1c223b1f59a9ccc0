// What handlers reach through `request.server.services`: the ports of the reference backend.
import type { Clock } from '../clock';
import type { StudentConfig } from '../config';
import type { Db } from '../db/db';
import type { RelyingParty } from '../identity/oidc-client';
import type { TokenSealer } from '../identity/token-seal';
import type { Metrics } from '../metrics';
import type { PaymentPort } from '../payments/port';

export interface Services {
  readonly db: Db;
  /** Prometheus metrics of this instance (metrics.ts). */
  readonly metrics: Metrics;
  readonly clock: Clock;
  /** The OpenID client side: the embedded provider at /idp, or OIDC_ISSUER. */
  readonly rp: RelyingParty;
  /** The payment provider (the embedded sandbox unless a real adapter is configured). */
  readonly payments: PaymentPort;
  /** Seals the provider's tokens at rest (TOKEN_ENCRYPTION_KEY). */
  readonly tokens: TokenSealer;
  /** Shared secret that signs the provider's callbacks (Payment-Signature). */
  readonly paymentCallbackSecret: string;
  /**
   * Vipps' webhooks: the registration's secret, and the URL registered (its host and path are
   * signed); null when Vipps is not configured (every webhook is refused).
   */
  readonly vippsWebhook: { readonly secret: string; readonly url: string } | null;
  /**
   * Where a reader of the title, on the Min Side origin `returnTo`, changes what the identity
   * provider owns (null: nowhere known).
   */
  readonly identityAccountUrl: (titleCode: string, returnTo: string) => string | null;
  /** Days back a delivery complaint may reach (config COMPLAINT_WINDOW_DAYS). */
  readonly complaintWindowDays: number;
  /** The student offer's extra e-mail domains and how long a verification lasts. */
  readonly student: StudentConfig;
}
