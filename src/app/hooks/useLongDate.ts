// The long-date formatter in the reader's current language (follows the language switch), and
// a period of two dates written the one way every screen writes it («1. mars 2027 til 31. mars
// 2027»).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { formatLongDate } from '../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/i18n/i18n';

export function useLongDate(): (date: string) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback((date: string) => formatLongDate(date, language), [language]);
}

export function useDateRange(): (start: string, end: string) => string {
  const { t } = useTranslation('common');
  const longDate = useLongDate();
  return useCallback(
    (start: string, end: string) =>
      t('common:date-range', { start: longDate(start), end: longDate(end) }),
    [t, longDate],
  );
}
