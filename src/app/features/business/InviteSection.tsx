// Inviting employees on /administrer-bedrift, in three steps on one place of the page:
// 1. the list: addresses pasted or typed (split on line breaks, commas, semicolons, tabs and
//    spaces, src/shared/business/emails.ts), or read from a CSV file into the same field, so
//    the admin sees what will be checked;
// 2. the check (a dry run): a table of what would happen to each address before anything is
//    sent (requirements §5: wrong domain, duplicate, invalid, already there, no seats left), with the
//    seats it would leave, and "Send" or "Endre listen";
// 3. the sending: the table of what happened to each (requirements §8 "some e-mails not sent"), and
//    "Inviter flere" with the addresses that can be corrected left in the field.
// The list is not editable between the check and the sending, so what is sent is what was
// checked; the server decides again when it is sent. A step's heading takes the focus.
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { splitEmailList } from '../../../shared/business/emails';
import {
  type BusinessAgreement,
  type BusinessUserChangeResult,
  type BusinessUserChanges,
  useChangeBusinessUsersMutation,
} from '../../api/business';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';

import { ChangeResults } from './ChangeResults';
import { domainsText } from './domains';
import { ProblemNotice } from './ProblemNotice';
import { type ChangeProblem, changeProblem, correctable, countResults } from './results';

import '../../ui/designsystemet-forms.css';

/** The contract's longest `email` of a change: a longer entry is answered here, not sent. */
const EMAIL_FIELD_MAX = 320;
/** A CSV of a few thousand addresses is well under this; anything larger is not a list. */
const FILE_MAX_BYTES = 1_000_000;

type Step =
  | { readonly name: 'edit' }
  | { readonly name: 'checked'; readonly addresses: readonly string[]; readonly answer: Answer }
  | { readonly name: 'sent'; readonly answer: Answer };

/** An answer with the entries too long to send put back in their places. */
interface Answer {
  readonly results: readonly BusinessUserChangeResult[];
  readonly seats: BusinessUserChanges['seats'];
  readonly dryRun: boolean;
}

type FieldError = { readonly key: 'empty' } | { readonly key: 'too-many'; readonly count: number };

type FileNote =
  | { readonly kind: 'added'; readonly count: number; readonly file: string }
  | { readonly kind: 'none'; readonly file: string }
  | { readonly kind: 'too-large'; readonly file: string }
  | { readonly kind: 'unreadable'; readonly file: string };

/** Addresses of a CSV: the cells with an @ (a header row, names and other columns left out). */
export function addressesOfCsv(text: string): string[] {
  return splitEmailList(text).filter((entry) => entry.includes('@'));
}

/** The answer for `addresses` with each entry too long for the contract answered in its place. */
function merge(addresses: readonly string[], answer: BusinessUserChanges): Answer {
  const sent = [...answer.results];
  const results = addresses.map((email): BusinessUserChangeResult =>
    email.length > EMAIL_FIELD_MAX
      ? { kind: 'ADD', email: `${email.slice(0, 60)}…`, result: 'invalidEmail' }
      : (sent.shift() ?? { kind: 'ADD', email, result: 'errorSaved' }),
  );
  return { results, seats: answer.seats, dryRun: answer.dryRun };
}

const readText = (file: File): Promise<string> =>
  typeof file.text === 'function'
    ? file.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result ?? ''));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(file);
      });

export interface InviteSectionProps {
  readonly agreement: BusinessAgreement;
}

export function InviteSection({ agreement }: InviteSectionProps) {
  const { t } = useTranslation('business');
  const [changeUsers, { isLoading: busy }] = useChangeBusinessUsersMutation();
  const inFlight = useRef(false);
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [fileNote, setFileNote] = useState<FileNote | null>(null);
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  // Back to the list from a later step: the field takes the focus (not on a first view).
  const [backToList, setBackToList] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const ids = {
    heading: useId(),
    field: useId(),
    description: useId(),
    error: useId(),
    count: useId(),
    file: useId(),
    fileDescription: useId(),
    results: useId(),
  };
  const domains = domainsText(agreement.emailDomains, t('business.domains.or'));
  const addresses = splitEmailList(text);
  const max = agreement.maxChangesPerRequest;

  useEffect(() => {
    if (step.name === 'edit' && backToList) textareaRef.current?.focus();
  }, [step, backToList]);

  function toList(nextText: string) {
    setText(nextText);
    setProblem(null);
    setFieldError(null);
    setBackToList(true);
    setStep({ name: 'edit' });
  }

  /** Sends the list as ADD changes: a dry run (the check) or for real. */
  async function send(list: readonly string[], dryRun: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    try {
      const changes = list
        .filter((email) => email.length <= EMAIL_FIELD_MAX)
        .map((email) => ({ kind: 'ADD' as const, email }));
      const answer =
        changes.length > 0
          ? await changeUsers({
              titleCode: agreement.titleCode,
              businessUserChangesRequest: { changes, dryRun },
            })
          : { data: { dryRun, results: [], seats: agreement.seats } };
      if (answer.data) {
        const merged = merge(list, answer.data);
        setStep(
          dryRun
            ? { name: 'checked', addresses: list, answer: merged }
            : { name: 'sent', answer: merged },
        );
      } else setProblem(changeProblem(answer.error));
    } finally {
      inFlight.current = false;
    }
  }

  function check(event: FormEvent) {
    event.preventDefault();
    setFileNote(null);
    if (addresses.length === 0) {
      setFieldError({ key: 'empty' });
      textareaRef.current?.focus();
      return;
    }
    if (addresses.length > max) {
      setFieldError({ key: 'too-many', count: addresses.length });
      textareaRef.current?.focus();
      return;
    }
    setFieldError(null);
    void send(addresses, true);
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file can be chosen again (after correcting it elsewhere).
    input.value = '';
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) {
      setFileNote({ kind: 'too-large', file: file.name });
      return;
    }
    try {
      const found = addressesOfCsv(await readText(file));
      if (found.length === 0) {
        setFileNote({ kind: 'none', file: file.name });
        return;
      }
      setText((current) => [current.trimEnd(), found.join('\n')].filter(Boolean).join('\n'));
      setFieldError(null);
      setFileNote({ kind: 'added', count: found.length, file: file.name });
    } catch {
      setFileNote({ kind: 'unreadable', file: file.name });
    }
  }

  const errorText =
    fieldError?.key === 'too-many'
      ? t('business.invite.too-many', { max, count: fieldError.count })
      : fieldError?.key === 'empty'
        ? t('business.invite.empty')
        : null;

  let body;
  switch (step.name) {
    case 'edit':
      body = (
        <form noValidate onSubmit={check} className="business-invite-form">
          <div className="ds-field">
            <label className="ds-label" htmlFor={ids.field}>
              {t('business.invite.label')}
            </label>
            <p className="ds-paragraph" data-field="description" id={ids.description}>
              {t('business.invite.description', { domains, max })}
            </p>
            <textarea
              ref={textareaRef}
              className="ds-input business-addresses"
              id={ids.field}
              name="addresses"
              rows={6}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (fieldError) setFieldError(null);
              }}
              aria-invalid={errorText ? true : undefined}
              aria-describedby={`${ids.description} ${ids.count} ${ids.error}`}
            />
            <p className="ds-paragraph business-count" id={ids.count}>
              {t('business.invite.count', { count: addresses.length })}
            </p>
            <div id={ids.error} aria-live="polite" data-field="validation">
              {errorText ? <p className="ds-validation-message">{errorText}</p> : null}
            </div>
          </div>
          <div className="ds-field business-file">
            <label className="ds-label" htmlFor={ids.file}>
              {t('business.invite.file-label')}
            </label>
            <p className="ds-paragraph" data-field="description" id={ids.fileDescription}>
              {t('business.invite.file-description')}
            </p>
            <input
              id={ids.file}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              aria-describedby={ids.fileDescription}
              onChange={(event) => void readFile(event)}
            />
            <p className="ds-paragraph" role="status">
              {fileNote
                ? t(`business.invite.file-${fileNote.kind}`, {
                    file: fileNote.file,
                    count: fileNote.kind === 'added' ? fileNote.count : 0,
                  })
                : null}
            </p>
          </div>
          {problem ? <ProblemNotice problem={problem} /> : null}
          <div className="form-actions">
            <button type="submit" className="ds-button" disabled={busy}>
              {t('business.invite.check')}
            </button>
            <span role="status" className="form-progress">
              {busy ? (
                <>
                  <Spinner data-size="sm" /> {t('business.invite.checking')}
                </>
              ) : null}
            </span>
          </div>
        </form>
      );
      break;
    case 'checked': {
      const counts = countResults(step.answer.results);
      body = (
        <div className="business-step" key={step.name}>
          <StepHeading level={3} id={ids.results} focusOnMount>
            {t('business.invite.checked.heading')}
          </StepHeading>
          <p className="ds-paragraph">
            {counts.done === counts.total
              ? t('business.invite.checked.all', { count: counts.total })
              : counts.done > 0
                ? t('business.invite.checked.some', { done: counts.done, total: counts.total })
                : t('business.invite.checked.none')}
            {counts.done > 0
              ? ` ${t('business.invite.checked.seats', {
                  used: step.answer.seats.used,
                  max: step.answer.seats.max,
                })}`
              : null}
          </p>
          {counts.full > 0 ? <Notice color="warning">{t('business.invite.full')}</Notice> : null}
          <ChangeResults
            labelledBy={ids.results}
            results={step.answer.results}
            dryRun
            domains={agreement.emailDomains}
          />
          {problem ? <ProblemNotice problem={problem} /> : null}
          <div className="form-actions">
            {counts.done > 0 ? (
              <button
                type="button"
                className="ds-button"
                disabled={busy}
                onClick={() => void send(step.addresses, false)}
              >
                {counts.done === 1
                  ? t('business.invite.send-one')
                  : t('business.invite.send-many', { count: counts.done })}
              </button>
            ) : null}
            <button
              type="button"
              className="ds-button"
              data-variant={counts.done > 0 ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => toList(text)}
            >
              {t('business.invite.edit')}
            </button>
            <span role="status" className="form-progress">
              {busy ? (
                <>
                  <Spinner data-size="sm" /> {t('business.invite.sending')}
                </>
              ) : null}
            </span>
          </div>
        </div>
      );
      break;
    }
    case 'sent': {
      const counts = countResults(step.answer.results);
      const fixable = correctable(step.answer.results);
      const outcome = counts.done === counts.total ? 'all' : counts.done > 0 ? 'some' : 'none';
      body = (
        <div className="business-step" key={step.name}>
          <StepHeading level={3} id={ids.results} focusOnMount>
            {t('business.invite.sent.heading')}
          </StepHeading>
          <Notice
            color={outcome === 'all' ? 'success' : outcome === 'some' ? 'warning' : 'danger'}
            heading={t(`business.invite.sent.${outcome}.heading`)}
          >
            <p>
              {t(`business.invite.sent.${outcome}.text`, {
                done: counts.done,
                total: counts.total,
              })}
            </p>
            {counts.full > 0 ? <p>{t('business.invite.full')}</p> : null}
          </Notice>
          <ChangeResults
            labelledBy={ids.results}
            results={step.answer.results}
            dryRun={false}
            domains={agreement.emailDomains}
          />
          {fixable.length > 0 ? (
            <p className="ds-paragraph">{t('business.invite.sent.correctable')}</p>
          ) : null}
          <div className="form-actions">
            <button type="button" className="ds-button" onClick={() => toList(fixable.join('\n'))}>
              {t('business.invite.more')}
            </button>
          </div>
        </div>
      );
      break;
    }
  }

  return (
    <section aria-labelledby={ids.heading} className="ds-card business-section">
      <h2 id={ids.heading} className="ds-heading" data-size="md">
        {t('business.invite.heading')}
      </h2>
      {body}
    </section>
  );
}
