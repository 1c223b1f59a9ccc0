// The per-address table of a change (invite, resend or remove), before it is sent (a dry run:
// what would happen) or after (what happened): each address as the admin wrote it, in the order
// sent, with a short verdict marked by its tone and the reason in a sentence.
import { useTranslation } from 'react-i18next';

import type { BusinessUserChangeResult } from '../../api/business';

import { domainsText } from './domains';
import { resultWords } from './results';

import '../../ui/designsystemet-tables.css';
import '../../ui/designsystemet-tags.css';

export interface ChangeResultsProps {
  /** The id of the heading that names the table. */
  readonly labelledBy: string;
  readonly results: readonly BusinessUserChangeResult[];
  readonly dryRun: boolean;
  /** The agreement's e-mail domains (the reason of a wrong domain names them). */
  readonly domains: readonly string[];
}

export function ChangeResults({ labelledBy, results, dryRun, domains }: ChangeResultsProps) {
  const { t } = useTranslation('business');
  const domainList = domainsText(domains, t('business.domains.or'));
  return (
    <table className="ds-table business-results" data-border aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{t('business.results.email-column')}</th>
          <th scope="col">{t('business.results.result-column')}</th>
        </tr>
      </thead>
      <tbody>
        {results.map((change, index) => {
          const words = resultWords(change, dryRun);
          return (
            // The same address may be listed twice (a duplicate): its place makes the row.
            <tr key={`${index}:${change.email}`}>
              <th scope="row" className="business-email">
                {change.email}
              </th>
              <td>
                <span className="ds-tag business-verdict" data-color={words.tone}>
                  {t(words.verdict)}
                </span>{' '}
                <span className="business-reason">{t(words.reason, { domains: domainList })}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
