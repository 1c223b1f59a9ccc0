// Sending /endre-avislevering's form: a new change (POST) or a planned one edited (PUT). The
// server's refusals land on their field (a day the paper is not out, too far ahead, an end missing
// or before the start, an address field) or become a failure said above the button; a refusal
// that means the calendar or the changes moved on asks the screen to load them again (onStale).
// Nothing typed is lost.
import type { FormikHelpers } from 'formik';
import { useState } from 'react';

import {
  type DeliveryChange,
  type DeliveryChangeOverview,
  type DeliveryChangeType,
  useCreateDeliveryChangeMutation,
  useUpdateDeliveryChangeMutation,
} from '../../api/delivery';
import { callFailure } from '../../api/problem';
import {
  deliveryAddressServerMessage,
  type DeliveryAddressField,
} from '../../ui/form/deliveryAddressSchema';

import { NS } from './changeSchema';
import {
  type ChangeValues,
  FROM_DATE,
  overlaps,
  requestOf,
  TO_DATE,
  valuesOf,
} from './changeValues';
import type { Failure } from './FailureNotice';

/** The date field a refusal names (the start unless it names the end). */
const dateField = (field: string) => (field === TO_DATE ? TO_DATE : FROM_DATE);

/** The form's submit, and the failure of the last one that belongs to no field. */
export function useChangeSubmit({
  overview,
  editing,
  onDone,
  onStale,
}: {
  readonly overview: DeliveryChangeOverview;
  readonly editing: DeliveryChange | null;
  readonly onDone: (change: DeliveryChange, edited: boolean) => void;
  readonly onStale: () => void;
}) {
  const [create] = useCreateDeliveryChangeMutation();
  const [update] = useUpdateDeliveryChangeMutation();
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(values: ChangeValues, helpers: FormikHelpers<ChangeValues>) {
    setFailure(null);
    const request = requestOf(values);
    const result = editing
      ? await update({
          subscriptionNo: overview.subscriptionNo,
          changeId: editing.id,
          deliveryChangeRequest: request,
        })
      : await create({ subscriptionNo: overview.subscriptionNo, deliveryChangeRequest: request });
    if ('data' in result && result.data) {
      onDone(result.data, !!editing);
      helpers.resetForm({ values: valuesOf(null, values.address.coName) });
      return;
    }
    const problem = callFailure(result.error);
    const field = problem.fields[0] ?? '';
    switch (problem.code) {
      case 'DELIVERY_CHANGE_TOO_EARLY':
        onStale();
        setFailure({ kind: field === TO_DATE ? 'too-early-end' : 'too-early' });
        return;
      case 'DELIVERY_CHANGE_NOT_DELIVERY_DAY':
        onStale();
        helpers.setFieldError(dateField(field), `${NS}.not-delivery-day`);
        return;
      case 'DELIVERY_CHANGE_TOO_FAR':
        onStale();
        helpers.setFieldError(
          dateField(field),
          dateField(field) === TO_DATE ? `${NS}.too-far-end` : `${NS}.too-far-start`,
        );
        return;
      case 'DELIVERY_CHANGE_END_REQUIRED':
        helpers.setFieldError(TO_DATE, `${NS}.end-required`);
        return;
      case 'DELIVERY_CHANGE_END_BEFORE_START':
        helpers.setFieldError(TO_DATE, `${NS}.end-before-start`);
        return;
      case 'DELIVERY_CHANGE_OTHER_SUBSCRIPTION':
        setFailure({
          kind:
            values.type === 'PERMANENT' ? 'other-subscription-move' : 'other-subscription-change',
        });
        return;
      case 'DELIVERY_CHANGE_OVERLAP': {
        const other =
          [...overview.planned, ...overview.current].find(
            (c) =>
              c.id !== editing?.id &&
              overlaps(
                c,
                values.type as DeliveryChangeType,
                values.fromDate,
                request.toDate ?? null,
              ),
          ) ?? null;
        onStale();
        setFailure({ kind: 'overlap', other });
        return;
      }
      case 'DELIVERY_CHANGE_LOCKED':
      case 'DELIVERY_CHANGE_NOT_FOUND':
        onStale();
        setFailure({ kind: 'locked' });
        return;
      case 'POSTAL_CODE_UNKNOWN':
        helpers.setFieldError(
          'address.postalCode',
          deliveryAddressServerMessage('postalCode', problem.code),
        );
        return;
      case 'PAPER_SUBSCRIPTION_REQUIRED':
        onStale();
        setFailure({ kind: 'not-paper' });
        return;
      case 'SUBSCRIPTION_STATE_CONFLICT':
        onStale();
        setFailure({ kind: 'not-active' });
        return;
      case 'RATE_LIMITED':
        setFailure({ kind: 'rate-limited', retryAfter: problem.retryAfter, at: Date.now() });
        return;
      default:
        if (field.startsWith('address.')) {
          const key = field.slice('address.'.length) as DeliveryAddressField;
          helpers.setFieldError(field, deliveryAddressServerMessage(key, problem.code));
          return;
        }
        if (field === FROM_DATE || field === TO_DATE) {
          // A date the server could not take as it came (VALIDATION_FAILED).
          helpers.setFieldError(field, `${NS}.day-not-offered`);
          return;
        }
        setFailure({ kind: 'failed' });
    }
  }

  return { failure, submit };
}
