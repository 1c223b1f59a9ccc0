// What handlers reach through `request.server.services`: the ports of the reference backend.
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { RelyingParty } from '../identity/oidc-client';

export interface Services {
  readonly db: Db;
  readonly clock: Clock;
  /** The OpenID client side: the embedded provider at /idp, or OIDC_ISSUER. */
  readonly rp: RelyingParty;
}
