// /schibstedTakeoutGateway (a subscriber): a copy of everything Min Side holds about the reader.
// Ask for it, and it is ready at once (an e-mail says so too): download it as a file (JSON, for
// another service, exactly as the server wrote it) or read it here in words, grouped by what it
// is about (dataCopy.ts), and print it or save it as PDF. It lasts seven days; then it is
// deleted and a new one can be made. Three a day.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  type DataExport,
  type PersonalData,
  useGetDataExportQuery,
  useLazyDownloadDataExportQuery,
  useRequestDataExportMutation,
} from '../../api/privacy';
import { callFailure } from '../../api/problem';
import { useLongDate } from '../../hooks/useLongDate';
import { formatClockTime, formatLongDate } from '../../lib/format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import {
  GROUPS,
  type PartView,
  type ReadField,
  type Reading,
  readRecord,
  recordsOf,
  type Row,
  subscriptionsOf,
} from './dataCopy';
import { PortalHandover, privacyPortal } from './PortalHandover';

import '../../ui/consent-categories.css';
import './privacy.css';

/** The catalogue's key of a part (`subscriptionEvents` → `subscription-events`). */
const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/** The identity provider's portal in production, else Min Side's own screen. */
export default function DataExportGateway() {
  const portal = privacyPortal();
  return portal ? <PortalHandover url={portal} /> : <DataExportScreen />;
}

function DataExportScreen() {
  const { t } = useTranslation('privacy');
  const title = useAppSelector(selectTitle);
  const { data, isError, refetch } = useGetDataExportQuery();
  const latest = data?.latest ?? null;
  return (
    <Screen
      headingId="data-export-heading"
      className="privacy data-export"
      heading={t('privacy.export.heading')}
    >
      <p className="ds-paragraph">{t('privacy.export.intro', { title: title?.name ?? '' })}</p>
      <ul className="privacy-means">
        {(t('privacy.export.includes', { returnObjects: true }) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {data ? (
        latest?.status === 'ready' ? (
          <Ready copy={latest} />
        ) : (
          <Ask expired={latest} />
        )
      ) : isError ? (
        <Notice color="danger" role="alert">
          <p>{t('privacy.export.load-failed')}</p>
          <button type="button" className="ds-button" onClick={() => void refetch()}>
            {t('privacy.retry')}
          </button>
        </Notice>
      ) : (
        <Progress reserve>{t('privacy.export.loading')}</Progress>
      )}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/personvern">
          {t('privacy.links.privacy')}
        </Link>
      </p>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/schibstedDeleteGateway">
          {t('privacy.deletion.heading')}
        </Link>
      </p>
    </Screen>
  );
}

/** No copy to download: ask for one (and say when the last one was deleted). */
function Ask({ expired }: { readonly expired: DataExport | null }) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  const [request, { isLoading }] = useRequestDataExportMutation();
  const [failure, setFailure] = useState<'limit' | 'error' | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function ask() {
    setFailure(null);
    try {
      await request({ body: { titleCode: title?.titleCode ?? '' } }).unwrap();
    } catch (error) {
      setFailure(callFailure(error).status === 429 ? 'limit' : 'error');
    }
  }

  return (
    <div className="privacy-section">
      {expired ? (
        <p className="ds-paragraph">
          {t('privacy.export.expired', { date: longDate(expired.requestedAt.slice(0, 10)) })}
        </p>
      ) : null}
      {failure ? (
        <Notice
          color={failure === 'limit' ? 'warning' : 'danger'}
          role="alert"
          tabIndex={-1}
          ref={failureRef}
        >
          {t(failure === 'limit' ? 'privacy.export.limit' : 'privacy.export.failed')}
        </Notice>
      ) : null}
      <p>
        <button type="button" className="ds-button" disabled={isLoading} onClick={() => void ask()}>
          {t('privacy.export.ask')}
        </button>
      </p>
      <p role="status" className="ds-paragraph">
        {isLoading ? t('privacy.export.making') : null}
      </p>
    </div>
  );
}

/** The copy is ready: download it, or read it here. */
function Ready({ copy }: { readonly copy: DataExport }) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const [load, { data, isFetching, isError }] = useLazyDownloadDataExportQuery();
  const readyRef = useRef<HTMLDivElement>(null);
  useEffect(() => readyRef.current?.focus(), []);
  const lastDay = new Date(new Date(copy.expiresAt).getTime() - 1).toISOString().slice(0, 10);
  return (
    <div className="privacy-section">
      <Notice color="success" role="status" tabIndex={-1} ref={readyRef}>
        <p>{t('privacy.export.ready', { date: longDate(lastDay) })}</p>
        <p>{t('privacy.export.email-sent')}</p>
      </Notice>
      <div className="consent-dialog__actions">
        <a
          className="ds-button"
          data-variant="primary"
          href={`/api/privacy/export/${encodeURIComponent(copy.id)}`}
          download={`minside-data-${copy.requestedAt.slice(0, 10)}.json`}
        >
          {t('privacy.export.download', { size: kilobytes(copy.sizeBytes) })}
        </a>
        {data ? (
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            onClick={() => window.print()}
          >
            {t('privacy.export.print')}
          </button>
        ) : (
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            disabled={isFetching}
            onClick={() => void load({ exportId: copy.id })}
          >
            {t('privacy.export.show')}
          </button>
        )}
      </div>
      <p role="status" className="ds-paragraph">
        {isFetching
          ? t('privacy.export.opening')
          : isError
            ? t('privacy.export.open-failed')
            : null}
      </p>
      {data ? <Summary data={data} /> : null}
    </div>
  );
}

/** One record: its fields as a description list, label above value on a phone. */
function Record({ fields }: { readonly fields: readonly ReadField[] }) {
  return (
    <dl className="data-export-record">
      {fields.map((field) => (
        <div key={field.key}>
          <dt>{field.label}</dt>
          <dd data-wrap={field.wrapAnywhere ? 'anywhere' : undefined}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One part of a group: a heading with how many records, then each record as a card. */
function PartSection({ view, rows, single, reading }: PartProps) {
  const { t } = useTranslation('privacy');
  const id = `data-part-${kebab(view.part)}`;
  return (
    <section aria-labelledby={id} className="data-export-part">
      <h4 id={id} className="ds-heading" data-size="2xs">
        {single
          ? t(`privacy.export.part.${kebab(view.part)}`)
          : t('privacy.export.part-count', {
              part: t(`privacy.export.part.${kebab(view.part)}`),
              number: rows.length,
            })}
      </h4>
      <ul className="data-export-items">
        {rows.map((row, i) => (
          <li key={i}>
            <Record fields={readRecord(view, row, reading)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PartProps {
  readonly view: PartView;
  readonly rows: readonly Row[];
  /** A part that is one record (you, the account, the profile) is not counted. */
  readonly single: boolean;
  readonly reading: Reading;
}

/**
 * The copy group by group (you, subscriptions, payments, delivery, sharing, privacy), each part
 * with data under it; a group with none says so. The same document as the file, read for a person.
 */
function Summary({ data }: { readonly data: PersonalData }) {
  const { t, i18n } = useTranslation('privacy');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const reading = useMemo(
    () => ({ t, language, subscriptions: subscriptionsOf(data) }),
    [t, language, data],
  );
  // The button that opened the copy is gone (print takes its place): reading goes on from here.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="data-export-summary">
      <h2
        id="data-export-summary-heading"
        className="ds-heading"
        data-size="sm"
        tabIndex={-1}
        ref={headingRef}
      >
        {t('privacy.export.summary-heading')}
      </h2>
      <p className="ds-paragraph">
        {t('privacy.export.summary-intro', {
          date: formatLongDate(data.generatedAt, language),
          time: formatClockTime(data.generatedAt, language),
        })}
      </p>
      {GROUPS.map(({ group, parts }) => {
        const filled = parts
          .map((view) => ({ view, rows: recordsOf(data, view) }))
          .filter(({ rows }) => rows.length > 0);
        const id = `data-group-${group}`;
        return (
          <section key={group} aria-labelledby={id} className="data-export-group">
            <h3 id={id} className="ds-heading" data-size="xs">
              {t(`privacy.export.group.${group}`)}
            </h3>
            {filled.length === 0 ? (
              <p className="ds-paragraph">{t('privacy.export.group-empty')}</p>
            ) : (
              filled.map(({ view, rows }) => (
                <PartSection
                  key={view.part}
                  view={view}
                  rows={rows}
                  single={!Array.isArray(data[view.part])}
                  reading={reading}
                />
              ))
            )}
          </section>
        );
      })}
    </div>
  );
}
