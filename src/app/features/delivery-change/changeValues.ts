// The values of /endre-avislevering's form: empty or from the planned change being edited, as the
// request the server takes, and whether two changes' periods overlap.
import type { DeliveryChange, DeliveryChangeRequest, DeliveryChangeType } from '../../api/delivery';
import {
  deliveryAddressValues,
  type DeliveryAddressValues,
  emptyDeliveryAddress,
  toDeliveryAddress,
} from '../../ui/form/deliveryAddressSchema';

/** The kinds of change, in the order the form offers them. */
export const CHANGE_TYPES: readonly DeliveryChangeType[] = ['STOP', 'TRANSFER', 'PERMANENT'];

export interface ChangeValues {
  readonly type: DeliveryChangeType | '';
  readonly fromDate: string;
  readonly toDate: string;
  readonly openEnd: boolean;
  readonly address: DeliveryAddressValues;
}

/** The name of the first day's field. */
export const FROM_DATE = 'fromDate';
/** The name of the last day's field. */
export const TO_DATE = 'toDate';

/** Whether the kind of change takes an address (a temporary one or a move). */
export const needsAddress = (type: string) => type === 'TRANSFER' || type === 'PERMANENT';

/** The form's values for `change`, or empty ones (with the account's c/o name) for a new one. */
export function valuesOf(change: DeliveryChange | null, coName: string): ChangeValues {
  if (!change)
    return {
      type: '',
      fromDate: '',
      toDate: '',
      openEnd: false,
      address: { ...emptyDeliveryAddress, coName },
    };
  return {
    type: change.type,
    fromDate: change.fromDate,
    toDate: change.toDate ?? '',
    openEnd: change.openEnd,
    address: change.address
      ? deliveryAddressValues(change.address)
      : { ...emptyDeliveryAddress, coName },
  };
}

/** The request of checked values: only the end and the address the kind of change has. */
export function requestOf(values: ChangeValues): DeliveryChangeRequest {
  const type = values.type as DeliveryChangeType;
  return {
    type,
    fromDate: values.fromDate,
    ...(type === 'PERMANENT'
      ? {}
      : type === 'STOP' && values.openEnd
        ? { openEnd: true }
        : { toDate: values.toDate }),
    ...(needsAddress(type) ? { address: toDeliveryAddress(values.address) } : {}),
  };
}

/** Whether `change` and the period from `from` to `to` (null: open-ended) share a day. */
export function overlaps(
  change: DeliveryChange,
  type: DeliveryChangeType,
  from: string,
  to: string | null,
): boolean {
  const end = (t: DeliveryChangeType, f: string, e: string | null) => (t === 'PERMANENT' ? f : e);
  const aEnd = end(change.type, change.fromDate, change.toDate);
  const bEnd = end(type, from, to);
  return (aEnd === null || from <= aEnd) && (bEnd === null || change.fromDate <= bEnd);
}
