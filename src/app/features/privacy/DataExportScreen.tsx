// /schibstedTakeoutGateway (a subscriber): a copy of everything Min Side holds about the reader.
// Ask for it, and it is ready at once (an e-mail says so too): download it as a file (JSON, for
// another service) or read it here, part by part, and print it or save it as PDF. It lasts seven
// days; then it is deleted and a new one can be made. Three a day.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  type DataExport,
  type PersonalData,
  type PersonalDataRecord,
  type PersonalDataValue,
  useGetDataExportQuery,
  useLazyDownloadDataExportQuery,
  useRequestDataExportMutation,
} from '../../api/privacy';
import { callFailure } from '../../api/problem';
import { useLongDate } from '../../hooks/useLongDate';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { PortalHandover, privacyPortal } from './PortalHandover';

import './privacy.css';

/** The parts of the copy, in the order they are read (the server's keys). */
const PARTS: readonly Exclude<keyof PersonalData, 'generatedAt'>[] = [
  'identity',
  'account',
  'profile',
  'subscriptions',
  'subscriptionEvents',
  'orders',
  'invoicesAndPayments',
  'paymentMethodChanges',
  'withdrawals',
  'deliveryChanges',
  'complaints',
  'familyInvitationsSent',
  'familyMemberships',
  'businessSeats',
  'studentVerifications',
  'planConversions',
  'consents',
  'consentHistory',
  'segmentMessagesClosed',
  'deletionRequests',
  'accountEvents',
];

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
    <section aria-labelledby="data-export-heading" className="screen privacy data-export">
      <h1 id="data-export-heading" className="ds-heading" data-size="lg">
        {t('privacy.export.heading')}
      </h1>
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
    </section>
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

/** A value as a reader reads it: text as it is, yes/no, lists and records as indented text. */
function valueText(value: PersonalDataValue): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nei';
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

function Fields({ record }: { readonly record: PersonalDataRecord | PersonalData['identity'] }) {
  return (
    <dl className="data-export-record">
      {Object.entries(record).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{valueText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The copy part by part: a heading, how many, and each record. */
function Summary({ data }: { readonly data: PersonalData }) {
  const { t } = useTranslation('privacy');
  return (
    <div className="data-export-summary" aria-labelledby="data-export-summary-heading">
      <h2 id="data-export-summary-heading" className="ds-heading" data-size="sm" tabIndex={-1}>
        {t('privacy.export.summary-heading')}
      </h2>
      {PARTS.map((part) => {
        const value = data[part];
        const items = Array.isArray(value) ? value : null;
        return (
          <section key={part} aria-labelledby={`data-part-${part}`}>
            <h3 id={`data-part-${part}`} className="ds-heading" data-size="xs">
              {t(`privacy.export.part.${kebab(part)}`)}
              {items ? ` (${items.length})` : ''}
            </h3>
            {Array.isArray(value) ? (
              value.length === 0 ? (
                <p className="ds-paragraph">{t('privacy.export.none')}</p>
              ) : (
                <ol className="data-export-items">
                  {value.map((item, i) => (
                    <li key={i}>
                      <Fields record={item} />
                    </li>
                  ))}
                </ol>
              )
            ) : value ? (
              <Fields record={value} />
            ) : (
              <p className="ds-paragraph">{t('privacy.export.none')}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
