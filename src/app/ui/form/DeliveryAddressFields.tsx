// The delivery address fields of a formik form (values: DeliveryAddressValues, schema:
// deliveryAddressSchema), under an optional name prefix: <DeliveryAddressFields name="address" />
// edits values.address.coName … values.address.place. Texts come from `common` (form.address.*)
// because more than one screen shows them.
import { useTranslation } from 'react-i18next';

import type { DeliveryAddressField } from './deliveryAddressSchema';
import { TextField, type TextFieldProps } from './TextField';

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
  const descriptions: Partial<Record<DeliveryAddressField, string>> = {
    flatNumber: t('form.address.flat-number-description'),
  };
  const fields = ROWS.map((row) => (
    <div key={row.join('-')} className="form-row">
      {row.map((key) => (
        <TextField
          key={key}
          {...INPUT_PROPS[key]}
          name={path(name, key)}
          label={labels[path(name, key)]!}
          description={descriptions[key]}
        />
      ))}
    </div>
  ));
  if (!legend) return <div className="form-stack">{fields}</div>;
  return (
    <fieldset className="ds-fieldset form-stack">
      <legend className="ds-label">{legend}</legend>
      {description ? <p className="ds-paragraph">{description}</p> : null}
      {fields}
    </fieldset>
  );
}
