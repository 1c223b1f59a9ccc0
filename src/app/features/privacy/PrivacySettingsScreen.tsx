// /personverninnstillinger (signed in; a subscription is not needed): the four consent categories
// changed at any time, accept all and reject all weighing the same; saved in this browser and with
// the reader on the server (so the choice follows them between devices); and, for a subscriber,
// the three contact permissions with the page where each is changed (/samtykke1-3).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  type ConsentSettings,
  useGetConsentsQuery,
  useSaveConsentsMutation,
} from '../../api/privacy';
import { useLongDate } from '../../hooks/useLongDate';
import {
  acceptedOf,
  choicesOf,
  type ConsentCategory,
  consentCategories,
  saveConsent,
  storedConsent,
} from '../../lib/consent/consent';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { ConsentCategories, toggled } from '../../ui/ConsentCategories';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { PERMISSIONS, permissionState } from './permissions';

import './privacy.css';

export default function PrivacySettingsScreen() {
  const { t } = useTranslation('privacy');
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const { data, isError, refetch } = useGetConsentsQuery({ titleCode }, { skip: !titleCode });
  return (
    <Screen
      headingId="privacy-settings-heading"
      className="privacy"
      heading={t('privacy.settings.heading')}
    >
      <p className="ds-paragraph">{t('privacy.settings.intro', { title: title?.name ?? '' })}</p>
      {data ? (
        <>
          <Categories settings={data} />
          <Permissions settings={data} />
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
      <p className="ds-paragraph privacy-links">
        <Link className="ds-link" to="/personvern">
          {t('privacy.links.privacy')}
        </Link>
        <Link className="ds-link" to="/cookie-policy">
          {t('privacy.links.cookies')}
        </Link>
      </p>
    </Screen>
  );
}

/** The four categories: what the server keeps, else what this browser holds. */
function Categories({ settings }: { readonly settings: ConsentSettings }) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const id = useId();
  const [accepted, setAccepted] = useState<ReadonlySet<ConsentCategory>>(
    () => new Set(acceptedOf(settings.categories) ?? storedConsent().accepted),
  );
  const [save, { isLoading }] = useSaveConsentsMutation();
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function saveChoice(categories: ReadonlySet<ConsentCategory>) {
    setAccepted(categories);
    setResult(null);
    saveConsent([...categories]);
    try {
      await save({
        titleCode: settings.titleCode,
        consentChange: { source: 'settings', categories: choicesOf(categories) },
      }).unwrap();
      setResult('saved');
    } catch {
      setResult('failed');
    }
  }

  return (
    <form
      className="privacy-section"
      aria-labelledby="privacy-categories-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void saveChoice(accepted);
      }}
    >
      <h2 id="privacy-categories-heading" className="ds-heading" data-size="sm">
        {t('privacy.settings.categories-heading')}
      </h2>
      <ConsentCategories
        idPrefix={id}
        accepted={accepted}
        onToggle={(category, checked) =>
          setAccepted((previous) => toggled(previous, category, checked))
        }
      />
      <div className="consent-dialog__actions">
        <button
          type="button"
          className="ds-button"
          data-variant="primary"
          disabled={isLoading}
          onClick={() => void saveChoice(new Set(consentCategories))}
        >
          {t('privacy.settings.accept-all')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="primary"
          disabled={isLoading}
          onClick={() => void saveChoice(new Set())}
        >
          {t('privacy.settings.reject-all')}
        </button>
        <button type="submit" className="ds-button" data-variant="secondary" disabled={isLoading}>
          {t('privacy.settings.save')}
        </button>
      </div>
      <p role="status" tabIndex={-1} ref={resultRef} className="ds-paragraph">
        {isLoading
          ? t('privacy.saving')
          : result === 'saved'
            ? t('privacy.settings.saved')
            : result === 'failed'
              ? t('privacy.settings.save-failed')
              : null}
      </p>
      {settings.updatedAt ? (
        <p className="ds-paragraph privacy-updated">
          {t('privacy.settings.updated', { date: longDate(settings.updatedAt.slice(0, 10)) })}
        </p>
      ) : null}
    </form>
  );
}

/** The contact permissions, each with its own page (a subscriber's: /samtykke1-3 need one). */
function Permissions({ settings }: { readonly settings: ConsentSettings }) {
  const { t } = useTranslation('privacy');
  const { hasSubscription } = useAppSelector(selectSubscription);
  if (!hasSubscription) return null;
  return (
    <section className="privacy-section" aria-labelledby="privacy-permissions-heading">
      <h2 id="privacy-permissions-heading" className="ds-heading" data-size="sm">
        {t('privacy.settings.permissions-heading')}
      </h2>
      <ul className="privacy-permissions">
        {PERMISSIONS.map(({ key, path }) => (
          <li key={key}>
            <span className="privacy-permission-name">
              {t(`privacy.permission.${key}.heading`)}
            </span>
            <span>{t(`privacy.state.${permissionState(settings.permissions[key])}`)}</span>
            <Link
              className="ds-link"
              to={path}
              aria-label={t('privacy.settings.change-permission', {
                name: t(`privacy.permission.${key}.heading`),
              })}
            >
              {t('privacy.settings.change')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
