// The days /endre-avislevering's date fields offer: the calendar's delivery days (with the first
// day of a change being edited), or, when only the end of a started change can move, the ends the
// server takes.
import { useMemo } from 'react';

import { addDays } from '../../../shared/time/oslo';
import type { DeliveryCalendar, DeliveryChange } from '../../api/delivery';

/** The longest a change may last (the server's horizon). */
const YEAR_DAYS = 365;

/** The days on offer for the first (`fromDays`) and the last day (`endDays`), ascending. */
export function useOfferedDays(
  calendar: DeliveryCalendar,
  editing: DeliveryChange | null,
  endOnly: boolean,
) {
  const days = calendar.deliveryDays;
  // A change being edited keeps its own first day on offer while it can still be edited.
  const offered = useMemo(
    () => (editing && !days.includes(editing.fromDate) ? [editing.fromDate, ...days].sort() : days),
    [days, editing],
  );
  // Moving the end of a started change: from the day before the earliest possible day on (paper
  // again from that day), or any later delivery day up to the calendar's last date and at most a
  // year after its first day (what the server takes).
  const endDays = useMemo(() => {
    if (!endOnly || !editing) return offered;
    const dayBefore = addDays(calendar.earliestStart, -1);
    const yearOn = addDays(editing.fromDate, YEAR_DAYS);
    const last = yearOn < calendar.lastDate ? yearOn : calendar.lastDate;
    const later = days.filter((d) => d >= editing.fromDate && d > dayBefore && d <= last);
    return dayBefore >= editing.fromDate ? [dayBefore, ...later] : later;
  }, [endOnly, editing, offered, days, calendar.earliestStart, calendar.lastDate]);
  const fromDays = useMemo(
    () => (endOnly && editing ? [editing.fromDate] : offered),
    [endOnly, editing, offered],
  );
  return { fromDays, endDays };
}
