// A refused or failed request of /administrer-bedrift and /bedrift, in words: no longer an admin,
// no agreement, too many requests (how long to wait, from the 429's Retry-After, and the Oslo
// clock time when a new try is allowed), a request the server would not take, or the generic
// error (spec §8). An alert that takes the focus, so the reader hears it at once.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { formatClockTime } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { Notice } from '../../ui/Notice';

import type { ChangeProblem } from './results';

export function ProblemNotice({ problem }: { readonly problem: ChangeProblem }) {
  const { t, i18n } = useTranslation('business');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [problem]);
  let text: string;
  switch (problem.kind) {
    case 'rate-limited':
      text =
        problem.retryAfter === null
          ? t('business.problem.rate-limited-unknown')
          : t('business.problem.rate-limited', {
              minutes: Math.max(1, Math.ceil(problem.retryAfter / 60)),
              time: formatClockTime(new Date(problem.at + problem.retryAfter * 1000), language),
            });
      break;
    default:
      text = t(`business.problem.${problem.kind}`);
  }
  return (
    <Notice
      color={problem.kind === 'rate-limited' ? 'warning' : 'danger'}
      role="alert"
      tabIndex={-1}
      ref={ref}
    >
      {text}
    </Notice>
  );
}
