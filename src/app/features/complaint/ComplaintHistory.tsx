// The reader's earlier complaints for the subscription, newest first: what was wrong, the days,
// the comment, and the reference customer service knows it by with the day it was sent.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { Complaint } from '../../api/complaint';
import { useLongDate } from '../../hooks/useLongDate';
import { type Fact, Facts } from '../../ui/Facts';

import { useCodeText, useDayName } from './days';

function factsOf(
  complaint: Complaint,
  t: TFunction<'complaint'>,
  dayName: (date: string) => string,
  longDate: (date: string) => string,
): Fact[] {
  const facts: Fact[] = [
    {
      key: 'dates',
      label: t('complaint.history.dates'),
      value: complaint.dates.map(dayName).join(', '),
    },
  ];
  if (complaint.comment)
    facts.push({ key: 'comment', label: t('complaint.history.comment'), value: complaint.comment });
  facts.push({
    key: 'reference',
    label: t('complaint.history.reference'),
    value: `${complaint.reference} · ${t('complaint.history.filed', { date: longDate(complaint.filedAt) })}`,
  });
  return facts;
}

export function ComplaintHistory({ complaints }: { readonly complaints: readonly Complaint[] }) {
  const { t } = useTranslation('complaint');
  const longDate = useLongDate();
  const dayName = useDayName();
  const codeText = useCodeText();
  return (
    <section aria-labelledby="complaint-history-heading">
      <h2 id="complaint-history-heading" className="ds-heading" data-size="md">
        {t('complaint.history.heading')}
      </h2>
      {complaints.length === 0 ? (
        <p className="ds-paragraph">{t('complaint.history.empty')}</p>
      ) : (
        <ul className="complaint-history">
          {complaints.map((complaint) => (
            <li key={complaint.reference} className="ds-card">
              <h3 className="ds-heading" data-size="xs">
                {codeText(complaint.code, complaint.description)}
              </h3>
              <Facts facts={factsOf(complaint, t, dayName, longDate)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
