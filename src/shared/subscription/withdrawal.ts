// The right of withdrawal (angrerettloven) for a purchase made online: 14 days, counted from the
// day after the purchase was completed. The server's withdrawal rules and the receipt e-mails
// name the same last day.
import { addDays, osloDateOf } from '../time/oslo';

/** Days of the right, counted from the day after the online purchase was completed. */
export const WITHDRAWAL_DAYS = 14;

/** The last day of the right (an Oslo calendar date) for a purchase completed at `completedAt`. */
export function lastDayOfRight(completedAt: Date): string {
  return addDays(osloDateOf(completedAt), WITHDRAWAL_DAYS);
}
