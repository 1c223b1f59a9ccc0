// The postal-code lookup of DeliveryAddressFields (usePostalPlace.ts says when it is loaded): as
// soon as the postal code has four digits it asks the server's register
// (GET /api/postal-codes/{postalCode}, api/address.ts), fills the place in and says what it found;
// a code the register does not know is said at once, remembered for the field's check and
// refused on submit. Nothing the reader typed is lost: an unknown code stays in its field, and
// the place is replaced by the register's only when a code is typed (a stored address keeps its
// place until its postal code changes; the server stores the register's place either way).
// The default export is the lazy chunk's entry ("postal-lookup").
import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLazyGetPostalPlaceQuery } from '../../api/address';
import { callFailure } from '../../api/problem';

import { POSTAL_CODE } from './deliveryAddressSchema';
import { trimmedCode } from './usePostalPlace';

export interface PostalPlaceLookupProps {
  /** Where the address sits in the form's values ('' : at the top level). */
  readonly prefix: string;
  /** The postal code the form started with: not looked up while it is unchanged. */
  readonly initialCode: string;
  readonly onUnknown: (code: string) => void;
}

export default function PostalPlaceLookup({
  prefix,
  initialCode,
  onUnknown,
}: PostalPlaceLookupProps) {
  const { t } = useTranslation('common');
  const codeField = prefix ? `${prefix}.postalCode` : 'postalCode';
  const placeField = prefix ? `${prefix}.place` : 'place';
  const { values, setFieldValue, validateForm } = useFormikContext<unknown>();
  const code = trimmedCode(getIn(values, codeField));
  const [lookup] = useLazyGetPostalPlaceQuery();
  const [answer, setAnswer] = useState<{ code: string; place: string | null } | null>(null);
  // The code the form started with, until the reader changes it: a stored address is shown as
  // it is stored.
  const untouched = useRef<string | null>(code === initialCode ? code : null);

  useEffect(() => {
    if (untouched.current !== null && code !== untouched.current) untouched.current = null;
    if (untouched.current !== null || !POSTAL_CODE.test(code)) return;
    let live = true;
    void lookup({ postalCode: code }, true).then((result) => {
      if (!live) return;
      if (result.data) {
        setAnswer({ code, place: result.data.place });
        void setFieldValue(placeField, result.data.place);
      } else if (callFailure(result.error).code === 'POSTAL_CODE_UNKNOWN') {
        onUnknown(code);
        setAnswer({ code, place: null });
        // The field's check knows the code now: its message is there on (or since) a submit.
        void validateForm();
      }
      // No answer (offline, a server error): the reader types the place; the server checks.
    });
    return () => {
      live = false;
    };
  }, [code, lookup, placeField, setFieldValue, validateForm, onUnknown]);

  const shown = answer && answer.code === code ? answer : null;
  return (
    <p className="ds-paragraph form-postal-place" aria-live="polite">
      {shown
        ? shown.place
          ? t('form.address.place-found', { code, place: shown.place })
          : t('form.address.place-unknown', { code })
        : null}
    </p>
  );
}
