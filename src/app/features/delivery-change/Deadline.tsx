// The cut-off, live: "Endringen må være registrert innen kl. HH:MM dagen før" with the next
// possible delivery day, and a countdown in the last hours before that day's cut-off. When the
// cut-off passes, the page asks the server for the calendar again (the next possible day moves
// on); only that change is announced, not every tick of the countdown.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DeliveryCalendar } from '../../api/delivery';
import { Notice } from '../../ui/Notice';

import { useDayName } from './format';

/** From how long before the cut-off the countdown shows. */
export const COUNTDOWN_FROM_MS = 3 * 3600_000;
const TICK_MS = 15_000;
const HEADING_ID = 'delivery-change-deadline-heading';

/** The current time, re-read every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function Deadline({
  calendar,
  onPassed,
}: {
  readonly calendar: DeliveryCalendar;
  /** The cut-off of the earliest day has passed: the calendar is stale. */
  readonly onPassed: () => void;
}) {
  const { t } = useTranslation('delivery-change');
  const dayName = useDayName();
  const now = useNow(TICK_MS);
  const left = Date.parse(calendar.cutOff) - now;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (left <= 0 && reported.current !== calendar.cutOff) {
      reported.current = calendar.cutOff;
      onPassed();
    }
  }, [left, calendar.cutOff, onPassed]);

  const days = calendar.cutOffDaysBefore;
  const minutes = Math.max(0, Math.ceil(left / 60_000));
  const hours = Math.floor(minutes / 60);
  const countdown =
    left > 0 && left <= COUNTDOWN_FROM_MS
      ? hours > 0
        ? t('delivery-change.deadline.countdown-hours', { hours, minutes: minutes % 60 })
        : t(
            minutes === 1
              ? 'delivery-change.deadline.countdown-minute'
              : 'delivery-change.deadline.countdown-minutes',
            { count: minutes },
          )
      : null;
  return (
    <Notice
      region
      aria-labelledby={HEADING_ID}
      heading={<span id={HEADING_ID}>{t('delivery-change.deadline.heading')}</span>}
    >
      <p>
        {days === 1
          ? t('delivery-change.deadline.rule', { time: calendar.cutOffTime })
          : t('delivery-change.deadline.rule-days', { time: calendar.cutOffTime, count: days })}
      </p>
      <p aria-live="polite" aria-atomic="true">
        {t('delivery-change.deadline.earliest', { day: dayName(calendar.earliestStart) })}
      </p>
      {countdown ? (
        <p className="delivery-change-countdown">
          {t('delivery-change.deadline.countdown', {
            day: dayName(calendar.earliestStart),
            left: countdown,
          })}
        </p>
      ) : null}
    </Notice>
  );
}
