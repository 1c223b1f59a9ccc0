// The parts every screen that edits the account profile (/kontakt, /leveringsadresse,
// /endre-profil) shares: looking up the profile of the session's account (ui/AccountProfileLoader
// shows it) and saving the form with PUT account (the server's field errors on the fields, what
// the reader typed kept after any error; ui/SaveOutcomeAlert announces the outcome).
import type { FormikHelpers } from 'formik';
import { useState } from 'react';

import {
  type AccountUpdate,
  useGetAccountProfileQuery,
  useModifyAccountMutation,
} from '../api/account';
import { callFailure } from '../api/problem';
import { selectAccount } from '../session/accountSlice';
import { selectSubscription } from '../session/subscriptionSlice';
import { useAppSelector } from '../store/hooks';
import type { AccountProfileLookup } from '../ui/AccountProfileLoader';
import {
  flattenErrors,
  type ServerFieldErrorOptions,
  serverFieldErrors,
} from '../ui/form/fieldErrors';
import type { SaveOutcome } from '../ui/SaveOutcomeAlert';

/**
 * The profile of the logged-in account (or the subscription's). `skip` leaves it unasked while
 * the screen does not show the form.
 */
export function useAccountProfile({ skip = false } = {}): AccountProfileLookup {
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const profile = useGetAccountProfileQuery({ id: accountNo }, { skip: skip || !accountNo });
  return {
    data: profile.data,
    failed: profile.isError || !accountNo,
    retry: accountNo ? () => void profile.refetch() : undefined,
  };
}

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
    setOutcome({ kind: callFailure(result.error).status === 400 ? 'invalid' : 'failed' });
  }

  return { save, outcome };
}
