// "Too many tries": the one wording of every refusal by the server's rate limits (a 429), with
// how long to wait when the Retry-After said it: minutes and the Oslo clock time within the hour
// and a half, the clock time later today, the day and time when it is another day, and a general
// "a while" when it is not known. Screens that say it inside another message (a form field, an
// announcement) take the words from useRateLimitText; RATE_LIMIT_KEY is the catalogue key of the
// words without a wait, for screens that map problem codes to keys.
import type { HTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { osloDateOf } from '../../shared/time/oslo';
import { formatClockTime, formatLongDate } from '../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/i18n/i18n';

import { Notice } from './Notice';

/** The words without a wait, as a key any namespace's `t` resolves. */
export const RATE_LIMIT_KEY = 'common:rate-limit.unknown';

/** A wait after a 429 is said in minutes up to this many; beyond, as the clock time. */
const MINUTES_AT_MOST = 90;

/**
 * The words of a refusal: with the seconds of the Retry-After and when the refusal came (ms since
 * the epoch), how long to wait; without either (null or undefined), to wait a while.
 */
export function useRateLimitText(): (retryAfter?: number | null, at?: number) => string {
  const { t, i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (retryAfter, at) => {
    if (retryAfter === null || retryAfter === undefined || at === undefined)
      return t('rate-limit.unknown', { ns: 'common' });
    const until = new Date(at + retryAfter * 1000);
    const time = formatClockTime(until, language);
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    if (minutes <= MINUTES_AT_MOST) return t('rate-limit.minutes', { ns: 'common', minutes, time });
    const day = osloDateOf(until);
    if (day === osloDateOf(new Date(at)))
      return t('rate-limit.later-today', { ns: 'common', time });
    return t('rate-limit.another-day', {
      ns: 'common',
      date: formatLongDate(day, language),
      time,
    });
  };
}

export type RateLimitNoticeProps = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'color'> & {
  /** Seconds to wait, from Retry-After (null or left out: not known). */
  readonly retryAfter?: number | null;
  /** When the refusal came (ms since the epoch); the wait is said only with it. */
  readonly at?: number;
  /** A warning unless the screen says its refusals as errors. */
  readonly color?: 'warning' | 'danger';
  readonly ref?: Ref<HTMLDivElement>;
};

export function RateLimitNotice({
  retryAfter,
  at,
  color = 'warning',
  role = 'alert',
  ref,
  ...rest
}: RateLimitNoticeProps) {
  const text = useRateLimitText();
  return (
    <Notice color={color} role={role} ref={ref} {...rest}>
      {text(retryAfter, at)}
    </Notice>
  );
}
