// The long-date formatter in the reader's current language (follows the language switch).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { formatLongDate } from '../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/i18n/i18n';

export function useLongDate(): (date: string) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback((date: string) => formatLongDate(date, language), [language]);
}
