// Delivery complaint codes, in the order the complaint form lists them.
import type { Queryable } from '../../db/db';

export interface ComplaintCode {
  readonly code: string;
  readonly description: string;
  readonly category: string;
}

export function listComplaintCodes(db: Queryable): Promise<ComplaintCode[]> {
  return db.query<ComplaintCode & Record<string, unknown>>(
    'select code, description, category from complaint_codes order by sort_order, code',
  );
}
