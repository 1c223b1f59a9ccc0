// The parts every screen that edits the account profile (/kontakt, /leveringsadresse,
// /endre-profil) shares: loading the profile of the session's account, saving the form with PUT
// account (the server's field errors on the fields, what the reader typed kept after any error),
// and announcing the outcome. The screens keep their fields and texts; the texts come in as props so that each
// screen's keys stay in its own namespace.
import type { FormikHelpers } from 'formik';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';

import {
  type AccountProfile,
  type AccountUpdate,
  useGetAccountProfileQuery,
  useModifyAccountMutation,
} from '../api/account';
import { selectAccount } from '../session/accountSlice';
import { selectSubscription } from '../session/subscriptionSlice';
import { useAppSelector } from '../store/hooks';
import {
  flattenErrors,
  type ServerFieldErrorOptions,
  serverFieldErrors,
} from '../ui/form/fieldErrors';
import { Notice } from '../ui/Notice';

export interface AccountProfileLoaderProps {
  readonly texts: { readonly loading: string; readonly loadFailed: string; readonly retry: string };
  /** The form for the loaded profile; it starts afresh when the account changes. */
  readonly children: (profile: AccountProfile) => ReactNode;
}

/** Loads the profile of the logged-in account (or the subscription's) and shows the form. */
export function AccountProfileLoader({ texts, children }: AccountProfileLoaderProps) {
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const profile = useGetAccountProfileQuery({ id: accountNo }, { skip: !accountNo });

  if (profile.data)
    return <Fragment key={profile.data.ariaAccountNo}>{children(profile.data)}</Fragment>;
  if (profile.isError || !accountNo)
    return (
      <Notice color="danger" role="alert">
        <p>{texts.loadFailed}</p>
        {accountNo ? (
          <button type="button" className="ds-button" onClick={() => void profile.refetch()}>
            {texts.retry}
          </button>
        ) : null}
      </Notice>
    );
  return (
    <p className="ds-paragraph" role="status">
      {texts.loading}
    </p>
  );
}

/** How a save ended: saved, refused as invalid (a 400 without field errors), or failed. */
export type SaveOutcome = { readonly kind: 'saved' | 'failed' | 'invalid' } | null;

/**
 * Saves valid form values with PUT account. After a save the form shows what was sent (and is
 * no longer dirty); the server's field errors land on the fields (the error summary takes the
 * focus); any other error becomes the outcome and the values stay as typed.
 */
export function useAccountSave<Values, Update extends AccountUpdate>(options: {
  /** The update of valid form values. */
  readonly updateOf: (values: Values) => Update;
  /** The form's values after `update` (made of `values`) has been saved. */
  readonly savedValues: (update: Update, values: Values) => Values;
  /** How the server's field errors map to the form's fields. */
  readonly serverErrors: ServerFieldErrorOptions;
}) {
  const [modifyAccount] = useModifyAccountMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  async function save(values: Values, form: FormikHelpers<Values>) {
    setOutcome(null);
    const update = options.updateOf(values);
    const result = await modifyAccount({ accountUpdate: update });
    if ('data' in result) {
      form.resetForm({ values: options.savedValues(update, values) });
      setOutcome({ kind: 'saved' });
      return;
    }
    const fieldErrors = serverFieldErrors(result.error, values, options.serverErrors);
    if (flattenErrors(fieldErrors).length > 0) {
      form.setErrors(fieldErrors);
      return;
    }
    const status = (result.error as { status?: unknown }).status;
    setOutcome({ kind: status === 400 ? 'invalid' : 'failed' });
  }

  return { save, outcome };
}

export interface SaveOutcomeAlertProps {
  readonly outcome: SaveOutcome;
  readonly texts: Readonly<Record<NonNullable<SaveOutcome>['kind'], string>>;
}

/** The outcome of a save; it takes the focus when it appears, so the reader hears it. */
export function SaveOutcomeAlert({ outcome, texts }: SaveOutcomeAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);

  if (!outcome) return null;
  return outcome.kind === 'saved' ? (
    <Notice color="success" tabIndex={-1} ref={ref}>
      {texts.saved}
    </Notice>
  ) : (
    <Notice color="danger" role="alert" tabIndex={-1} ref={ref}>
      {texts[outcome.kind]}
    </Notice>
  );
}
