// A student subscriber verified again: the student plan goes on.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useLongDate } from '../../hooks/useLongDate';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

import type { Kind } from './verification';

/** A student subscriber verified again: until when, and that the student plan goes on. */
export function Renewed({
  kind,
  validUntil,
}: {
  readonly kind: Kind;
  readonly validUntil: string | null;
}) {
  const { t } = useTranslation('student');
  const longDate = useLongDate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="student-step">
      <Notice color="success" role="status" tabIndex={-1} ref={ref}>
        <p>
          {t(kind === 'pupil' ? 'student.renewed.done-pupil' : 'student.renewed.done', {
            date: validUntil ? longDate(validUntil) : '',
          })}
        </p>
        <p>{t('student.renewed.goes-on')}</p>
      </Notice>
      <p>
        <HomeLink />
      </p>
    </div>
  );
}
