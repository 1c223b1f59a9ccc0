// "Too many codes asked for": how long to wait (the 429's Retry-After), in minutes and as the
// Oslo clock time when a new try is allowed.
import { useTranslation } from 'react-i18next';

import { formatClockTime } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { Notice } from '../../ui/Notice';

export interface RateLimitNoticeProps {
  /** Seconds to wait, from Retry-After (null: the server did not say). */
  readonly retryAfter: number | null;
  /** When the refusal came (ms since the epoch). */
  readonly at: number;
}

export function RateLimitNotice({ retryAfter, at }: RateLimitNoticeProps) {
  const { t, i18n } = useTranslation('connect');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <Notice color="warning" role="alert">
      {retryAfter === null
        ? t('connect.rate-limited-unknown')
        : t('connect.rate-limited', {
            minutes: Math.max(1, Math.ceil(retryAfter / 60)),
            time: formatClockTime(new Date(at + retryAfter * 1000), language),
          })}
    </Notice>
  );
}
