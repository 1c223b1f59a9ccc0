// The consent manager's dialog (requirements §2 footer "privacy settings", §3 consent categories): the
// four categories as checkboxes, accept all or reject all (the same weight), or save the choice;
// kept in this browser, and with the reader on the server when signed in. A native modal
// <dialog>: the browser traps focus, closes it on Escape and gives focus back to the opener.
// Where showModal is missing (old browsers, jsdom) it falls back to the open attribute and
// handles Escape and the focus itself.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSaveConsentsMutation } from '../api/privacy';
import {
  choicesOf,
  type ConsentCategory,
  consentCategories,
  consentDisabledForHost,
  saveConsent,
  storedConsent,
} from '../lib/consent/consent';
import { selectTitle } from '../session/titleSlice';
import { selectLoggedIn } from '../session/userSlice';
import { useAppSelector } from '../store/hooks';
import { ConsentCategories, toggled } from '../ui/ConsentCategories';
import { Notice } from '../ui/Notice';

import '../ui/designsystemet-dialog.css';

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
  const loggedIn = useAppSelector(selectLoggedIn);
  const titleCode = useAppSelector(selectTitle)?.titleCode ?? '';
  const [saveOnServer] = useSaveConsentsMutation();

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
    const chosen = [...categories];
    saveConsent(chosen);
    // Signed in: the choice is kept with the reader too, so it follows them between devices.
    if (loggedIn && titleCode)
      saveOnServer({
        titleCode,
        consentChange: { source: 'dialog', categories: choicesOf(chosen) },
      })
        .unwrap()
        .catch((error: unknown) => console.error('Consent choice not kept on the server', error));
    close();
  };

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
      <ConsentCategories
        idPrefix={id}
        accepted={accepted}
        onToggle={(category, checked) =>
          setAccepted((previous) => toggled(previous, category, checked))
        }
      />
      <div className="consent-dialog__actions">
        {/* Accepting and rejecting weigh the same (one look, one tap each). */}
        <button
          type="button"
          className="ds-button"
          data-variant="primary"
          onClick={() => save(consentCategories)}
        >
          {t('consent.accept-all')}
        </button>
        <button type="button" className="ds-button" data-variant="primary" onClick={() => save([])}>
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
