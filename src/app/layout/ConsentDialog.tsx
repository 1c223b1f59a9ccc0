// The consent manager's dialog (spec §2 footer "privacy settings", §3 consent categories): the
// four categories as checkboxes, accept all, reject all or save the choice. A native modal
// <dialog>: the browser traps focus, closes it on Escape and gives focus back to the opener.
// Where showModal is missing (old browsers, jsdom) it falls back to the open attribute and
// handles Escape and the focus itself.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type ConsentCategory,
  consentCategories,
  consentDisabledForHost,
  saveConsent,
  storedConsent,
} from '../lib/consent/consent';
import { Notice } from '../ui/Notice';

type Props = {
  /** Called once the dialog has closed (saved, Escape or the close button). */
  readonly onClose: () => void;
};

const supportsModal = (dialog: HTMLDialogElement) => typeof dialog.showModal === 'function';

export function ConsentDialog({ onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [accepted, setAccepted] = useState<ReadonlySet<ConsentCategory>>(
    () => new Set(storedConsent().accepted),
  );
  const disabledHere = consentDisabledForHost(window.location.hostname);

  /** Runs after the dialog closed, whichever way. */
  const closed = useCallback(() => {
    const dialog = dialogRef.current;
    // The native dialog gives focus back itself; the fallback has to.
    if (dialog && !supportsModal(dialog) && openerRef.current?.isConnected)
      openerRef.current.focus();
    onClose();
  }, [onClose]);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog && supportsModal(dialog) && dialog.open)
      dialog.close(); // fires 'close' → closed()
    else closed();
  }, [closed]);

  // The Escape handler of the fallback always calls the latest close().
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);

  // Opens the dialog once, when it mounts.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (supportsModal(dialog)) {
      if (!dialog.open) dialog.showModal();
      return;
    }
    if (!openerRef.current && document.activeElement instanceof HTMLElement)
      openerRef.current = document.activeElement;
    dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('button, input')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  const save = (categories: Iterable<ConsentCategory>) => {
    saveConsent([...categories]);
    close();
  };

  const toggle = (category: ConsentCategory, checked: boolean) =>
    setAccepted((previous) => {
      const next = new Set(previous);
      if (checked) next.add(category);
      else next.delete(category);
      return next;
    });

  return (
    <dialog
      ref={dialogRef}
      className="ds-dialog consent-dialog"
      aria-labelledby={`${id}-heading`}
      onClose={closed}
    >
      <button
        type="button"
        className="ds-button"
        data-variant="tertiary"
        data-command="close"
        aria-label={t('consent.close')}
        onClick={close}
      />
      <h2 id={`${id}-heading`} className="ds-heading" data-size="sm">
        {t('consent.heading')}
      </h2>
      <p className="ds-paragraph">{t('consent.intro')}</p>
      {disabledHere ? <Notice>{t('consent.disabled-here')}</Notice> : null}
      <fieldset className="ds-fieldset consent-dialog__categories">
        <legend className="ds-label">{t('consent.categories-legend')}</legend>
        {consentCategories.map((category) => (
          <div className="ds-field" key={category}>
            <input
              type="checkbox"
              className="ds-input"
              id={`${id}-${category}`}
              aria-describedby={`${id}-${category}-description`}
              checked={accepted.has(category)}
              onChange={(event) => toggle(category, event.currentTarget.checked)}
            />
            <label className="ds-label" htmlFor={`${id}-${category}`}>
              {t(`consent.category.${category}.label`)}
            </label>
            <div data-field="description" id={`${id}-${category}-description`}>
              {t(`consent.category.${category}.description`)}
            </div>
          </div>
        ))}
      </fieldset>
      <div className="consent-dialog__actions">
        <button type="button" className="ds-button" onClick={() => save(consentCategories)}>
          {t('consent.accept-all')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          onClick={() => save([])}
        >
          {t('consent.reject-all')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          onClick={() => save(accepted)}
        >
          {t('consent.save')}
        </button>
      </div>
    </dialog>
  );
}
