// /samtykke1, /samtykke2, /samtykke3 (a subscriber): one contact permission each — news and
// offers by e-mail, offers and reminders by SMS, invitations to reader surveys. What saying yes
// means, what the reader has answered, and a clear yes or no (the same weight), kept with the
// reader and changed or withdrawn at any time.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useGetConsentsQuery, useSaveConsentsMutation } from '../../api/privacy';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { permissionOfPath, permissionState, sourceOf } from './permissions';

import '../../ui/consent-categories.css';
import './privacy.css';

export default function ConsentPermissionScreen() {
  const { t } = useTranslation('privacy');
  const { pathname } = useLocation();
  const key = permissionOfPath(pathname);
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const { data, isError, refetch } = useGetConsentsQuery({ titleCode }, { skip: !titleCode });
  const [save, { isLoading }] = useSaveConsentsMutation();
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  const base = `privacy.permission.${key}`;
  const granted = data?.permissions[key] ?? null;

  async function answer(yes: boolean) {
    setResult(null);
    try {
      await save({
        titleCode,
        consentChange: { source: sourceOf(key), permissions: { [key]: yes } },
      }).unwrap();
      setResult('saved');
    } catch {
      setResult('failed');
    }
  }

  return (
    <Screen
      headingId="consent-permission-heading"
      className="privacy"
      heading={t(`${base}.heading`)}
    >
      <p className="ds-paragraph">{t(`${base}.intro`, { title: title?.name ?? '' })}</p>
      <h2 className="ds-heading" data-size="xs">
        {t('privacy.permission.means-heading')}
      </h2>
      <ul className="privacy-means">
        {(t(`${base}.means`, { returnObjects: true }) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {data ? (
        <>
          <p className="ds-paragraph">
            <strong>{t(`privacy.permission.answer-${permissionState(granted)}`)}</strong>
          </p>
          <div className="consent-dialog__actions" role="group" aria-label={t(`${base}.question`)}>
            <button
              type="button"
              className="ds-button"
              data-variant="primary"
              aria-pressed={granted === true}
              disabled={isLoading}
              onClick={() => void answer(true)}
            >
              {t(`${base}.yes`)}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="primary"
              aria-pressed={granted === false}
              disabled={isLoading}
              onClick={() => void answer(false)}
            >
              {t(`${base}.no`)}
            </button>
          </div>
          <p role="status" tabIndex={-1} ref={resultRef} className="ds-paragraph">
            {isLoading
              ? t('privacy.saving')
              : result === 'saved'
                ? t(granted ? `${base}.saved-yes` : `${base}.saved-no`)
                : result === 'failed'
                  ? t('privacy.permission.save-failed')
                  : null}
          </p>
        </>
      ) : isError ? (
        <Notice color="danger" role="alert">
          <p>{t('privacy.settings.load-failed')}</p>
          <button type="button" className="ds-button" onClick={() => void refetch()}>
            {t('privacy.retry')}
          </button>
        </Notice>
      ) : (
        <Progress reserve>{t('privacy.settings.loading')}</Progress>
      )}
      <p className="ds-paragraph">{t('privacy.permission.withdraw-note')}</p>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/personverninnstillinger">
          {t('privacy.links.settings')}
        </Link>
      </p>
    </Screen>
  );
}
