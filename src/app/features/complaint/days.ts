// How /tilbakemelding names a delivery day: the weekday and the date without the year (every day
// offered is within the last weeks), e.g. "tirsdag 10. mars", in the reader's language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { osloDateOf } from '../../../shared/time/oslo';
import { formatLongDate } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date (YYYY-MM-DD). */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * "tirsdag 10. mars" for 2026-03-10 (nb), "tysdag 10. mars" (nn); a day of another year than
 * this one keeps its year ("fredag 5. desember 2025").
 */
export function useDayName(): (date: string) => string {
  const { t, i18n } = useTranslation('complaint');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback(
    (date: string) => {
      const long = formatLongDate(date, language);
      const thisYear = date.slice(0, 4) === osloDateOf(new Date()).slice(0, 4);
      const weekday = t(`complaint.weekdays.${isoWeekday(date)}`);
      return `${weekday} ${thisYear ? long.replace(/ \d{4}$/, '') : long}`;
    },
    [t, language],
  );
}

/** The text of a complaint code in the reader's language (the server's is bokmål). */
export function useCodeText(): (code: string, description: string) => string {
  const { t } = useTranslation('complaint');
  return useCallback(
    (code: string, description: string) =>
      t(`complaint.codes.${code.toLowerCase()}`, { defaultValue: description }),
    [t],
  );
}
