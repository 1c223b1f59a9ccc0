// The messages of /endre-avislevering's form fields, once the reader has tried to send it: the kind
// of change, and each date field's in words (the day chosen, the first or last day that can be,
// and for a day the paper is not out one it is out instead).
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';

import { isIsoDate } from '../../../shared/time/oslo';
import { useFieldErrorText } from '../../ui/form/TextField';

import { NS } from './changeSchema';
import { type ChangeValues, FROM_DATE, TO_DATE } from './changeValues';
import { nearestOfferedDay } from './days';
import { useDayName } from './format';

const NOT_DELIVERY_DAY = `${NS}.not-delivery-day`;

/** What each field is called and, for the date fields, the days it offers. */
export interface ChangeFieldLabels {
  readonly type: string;
  readonly fromDate: string;
  readonly toDate: string;
  readonly fromDays: readonly string[];
  readonly toDays: readonly string[];
}

/** The message of each field in words, or null while it has none (or nothing has been sent). */
export function useChangeErrors(
  form: Pick<FormikProps<ChangeValues>, 'values' | 'errors' | 'submitCount'>,
  fields: ChangeFieldLabels,
) {
  const { t } = useTranslation('delivery-change');
  const errorText = useFieldErrorText();
  const dayName = useDayName();
  const { values } = form;
  const message = (name: 'type' | 'fromDate' | 'toDate') => {
    const error = form.submitCount > 0 ? form.errors[name] : undefined;
    return typeof error === 'string' ? error : null;
  };
  /**
   * A date field's error in words: the day chosen, the first or last day that can be, and for a
   * day the paper is not out one it is out instead (the server's refusal of such a day too).
   */
  const dateError = (name: 'fromDate' | 'toDate', label: string, fieldDays: readonly string[]) => {
    const key = message(name);
    if (!key) return null;
    const value = values[name];
    const suggestion = value ? nearestOfferedDay(value, fieldDays) : null;
    const first = fieldDays[0];
    const last = fieldDays.at(-1);
    return t(key === NOT_DELIVERY_DAY && !suggestion ? `${NOT_DELIVERY_DAY}-plain` : key, {
      ns: 'common',
      info: label,
      day: value && isIsoDate(value) ? dayName(value) : value,
      suggestion: suggestion ? dayName(suggestion) : '',
      first: first ? dayName(first) : '',
      last: last ? dayName(last) : '',
      example: first ?? '',
    });
  };
  const typeMessage = message('type');
  return {
    typeError: typeMessage ? errorText(typeMessage, fields.type) : null,
    fromError: dateError(FROM_DATE, fields.fromDate, fields.fromDays),
    toError: dateError(TO_DATE, fields.toDate, fields.toDays),
  };
}
