// What the screen is shown of delivery changes (/endre-avislevering): a change as a view (its
// status, its cut-off, what can still be edited, the issues it covers and the credit of a stop),
// and the overview of a subscription's calendar, price and changes that changes.ts answers.
import { osloDateOf } from '../../../shared/time/oslo';
import type { DeliveryAddress } from '../accounts/accounts';

import { cutOffFor, deliveryDaysBetween } from './calendar';
import { type CreditContext, stopRowOf } from './changePrices';
import {
  type ChangeRow,
  type DeliveryChangeStatus,
  type DeliveryChangeType,
  endEditable,
  statusOf,
} from './changeRules';
import { addressOf } from './changeStore';
import type { PaperEligibility } from './paper';
import { estimateStopCredit } from './stopCredits';

export interface DeliveryChangeView {
  readonly id: string;
  readonly type: DeliveryChangeType;
  readonly fromDate: string;
  readonly toDate: string | null;
  readonly openEnd: boolean;
  readonly status: DeliveryChangeStatus;
  /** ISO instant until which the change can be edited or withdrawn. */
  readonly cutOff: string;
  readonly editable: boolean;
  /**
   * A started (or locked) stop or temporary address whose end can still be moved: the first
   * delivery it would change is not before the earliest possible day.
   */
  readonly endEditable: boolean;
  /** Delivery days covered (an open-ended stop: those up to today); 0 for a move. */
  readonly issues: number;
  /** The credit of a stop on the next invoice (0 where the title credits none). */
  readonly creditOre: number;
  readonly address: DeliveryAddress | null;
  /**
   * A move that was not carried out on its day: its subscription was no longer paper (NOT_PAPER)
   * or had no access (NOT_ACTIVE) then. Null otherwise.
   */
  readonly notApplied: 'NOT_PAPER' | 'NOT_ACTIVE' | null;
}

export interface DeliveryCalendarView {
  readonly earliestStart: string;
  readonly cutOff: string;
  readonly cutOffTime: string;
  readonly cutOffDaysBefore: number;
  readonly weekdays: readonly number[];
  readonly lastDate: string;
  readonly deliveryDays: readonly string[];
}

export interface DeliveryChangeOverview {
  readonly subscriptionNo: string;
  readonly titleCode: string;
  readonly eligibility: PaperEligibility;
  readonly calendar: DeliveryCalendarView | null;
  readonly price: {
    readonly stopCredit: 'NONE' | 'PER_ISSUE';
    readonly creditPerIssueOre: number | null;
    /** The paper's share of the price a stopped issue is credited with, in per cent. */
    readonly paperSharePercent: number | null;
  };
  readonly address: DeliveryAddress | null;
  readonly planned: readonly DeliveryChangeView[];
  readonly current: readonly DeliveryChangeView[];
  readonly history: readonly DeliveryChangeView[];
}

export function toView(
  row: ChangeRow,
  now: Date,
  credit: CreditContext | null,
): DeliveryChangeView {
  const today = osloDateOf(now);
  const status = statusOf(row, today);
  const cutOff = cutOffFor(row.title_code, row.from_date);
  const lastCounted = row.to_date ?? (row.from_date <= today ? today : row.from_date);
  const issues =
    row.kind === 'PERMANENT'
      ? 0
      : row.to_date === null && row.from_date > today
        ? 0
        : deliveryDaysBetween(row.title_code, row.from_date, lastCounted).length;
  return {
    id: String(row.id),
    type: row.kind,
    fromDate: row.from_date,
    toDate: row.to_date,
    openEnd: row.kind !== 'PERMANENT' && row.to_date === null,
    status,
    cutOff: cutOff.toISOString(),
    editable: status === 'PLANNED' && now.getTime() < cutOff.getTime(),
    endEditable: endEditable(row, status, now, cutOff),
    issues,
    creditOre:
      row.kind === 'STOP' && credit !== null && status !== 'WITHDRAWN' && issues > 0
        ? estimateStopCredit(
            row.title_code,
            credit.share,
            stopRowOf(row),
            lastCounted,
            credit.periods,
            credit.renews,
          )
        : 0,
    address: addressOf(row),
    notApplied: row.skip_reason,
  };
}
