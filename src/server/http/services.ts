// What handlers reach through `request.server.services`: the ports of the reference backend.
import type { Clock } from '../clock';
import type { Db } from '../db/db';

export interface Services {
  readonly db: Db;
  readonly clock: Clock;
}
