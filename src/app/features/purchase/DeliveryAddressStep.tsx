// The paper plans' step of the order form: where the paper is delivered, as the shared address
// fields under `address` in the form's values (validated by deliveryAddressSchema; the place
// filled in from the postal code, an unknown one refused: usePostalPlace), and the
// fields the server refused in an order, to be marked on the fields too.
import type { FormikErrors, FormikTouched } from 'formik';
import { useTranslation } from 'react-i18next';

import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../ui/form/DeliveryAddressFields';
import {
  type DeliveryAddressField,
  deliveryAddressServerMessage,
  deliveryAddressServerMessages,
  type DeliveryAddressValues,
} from '../../ui/form/deliveryAddressSchema';

/** Where the address sits in the order form's values (a form field name, not visible text). */
const ADDRESS = 'address';

/** The address fields' labels by their form names (for the ErrorSummary). */
export const useOrderAddressLabels = () => useDeliveryAddressLabels(ADDRESS);

export function DeliveryAddressStep() {
  const { t } = useTranslation('purchase');
  return (
    <DeliveryAddressFields
      name={ADDRESS}
      legend={t('purchase.order.address-legend')}
      description={t('purchase.order.address-description')}
    />
  );
}

type AddressForm = { readonly [ADDRESS]: DeliveryAddressValues };

/**
 * The address fields among the fields the server refused in an order (`deliveryAddress.street`
 * …), as the form's touched fields and their messages (by the problem's `code`: an unknown
 * postal code has its own); null when it refused none of them.
 */
export function refusedAddress(
  fields: readonly string[],
  code: string | null = null,
): { touched: FormikTouched<AddressForm>; errors: FormikErrors<AddressForm> } | null {
  const refused = fields
    .filter((f) => f.startsWith('deliveryAddress.'))
    .map((f) => f.slice('deliveryAddress.'.length))
    .filter((f): f is DeliveryAddressField => f in deliveryAddressServerMessages);
  if (refused.length === 0) return null;
  return {
    touched: { address: Object.fromEntries(refused.map((f) => [f, true])) },
    errors: {
      address: Object.fromEntries(refused.map((f) => [f, deliveryAddressServerMessage(f, code)])),
    },
  };
}
