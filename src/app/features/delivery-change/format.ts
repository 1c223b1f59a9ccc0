// How /endre-avislevering words days, periods and the cut-off: "onsdag 11. mars" (the year only
// when it is not this year's), a change's period, and the time left until a cut-off.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { osloDateOf } from '../../../shared/time/oslo';
import type { DeliveryChange } from '../../api/delivery';
import { formatClockTime, formatLongDate } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../lib/i18n/i18n';

/** The catalogue key of a change type: STOP → stop. */
export const typeKey = (type: DeliveryChange['type']) =>
  type.toLowerCase() as 'stop' | 'transfer' | 'permanent';

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date (YYYY-MM-DD). */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function useLanguage(): Language {
  const { i18n } = useTranslation('delivery-change');
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** "onsdag 11. mars" (nb) / "onsdag 11. mars" (nn); another year's day keeps its year. */
export function useDayName(): (date: string) => string {
  const { t } = useTranslation('delivery-change');
  const language = useLanguage();
  return useCallback(
    (date: string) => {
      const long = formatLongDate(date, language);
      const thisYear = date.slice(0, 4) === osloDateOf(new Date()).slice(0, 4);
      const weekday = t(`delivery-change.weekdays.${isoWeekday(date)}`);
      return `${weekday} ${thisYear ? long.replace(/ \d{4}$/, '') : long}`;
    },
    [t, language],
  );
}

/**
 * The days a paper comes out, from the calendar's ISO weekdays: "alle dager", "mandag til
 * lørdag" (a run of three or more), or "tirsdag, torsdag og lørdag".
 */
export function useWeekdaysText(): (weekdays: readonly number[]) => string {
  const { t } = useTranslation('delivery-change');
  return useCallback(
    (weekdays: readonly number[]) => {
      const days = [...weekdays].sort((a, b) => a - b);
      const name = (day: number) => t(`delivery-change.weekdays.${day}`);
      if (days.length === 7) return t('delivery-change.form.weekdays-all');
      const first = days[0];
      const last = days.at(-1);
      if (first === undefined || last === undefined) return '';
      if (days.length >= 3 && last - first === days.length - 1)
        return t('delivery-change.form.weekdays-range', { first: name(first), last: name(last) });
      if (days.length === 1) return name(first);
      return t('delivery-change.form.weekdays-list', {
        list: days.slice(0, -1).map(name).join(', '),
        last: name(last),
      });
    },
    [t],
  );
}

/** The period of a change in words: "11.–14. mars", "fra 11. mars", "fra 11. mars inntil videre". */
export function usePeriodText(): (
  change: Pick<DeliveryChange, 'type' | 'fromDate' | 'toDate'>,
) => string {
  const { t } = useTranslation('delivery-change');
  const dayName = useDayName();
  return useCallback(
    ({ type, fromDate, toDate }) => {
      if (type === 'PERMANENT')
        return t('delivery-change.period.from', { from: dayName(fromDate) });
      if (toDate === null) return t('delivery-change.period.open-end', { from: dayName(fromDate) });
      if (toDate === fromDate) return dayName(fromDate);
      return t('delivery-change.period.range', { from: dayName(fromDate), to: dayName(toDate) });
    },
    [t, dayName],
  );
}

/** The Oslo clock time of an instant ("14:00"). */
export function useClockTime(): (instant: string) => string {
  const language = useLanguage();
  return useCallback((instant: string) => formatClockTime(instant, language), [language]);
}

/** A cut-off instant as the reader reads it: "kl. 14:00 tirsdag 10. mars". */
export function useCutOffText(): (instant: string) => string {
  const { t } = useTranslation('delivery-change');
  const dayName = useDayName();
  const clock = useClockTime();
  return useCallback(
    (instant: string) =>
      t('delivery-change.cut-off-at', {
        time: clock(instant),
        day: dayName(osloDateOf(new Date(instant))),
      }),
    [t, dayName, clock],
  );
}

/** The delivery days from `from` to `to` (both included) among the calendar's days. */
export function daysInPeriod(days: readonly string[], from: string, to: string): number {
  return days.filter((d) => d >= from && d <= to).length;
}
