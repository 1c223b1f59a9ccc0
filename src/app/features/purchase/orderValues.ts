// The order form's values and their rules: which plans the reader's age allows, what is chosen
// first (the link's plan and period, else the attempt from before a reload, else the offer), the
// validation (the address of paper plans) and the order the purchase saga takes from the form.
import { type FormikErrors, validateYupSchema, yupToFormErrors } from 'formik';
import { object } from 'yup';

import { isTooOldForYouth } from '../../../shared/subscription/eligibility';
import type { Catalogue, CatalogueProduct, OrderPaymentProvider, Period } from '../../api/order';
import type { PurchaseIntent } from '../../flows/order/purchaseSlice';
import {
  deliveryAddressSchema,
  deliveryAddressValues,
  type DeliveryAddressValues,
  emptyDeliveryAddress,
  toDeliveryAddress,
} from '../../ui/form/deliveryAddressSchema';

export interface OrderValues {
  readonly ariaPlanID: string;
  readonly period: Period;
  readonly paymentProvider: OrderPaymentProvider;
  /** The discount code applied to the price (the box's own button applies it). */
  readonly discountCode: string;
  readonly address: DeliveryAddressValues;
}

/** The youth plan is only for readers under the catalogue's maximum age (src/shared's rule). */
export const tooOldForYouth = (catalogue: Catalogue, birthDate: string | null, today: string) =>
  isTooOldForYouth(birthDate, today, catalogue.youthMaximumAge);

/** The plans offered to the reader, and those withheld because the reader is too old for them. */
export function plansByAge(catalogue: Catalogue, birthDate: string | null, today: string) {
  const youthRefused = tooOldForYouth(catalogue, birthDate, today);
  return {
    youthRefused,
    offered: catalogue.products.filter((p) => !(p.youth && youthRefused)),
    withheld: catalogue.products.filter((p) => p.youth && youthRefused),
  };
}

function findOption(catalogue: Catalogue, ariaPlanID: string | null, period: string | null) {
  const product = catalogue.products.find((p) => p.ariaPlanID === ariaPlanID);
  const option = product?.options.find((o) => o.period === period) ?? product?.options[0];
  return product && option ? { product, period: option.period } : null;
}

/** The first choice: the link's, else the attempt from before a reload, else the offer. */
function firstChoice(
  catalogue: Catalogue,
  allowed: (product: CatalogueProduct) => boolean,
  query: URLSearchParams,
  pending: PurchaseIntent | null,
) {
  const offer = catalogue.firstMonthOffer;
  const candidates = [
    findOption(catalogue, query.get('plan'), query.get('periode')),
    pending ? findOption(catalogue, pending.ariaPlanID, pending.period) : null,
    offer ? findOption(catalogue, offer.ariaPlanID, offer.period) : null,
    ...catalogue.products.map((p) => findOption(catalogue, p.ariaPlanID, null)),
  ];
  return candidates.find((c) => c && allowed(c.product)) ?? null;
}

/**
 * The form's first values: the first choice the reader's age allows, the provider, code and
 * address of the attempt from before a reload, `&kode=` before that attempt's code. Null when
 * nothing can be sold to the reader.
 */
export function initialOrderValues(
  catalogue: Catalogue,
  birthDate: string | null,
  today: string,
  query: URLSearchParams,
  pending: PurchaseIntent | null,
): OrderValues | null {
  const allowed = (p: CatalogueProduct) =>
    !(p.youth && tooOldForYouth(catalogue, birthDate, today));
  const choice = firstChoice(catalogue, allowed, query, pending);
  if (!choice) return null;
  return {
    ariaPlanID: choice.product.ariaPlanID,
    period: choice.period,
    paymentProvider: pending?.paymentProvider ?? 'SWEDBANK-PPG',
    discountCode: query.get('kode')?.trim().toUpperCase() || pending?.discountCode || '',
    address: pending?.deliveryAddress
      ? deliveryAddressValues(pending.deliveryAddress)
      : emptyDeliveryAddress,
  };
}

/** The validation of the form as it is now: the address if paper. */
export function orderValidator(catalogue: Catalogue) {
  return async (values: OrderValues): Promise<FormikErrors<OrderValues>> => {
    const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID);
    const schema = object({
      address: product?.requiresDeliveryAddress ? deliveryAddressSchema : object(),
    });
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
}

/** The order as the purchase saga takes it, from the form's values. */
export function orderIntent(catalogue: Catalogue, values: OrderValues): PurchaseIntent {
  const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID);
  return {
    kind: 'new',
    titleCode: catalogue.titleCode,
    ariaPlanID: values.ariaPlanID,
    period: values.period,
    paymentProvider: values.paymentProvider,
    ...(values.discountCode ? { discountCode: values.discountCode } : {}),
    ...(product?.requiresDeliveryAddress
      ? { deliveryAddress: toDeliveryAddress(values.address) }
      : {}),
  };
}
