// A refusal of /endre-avislevering's form that belongs to no field, said above the button: an
// overlap names the other change, a passed cut-off the next possible day, a rate limit the wait.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { DeliveryChange } from '../../api/delivery';
import { Notice } from '../../ui/Notice';
import { useRateLimitText } from '../../ui/RateLimitNotice';

import { typeKey, useDayName, usePeriodText } from './format';

/** Why the server would not take the change, when no field is to blame. */
export type Failure =
  | {
      kind:
        | 'too-early'
        | 'too-early-end'
        | 'locked'
        | 'not-paper'
        | 'not-active'
        | 'other-subscription-move'
        | 'other-subscription-change'
        | 'failed';
    }
  | { kind: 'overlap'; other: DeliveryChange | null }
  | { kind: 'rate-limited'; retryAfter: number | null; at: number };

/** The failure as an alert that takes the focus, so the reader hears it at once. */
export function FailureNotice({
  failure,
  earliestStart,
}: {
  readonly failure: Failure;
  /** The calendar's earliest possible day (a passed cut-off names it). */
  readonly earliestStart: string;
}) {
  const { t } = useTranslation('delivery-change');
  const rateLimitText = useRateLimitText();
  const dayName = useDayName();
  const periodText = usePeriodText();
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    failureRef.current?.focus();
  }, [failure]);

  function failureText(f: Failure): string {
    switch (f.kind) {
      case 'overlap':
        return f.other
          ? t('delivery-change.server.overlap', {
              type: t(`delivery-change.types.${typeKey(f.other.type)}.name`),
              period: periodText(f.other),
            })
          : t('delivery-change.server.overlap-unknown');
      case 'too-early':
      case 'too-early-end':
        return t(`delivery-change.server.${f.kind}`, { day: dayName(earliestStart) });
      case 'rate-limited':
        return rateLimitText(f.retryAfter, f.at);
      default:
        return t(`delivery-change.server.${f.kind}`);
    }
  }

  return (
    <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
      {failureText(failure)}
    </Notice>
  );
}
