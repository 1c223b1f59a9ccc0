// The postal code of a delivery address against Posten/Bring's register, for every form with
// DeliveryAddressFields (/leveringsadresse, the order's address step, /endre-avislevering): as
// soon as the reader has typed four digits the place is filled in from the register, and a code
// the register does not know is said at once and refused on submit ("Postnummeret finnes
// ikke"), the rule the server applies to every address written (400 POSTAL_CODE_UNKNOWN).
// This hook is the part the fields always carry: the postal-code field's own check (formik's
// field-level validation) and when to look codes up. The lookup itself, PostalPlaceLookup.tsx, is
// a chunk of its own, loaded once the reader goes to the postal code (its field takes the focus,
// or its value changes, e.g. by the browser's autofill): a reader who only corrects the street
// never loads it. The register stays on the server (GET /api/postal-codes/{postalCode}).
import { getIn, useFormikContext } from 'formik';
import { useCallback, useRef, useState } from 'react';

import { MESSAGES } from './validation';

export const trimmedCode = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export interface PostalCodeCheck {
  /** The postal code the form started with (a stored address's). */
  readonly initialCode: string;
  /** The reader went to the postal code: the lookup is needed. */
  readonly active: boolean;
  /** The postal-code field's onFocus. */
  readonly activate: () => void;
  /** The postal-code field's own check (TextField `validate`): a code the register lacks. */
  readonly validatePostalCode: (value: unknown) => string | undefined;
  /** Remembers a code the register does not know (it does not change while the page is open). */
  readonly markUnknown: (code: string) => void;
}

/** The check of the postal code of the address at `prefix` ('' or absent: the top level). */
export function usePostalCodeCheck(prefix = ''): PostalCodeCheck {
  const codeField = prefix ? `${prefix}.postalCode` : 'postalCode';
  const { values, initialValues } = useFormikContext<unknown>();
  const initialCode = trimmedCode(getIn(initialValues, codeField));
  const changed = trimmedCode(getIn(values, codeField)) !== initialCode;
  const [focused, setFocused] = useState(false);
  const unknown = useRef(new Set<string>());
  const activate = useCallback(() => setFocused(true), []);
  const validatePostalCode = useCallback(
    (value: unknown) =>
      unknown.current.has(trimmedCode(value)) ? MESSAGES.postalCodeUnknown : undefined,
    [],
  );
  const markUnknown = useCallback((code: string) => void unknown.current.add(code), []);
  return {
    initialCode,
    active: focused || changed,
    activate,
    validatePostalCode,
    markUnknown,
  };
}
