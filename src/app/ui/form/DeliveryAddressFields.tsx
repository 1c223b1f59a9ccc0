// The delivery address fields of a formik form (values: DeliveryAddressValues, schema:
// deliveryAddressSchema), under an optional name prefix: <DeliveryAddressFields name="address" />
// edits values.address.coName … values.address.place. The postal code is checked against the
// register and fills the place in (usePostalPlace: one rule for every form with an address).
// Texts come from `common` (form.address.*) because more than one screen shows them.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import type { DeliveryAddressField } from './deliveryAddressSchema';
import { TextField, type TextFieldProps } from './TextField';
import { usePostalCodeCheck } from './usePostalPlace';

import '../designsystemet-forms.css';

const PostalPlaceLookup = lazy(
  () => import(/* webpackChunkName: "postal-lookup" */ './PostalPlaceLookup'),
);

export interface DeliveryAddressFieldsProps {
  /** Where the address sits in the form's values ('' or absent: at the top level). */
  readonly name?: string;
  /** A visible legend; without one the fields are not wrapped in a fieldset. */
  readonly legend?: string;
  /** Help text under the legend. */
  readonly description?: string;
}

const path = (prefix: string, field: DeliveryAddressField) =>
  prefix ? `${prefix}.${field}` : field;

/** The label of every address field by its full formik name, in form order (ErrorSummary). */
export function useDeliveryAddressLabels(name = ''): Record<string, string> {
  const { t } = useTranslation('common');
  return {
    [path(name, 'coName')]: t('form.address.co-name'),
    [path(name, 'street')]: t('form.address.street'),
    [path(name, 'streetNumber')]: t('form.address.street-number'),
    [path(name, 'flatNumber')]: t('form.address.flat-number'),
    [path(name, 'floor')]: t('form.address.floor'),
    [path(name, 'postalCode')]: t('form.address.postal-code'),
    [path(name, 'place')]: t('form.address.place'),
  };
}

/** The fields row by row, with the input hints that help autofill and mobile keyboards. */
const ROWS: readonly (readonly DeliveryAddressField[])[] = [
  ['coName'],
  ['street', 'streetNumber'],
  ['flatNumber', 'floor'],
  ['postalCode', 'place'],
];
const INPUT_PROPS: Partial<Record<DeliveryAddressField, Partial<TextFieldProps>>> = {
  coName: { autoComplete: 'name' },
  flatNumber: { optional: true },
  floor: { optional: true },
  postalCode: { inputMode: 'numeric', autoComplete: 'postal-code' },
  place: { autoComplete: 'address-level2' },
};

export function DeliveryAddressFields({
  name = '',
  legend,
  description,
}: DeliveryAddressFieldsProps) {
  const { t } = useTranslation('common');
  const labels = useDeliveryAddressLabels(name);
  const postal = usePostalCodeCheck(name);
  const descriptions: Partial<Record<DeliveryAddressField, string>> = {
    flatNumber: t('form.address.flat-number-description'),
    place: t('form.address.place-description'),
  };
  const row = (keys: readonly DeliveryAddressField[]) => (
    <div key={keys.join('-')} className="form-row">
      {keys.map((key) => (
        <TextField
          key={key}
          {...INPUT_PROPS[key]}
          name={path(name, key)}
          label={labels[path(name, key)]!}
          description={descriptions[key]}
          {...(key === 'postalCode'
            ? { validate: postal.validatePostalCode, onFocus: postal.activate }
            : {})}
        />
      ))}
    </div>
  );
  const fields = ROWS.map((keys) =>
    keys.includes('postalCode') ? (
      <div key={keys.join('-')}>
        {row(keys)}
        {/* A polite live region under the postal code: the place found (or not) is read out. */}
        {postal.active ? (
          <Suspense fallback={<p className="ds-paragraph form-postal-place" aria-live="polite" />}>
            <PostalPlaceLookup
              prefix={name}
              initialCode={postal.initialCode}
              onUnknown={postal.markUnknown}
            />
          </Suspense>
        ) : (
          <p className="ds-paragraph form-postal-place" aria-live="polite" />
        )}
      </div>
    ) : (
      row(keys)
    ),
  );
  if (!legend) return <div className="form-stack">{fields}</div>;
  return (
    <fieldset className="ds-fieldset form-stack">
      <legend className="ds-label">{legend}</legend>
      {description ? <p className="ds-paragraph">{description}</p> : null}
      {fields}
    </fieldset>
  );
}
