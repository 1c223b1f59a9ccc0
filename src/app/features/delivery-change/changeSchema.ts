// What /endre-avislevering's form checks before sending: a kind of change, and once it is chosen
// the days it needs, each one the server offers (days.ts), an end not before the start, and the
// address of a temporary address or a move.
import { boolean, object, string, type TestContext } from 'yup';

import { deliveryAddressSchema } from '../../ui/form/deliveryAddressSchema';
import { MESSAGES } from '../../ui/form/validation';

import { needsAddress } from './changeValues';
import { dayRefusal } from './days';

/** Where the form's own messages are in the catalogue. */
export const NS = 'delivery-change:delivery-change.validation';

const hasEnd = (type: string, openEnd: boolean) =>
  type === 'TRANSFER' || (type === 'STOP' && !openEnd);

/** A yup test: the day is one of `offered`, else the message that says why not (days.ts). */
const offeredDay =
  (offered: readonly string[]) => (value: string | undefined, context: TestContext) => {
    const refusal = value ? dayRefusal(value, offered) : null;
    return refusal ? context.createError({ message: `${NS}.${refusal}` }) : true;
  };

/** The form's schema, with the days on offer for the first and the last day. */
export function schemaFor(fromDays: readonly string[], toDays: readonly string[]) {
  return object({
    type: string().required(`${NS}.type-required`),
    // The days are asked for once the kind of change is chosen (they show only then).
    fromDate: string().when('type', ([type], schema) =>
      type ? schema.required(MESSAGES.required).test('offered', offeredDay(fromDays)) : schema,
    ),
    openEnd: boolean(),
    toDate: string().when(['type', 'openEnd'], ([type, openEnd], schema) =>
      hasEnd(type as string, openEnd as boolean)
        ? schema
            .required(MESSAGES.required)
            // One test, so an end before the start is said as such, not as a day not offered.
            .test('offered', (value, context) =>
              value && context.parent.fromDate && value < context.parent.fromDate
                ? context.createError({ message: `${NS}.end-before-start` })
                : offeredDay(toDays)(value, context),
            )
        : schema,
    ),
    address: object().when('type', ([type]) =>
      needsAddress(type as string) ? deliveryAddressSchema : object(),
    ),
  });
}
