// The employees and invitations of /administrer-bedrift, newest first: each address with the date
// it was added and its status (requirements §3: invited, `emailSent`, with until when its link works; or
// active, with the employee's name). An invitation can be sent again; anyone can be removed, one
// at a time or many chosen together, after a confirmation that says what removal means. Each
// change answers per address (requirements §8 "some e-mails not removed"), shown above the list, whose
// heading takes the focus; the list and the seat count then follow the server's.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type BusinessAgreement,
  type BusinessChangeKind,
  type BusinessUser,
  type BusinessUserChangeResult,
  useChangeBusinessUsersMutation,
} from '../../api/business';
import { useLongDate } from '../../hooks/useLongDate';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';

import { ChangeResults } from './ChangeResults';
import { domainsText } from './domains';
import { ProblemNotice } from './ProblemNotice';
import { type ChangeProblem, changeProblem, countResults, resultWords } from './results';

import '../../ui/designsystemet-forms.css';
import '../../ui/designsystemet-tables.css';
import '../../ui/designsystemet-tags.css';

/** What the last change did; `seq` tells one outcome from the next (a new one takes the focus). */
type Outcome =
  | {
      readonly kind: 'removed';
      readonly seq: number;
      readonly results: readonly BusinessUserChangeResult[];
    }
  | { readonly kind: 'resent'; readonly seq: number; readonly result: BusinessUserChangeResult };

interface Confirmation {
  readonly emails: readonly string[];
  /** The button that asked, to give the focus back on "Avbryt". */
  readonly from: HTMLElement | null;
}

/** An invitation whose link no longer works (the admin sends it again). */
const linkExpired = (user: BusinessUser, now: number) =>
  user.status === 'emailSent' && !!user.linkExpiresAt && Date.parse(user.linkExpiresAt) <= now;

function StatusCell({ user }: { readonly user: BusinessUser }) {
  const { t } = useTranslation('business');
  const longDate = useLongDate();
  if (user.status === 'active')
    return (
      <span className="ds-tag" data-color="success">
        {t('business.users.status.active')}
      </span>
    );
  const expired = linkExpired(user, Date.now());
  return (
    <>
      <span className="ds-tag" data-color={expired ? 'warning' : 'info'}>
        {t('business.users.status.email-sent')}
      </span>
      {user.linkExpiresAt ? (
        <span className="business-link-note">
          {expired
            ? t('business.users.link-expired')
            : t('business.users.link-valid', { date: longDate(user.linkExpiresAt) })}
        </span>
      ) : null}
    </>
  );
}

export interface UserSectionProps {
  readonly agreement: BusinessAgreement;
}

export function UserSection({ agreement }: UserSectionProps) {
  const { t } = useTranslation('business');
  const longDate = useLongDate();
  const [changeUsers, { isLoading: busy }] = useChangeBusinessUsersMutation();
  const inFlight = useRef(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  const resentRef = useRef<HTMLDivElement>(null);
  const seq = useRef(0);
  const ids = { heading: useId(), confirm: useId(), results: useId() };
  const users = agreement.users;
  const domains = domainsText(agreement.emailDomains, t('business.domains.or'));

  // Someone removed meanwhile (here or in another tab) is no longer chosen.
  useEffect(() => {
    setSelected((current) => {
      const present = new Set(users.map((u) => u.email));
      const kept = [...current].filter((email) => present.has(email));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [users]);

  useEffect(() => {
    if (outcome?.kind === 'resent') resentRef.current?.focus();
  }, [outcome]);

  async function change(kind: BusinessChangeKind, emails: readonly string[]) {
    if (inFlight.current) return null;
    inFlight.current = true;
    setProblem(null);
    try {
      const answer = await changeUsers({
        titleCode: agreement.titleCode,
        businessUserChangesRequest: { changes: emails.map((email) => ({ kind, email })) },
      });
      if (answer.data) return answer.data.results;
      setProblem(changeProblem(answer.error));
      return null;
    } finally {
      inFlight.current = false;
    }
  }

  async function resend(email: string) {
    setConfirmation(null);
    setOutcome(null);
    const results = await change('UPDATE', [email]);
    const result = results?.[0];
    if (result) setOutcome({ kind: 'resent', seq: ++seq.current, result });
  }

  async function remove(emails: readonly string[]) {
    setOutcome(null);
    const results = await change('REMOVE', emails);
    setConfirmation(null);
    if (results) {
      setSelected(new Set());
      setOutcome({ kind: 'removed', seq: ++seq.current, results });
    }
  }

  function cancel() {
    const from = confirmation?.from;
    setConfirmation(null);
    // The button that asked may be gone (a row removed meanwhile): then the list's heading.
    if (from?.isConnected) from.focus();
    else document.getElementById(ids.heading)?.focus();
  }

  const toggle = (email: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(email);
      else next.delete(email);
      return next;
    });
  const allChosen = users.length > 0 && users.every((u) => selected.has(u.email));

  let outcomeView = null;
  if (outcome?.kind === 'removed') {
    const counts = countResults(outcome.results);
    const kind = counts.done === counts.total ? 'all' : counts.done > 0 ? 'some' : 'none';
    outcomeView = (
      <div className="business-step" key={outcome.seq}>
        <StepHeading level={3} id={ids.results} focusOnMount>
          {t('business.remove.result.heading')}
        </StepHeading>
        <Notice color={kind === 'all' ? 'success' : kind === 'some' ? 'warning' : 'danger'}>
          {t(`business.remove.result.${kind}`, { done: counts.done, total: counts.total })}
        </Notice>
        <ChangeResults
          labelledBy={ids.results}
          results={outcome.results}
          dryRun={false}
          domains={agreement.emailDomains}
        />
      </div>
    );
  } else if (outcome?.kind === 'resent') {
    const words = resultWords(outcome.result, false);
    outcomeView = (
      <Notice key={outcome.seq} color={words.tone} tabIndex={-1} ref={resentRef}>
        {`${t(words.verdict)}: ${outcome.result.email}. ${t(words.reason, { domains })}`}
      </Notice>
    );
  }

  return (
    <section aria-labelledby={ids.heading} className="business-section business-users-section">
      <h2 id={ids.heading} className="ds-heading" data-size="md" tabIndex={-1}>
        {t('business.users.heading')}
      </h2>
      <p className="ds-paragraph">
        {users.length === 0
          ? t('business.users.empty')
          : t('business.users.intro', { count: users.length })}
      </p>
      {problem ? <ProblemNotice problem={problem} /> : null}
      {outcomeView}
      {confirmation ? (
        <Notice
          key={confirmation.emails.join(' ')}
          color="warning"
          region
          aria-labelledby={ids.confirm}
        >
          <StepHeading level={3} id={ids.confirm} focusOnMount>
            {confirmation.emails.length === 1
              ? t('business.remove.confirm.heading-one', { email: confirmation.emails[0] })
              : t('business.remove.confirm.heading-many', { count: confirmation.emails.length })}
          </StepHeading>
          {confirmation.emails.length > 1 ? (
            <ul className="business-confirm-list">
              {confirmation.emails.map((email) => (
                <li key={email}>{email}</li>
              ))}
            </ul>
          ) : null}
          <p>{t('business.remove.confirm.text')}</p>
          <div className="form-actions">
            <button
              type="button"
              className="ds-button"
              data-color="danger"
              disabled={busy}
              onClick={() => void remove(confirmation.emails)}
            >
              {t('business.remove.confirm.yes')}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              disabled={busy}
              onClick={cancel}
            >
              {t('business.remove.confirm.cancel')}
            </button>
            <span role="status" className="form-progress">
              {busy ? (
                <>
                  <Spinner data-size="sm" /> {t('business.remove.removing')}
                </>
              ) : null}
            </span>
          </div>
        </Notice>
      ) : null}
      {users.length > 0 ? (
        <>
          <div className="form-actions">
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              disabled={selected.size === 0 || busy}
              onClick={(event) =>
                setConfirmation({
                  emails: users.map((u) => u.email).filter((email) => selected.has(email)),
                  from: event.currentTarget,
                })
              }
            >
              {t('business.users.remove-chosen', { count: selected.size })}
            </button>
            {busy && !confirmation ? (
              <span role="status" className="form-progress">
                <Spinner data-size="sm" /> {t('business.users.working')}
              </span>
            ) : null}
          </div>
          <table className="ds-table business-users" data-border aria-labelledby={ids.heading}>
            <thead>
              <tr>
                <td className="business-select">
                  {/* The words show on a phone, where the column's header is not drawn. */}
                  <label className="business-choose-all">
                    <input
                      type="checkbox"
                      className="ds-input"
                      checked={allChosen}
                      onChange={(event) =>
                        setSelected(
                          event.target.checked ? new Set(users.map((u) => u.email)) : new Set(),
                        )
                      }
                    />
                    <span className="business-choose-all-text">
                      {t('business.users.choose-all')}
                    </span>
                  </label>
                </td>
                <th scope="col">{t('business.users.email-column')}</th>
                <th scope="col">{t('business.users.added-column')}</th>
                <th scope="col">{t('business.users.status-column')}</th>
                <th scope="col">{t('business.users.actions-column')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.email}>
                  <td className="business-select">
                    <input
                      type="checkbox"
                      className="ds-input"
                      aria-label={t('business.users.choose', { email: user.email })}
                      checked={selected.has(user.email)}
                      onChange={(event) => toggle(user.email, event.target.checked)}
                    />
                  </td>
                  <th scope="row" className="business-email">
                    {user.email}
                    {user.name ? <span className="business-user-name">{user.name}</span> : null}
                  </th>
                  <td data-label={t('business.users.added-column')}>{longDate(user.dateAdded)}</td>
                  <td data-label={t('business.users.status-column')}>
                    <StatusCell user={user} />
                  </td>
                  <td>
                    <div className="business-row-actions">
                      {user.status === 'emailSent' ? (
                        <button
                          type="button"
                          className="ds-button"
                          data-variant="secondary"
                          data-size="sm"
                          disabled={busy}
                          aria-label={t('business.users.resend-label', { email: user.email })}
                          onClick={() => void resend(user.email)}
                        >
                          {t('business.users.resend')}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="ds-button"
                        data-variant="tertiary"
                        data-size="sm"
                        disabled={busy}
                        aria-label={t('business.users.remove-label', { email: user.email })}
                        onClick={(event) =>
                          setConfirmation({ emails: [user.email], from: event.currentTarget })
                        }
                      >
                        {t('business.users.remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
