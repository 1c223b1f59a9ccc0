// A refused or failed request of /administrer-bedrift and /bedrift, in words: no longer an admin,
// no agreement, too many requests (the shared rate-limit notice, with the wait the 429's
// Retry-After gives), a request the server would not take, or the generic error (requirements §8). An alert that takes the focus, so the reader hears it at once.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Notice } from '../../ui/Notice';
import { RateLimitNotice } from '../../ui/RateLimitNotice';

import type { ChangeProblem } from './results';

export function ProblemNotice({ problem }: { readonly problem: ChangeProblem }) {
  const { t } = useTranslation('business');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [problem]);
  if (problem.kind === 'rate-limited')
    return (
      <RateLimitNotice retryAfter={problem.retryAfter} at={problem.at} tabIndex={-1} ref={ref} />
    );
  return (
    <Notice color="danger" role="alert" tabIndex={-1} ref={ref}>
      {t(`business.problem.${problem.kind}`)}
    </Notice>
  );
}
