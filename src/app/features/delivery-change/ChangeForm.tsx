// The form of /endre-avislevering: what kind of change (a stop, a temporary address, a move), the
// days (date fields from the earliest possible day to the last the server offers; a day between
// them the paper is not out, a Sunday or a holiday, is refused before sending with the day it is
// and one it could be instead), and for an address change the address with the place filled in
// from the postal code. A stop says what it
// means for the price (the place fill and the unknown postal code are the shared address fields',
// usePostalPlace). Checked before sending; the server's refusals are said above the button
// (an overlap names the other change, a passed cut-off the next possible day) or land on their
// field (a day the paper is not out, too far ahead, an end missing or before the start, an
// address field), and nothing typed is lost. Also edits a planned change (PUT), or only the end
// of a started one (the end days offered are the ones the server takes). A move says that it
// moves the paper of all the reader's paper subscriptions (the address is the account's).
import { FormikProvider, useFormik, useFormikContext, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boolean, object, string, type TestContext } from 'yup';

import { formatKroner } from '../../../shared/money/money';
import { addDays, isIsoDate } from '../../../shared/time/oslo';
import {
  type DeliveryChange,
  type DeliveryChangeOverview,
  type DeliveryChangeRequest,
  type DeliveryChangeType,
  useCreateDeliveryChangeMutation,
  useUpdateDeliveryChangeMutation,
} from '../../api/delivery';
import { callFailure } from '../../api/problem';
import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../ui/form/DeliveryAddressFields';
import {
  deliveryAddressSchema,
  deliveryAddressServerMessage,
  deliveryAddressValues,
  type DeliveryAddressField,
  type DeliveryAddressValues,
  emptyDeliveryAddress,
  toDeliveryAddress,
} from '../../ui/form/deliveryAddressSchema';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { descriptionId, errorId, fieldId } from '../../ui/form/fieldErrors';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useFieldErrorText } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { useRateLimitText } from '../../ui/RateLimitNotice';

import { dayRefusal, nearestOfferedDay } from './days';
import { daysInPeriod, typeKey, useDayName, usePeriodText, useWeekdaysText } from './format';

import '../../ui/designsystemet-forms.css';

export const CHANGE_TYPES: readonly DeliveryChangeType[] = ['STOP', 'TRANSFER', 'PERMANENT'];

export interface ChangeValues {
  readonly type: DeliveryChangeType | '';
  readonly fromDate: string;
  readonly toDate: string;
  readonly openEnd: boolean;
  readonly address: DeliveryAddressValues;
}

const NS = 'delivery-change:delivery-change.validation';
const TYPE_FIELD_ID = fieldId('type');
const FROM_DATE = 'fromDate';
const TO_DATE = 'toDate';
const ADDRESS = 'address';
/** The hint of both date fields: the days the paper comes out, the first and the last day. */
const DATES_HINT_ID = descriptionId('dates');
const NOT_DELIVERY_DAY = `${NS}.not-delivery-day`;
/** The longest a change may last (the server's horizon). */
const YEAR_DAYS = 365;
const needsAddress = (type: string) => type === 'TRANSFER' || type === 'PERMANENT';
/** The date field a refusal names (the start unless it names the end). */
const dateField = (field: string) => (field === TO_DATE ? TO_DATE : FROM_DATE);
const hasEnd = (type: string, openEnd: boolean) =>
  type === 'TRANSFER' || (type === 'STOP' && !openEnd);

/** A yup test: the day is one of `offered`, else the message that says why not (days.ts). */
const offeredDay =
  (offered: readonly string[]) => (value: string | undefined, context: TestContext) => {
    const refusal = value ? dayRefusal(value, offered) : null;
    return refusal ? context.createError({ message: `${NS}.${refusal}` }) : true;
  };

function schemaFor(fromDays: readonly string[], toDays: readonly string[]) {
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

function valuesOf(change: DeliveryChange | null, coName: string): ChangeValues {
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

function requestOf(values: ChangeValues): DeliveryChangeRequest {
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

type Failure =
  | {
      kind:
        | 'too-early'
        | 'too-early-end'
        | 'locked'
        | 'not-paper'
        | 'not-active'
        | 'other-subscription-move'
        | 'other-subscription-change'
        | 'failed';
    }
  | { kind: 'overlap'; other: DeliveryChange | null }
  | { kind: 'rate-limited'; retryAfter: number | null; at: number };

export interface ChangeFormProps {
  readonly overview: DeliveryChangeOverview;
  /** The planned change being edited; null for a new one. */
  readonly editing: DeliveryChange | null;
  /** Only the end of the change being edited can move (it has started). */
  readonly endOnly?: boolean;
  readonly onDone: (change: DeliveryChange, edited: boolean) => void;
  readonly onCancelEdit: () => void;
  /** The calendar or the changes changed meanwhile: ask the server again. */
  readonly onStale: () => void;
}

export function ChangeForm({
  overview,
  editing,
  endOnly = false,
  onDone,
  onCancelEdit,
  onStale,
}: ChangeFormProps) {
  const { t } = useTranslation('delivery-change');
  const rateLimitText = useRateLimitText();
  const errorText = useFieldErrorText();
  const dayName = useDayName();
  const periodText = usePeriodText();
  const weekdaysText = useWeekdaysText();
  const addressLabels = useDeliveryAddressLabels('address');
  const [create] = useCreateDeliveryChangeMutation();
  const [update] = useUpdateDeliveryChangeMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const calendar = overview.calendar!;
  const days = calendar.deliveryDays;
  // A change being edited keeps its own first day on offer while it can still be edited.
  const offered = useMemo(
    () => (editing && !days.includes(editing.fromDate) ? [editing.fromDate, ...days].sort() : days),
    [days, editing],
  );
  // Moving the end of a started change: from the day before the earliest possible day on (paper
  // again from that day), or any later delivery day up to the calendar's last date and at most a
  // year after its first day (what the server takes).
  const endDays = useMemo(() => {
    if (!endOnly || !editing) return offered;
    const dayBefore = addDays(calendar.earliestStart, -1);
    const yearOn = addDays(editing.fromDate, YEAR_DAYS);
    const last = yearOn < calendar.lastDate ? yearOn : calendar.lastDate;
    const later = days.filter((d) => d >= editing.fromDate && d > dayBefore && d <= last);
    return dayBefore >= editing.fromDate ? [dayBefore, ...later] : later;
  }, [endOnly, editing, offered, days, calendar.earliestStart, calendar.lastDate]);
  const fromDays = useMemo(
    () => (endOnly && editing ? [editing.fromDate] : offered),
    [endOnly, editing, offered],
  );
  const schema = useMemo(() => schemaFor(fromDays, endDays), [fromDays, endDays]);

  const labels: Record<string, string> = {
    type: t('delivery-change.form.type-legend'),
    fromDate: t('delivery-change.form.from-label'),
    toDate: t('delivery-change.form.to-label'),
    ...addressLabels,
  };

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

  const form = useFormik<ChangeValues>({
    initialValues: valuesOf(editing, overview.address?.coName ?? ''),
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: submit,
  });
  const { values } = form;
  const showEnd = values.type === 'STOP' || values.type === 'TRANSFER';
  const toDays = values.fromDate ? endDays.filter((d) => d >= values.fromDate) : endDays;
  const fromLabel =
    values.type === 'PERMANENT' ? t('delivery-change.form.move-label') : labels.fromDate!;
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
  const typeError = typeMessage ? errorText(typeMessage, labels.type!) : null;
  const fromError = dateError(FROM_DATE, fromLabel, fromDays);
  const toError = dateError(TO_DATE, labels.toDate!, toDays.length > 0 ? toDays : endDays);
  const hintDays = endOnly ? endDays : fromDays;

  function failureText(f: Failure): string {
    switch (f.kind) {
      case 'overlap':
        return f.other
          ? t('delivery-change.server.overlap', {
              type: t(`delivery-change.types.${typeKey(f.other.type)}.name`),
              period: periodText(f.other),
            })
          : t('delivery-change.server.overlap-unknown');
      case 'too-early':
      case 'too-early-end':
        return t(`delivery-change.server.${f.kind}`, { day: dayName(calendar.earliestStart) });
      case 'rate-limited':
        return rateLimitText(f.retryAfter, f.at);
      default:
        return t(`delivery-change.server.${f.kind}`);
    }
  }

  const headingId = 'delivery-change-form-heading';
  return (
    <section aria-labelledby={headingId} className="delivery-change-section">
      <h2 id={headingId} className="ds-heading" data-size="md" tabIndex={-1}>
        {editing
          ? t(endOnly ? 'delivery-change.form.end-heading' : 'delivery-change.form.edit-heading', {
              type: t(`delivery-change.types.${typeKey(editing.type)}.name`),
            })
          : t('delivery-change.form.heading')}
      </h2>
      <FormikProvider value={form}>
        <form noValidate onSubmit={form.handleSubmit} className="delivery-change-form">
          <ErrorSummary
            labels={{ ...labels, fromDate: fromLabel }}
            texts={{ fromDate: fromError, toDate: toError }}
          />
          {endOnly && editing ? (
            <p className="ds-paragraph">
              {t('delivery-change.form.end-intro', {
                from: dayName(editing.fromDate),
                day: dayName(calendar.earliestStart),
              })}
            </p>
          ) : null}
          {endOnly ? null : (
            <fieldset
              className="ds-fieldset delivery-change-types"
              aria-describedby={errorId('type')}
            >
              <legend className="ds-label">{labels.type}</legend>
              {CHANGE_TYPES.map((type, index) => {
                const id = index === 0 ? TYPE_FIELD_ID : `delivery-change-type-${type}`;
                return (
                  <div className="ds-field" data-variant="outline" key={type}>
                    <input
                      className="ds-input"
                      type="radio"
                      id={id}
                      name="type"
                      value={type}
                      checked={values.type === type}
                      onChange={() => void form.setFieldValue('type', type)}
                      aria-describedby={`${id}-description`}
                    />
                    <label className="ds-label" htmlFor={id}>
                      {t(`delivery-change.types.${typeKey(type)}.title`)}
                    </label>
                    <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
                      {t(`delivery-change.types.${typeKey(type)}.description`)}
                    </p>
                  </div>
                );
              })}
              <div id={errorId('type')} aria-live="polite" data-field="validation">
                {typeError ? <p className="ds-validation-message">{typeError}</p> : null}
              </div>
            </fieldset>
          )}

          {values.type ? (
            <fieldset className="ds-fieldset form-stack">
              <legend className="ds-label">{t('delivery-change.form.dates-legend')}</legend>
              <p className="ds-paragraph" data-field="description" id={DATES_HINT_ID}>
                {t('delivery-change.form.dates-hint', {
                  weekdays: weekdaysText(calendar.weekdays),
                  first: hintDays[0] ? dayName(hintDays[0]) : '',
                  last: hintDays.at(-1) ? dayName(hintDays.at(-1)!) : '',
                })}
              </p>
              <div className="form-row">
                <DayInput
                  name={FROM_DATE}
                  label={fromLabel}
                  days={fromDays}
                  disabled={endOnly}
                  error={fromError}
                />
                {showEnd && !(values.type === 'STOP' && values.openEnd) ? (
                  <DayInput
                    name={TO_DATE}
                    label={labels.toDate!}
                    days={toDays.length > 0 ? toDays : endDays}
                    error={toError}
                  />
                ) : null}
              </div>
              {values.type === 'STOP' ? (
                <div className="ds-field">
                  <input
                    className="ds-input"
                    type="checkbox"
                    id="delivery-change-open-end"
                    checked={values.openEnd}
                    onChange={(event) => void form.setFieldValue('openEnd', event.target.checked)}
                  />
                  <label className="ds-label" htmlFor="delivery-change-open-end">
                    {t('delivery-change.form.open-end')}
                  </label>
                </div>
              ) : null}
            </fieldset>
          ) : null}

          {values.type === 'STOP' ? <PriceEffect overview={overview} values={values} /> : null}
          {values.type === 'PERMANENT' ? (
            <p className="ds-paragraph delivery-change-note">
              {t('delivery-change.form.move-all')}
            </p>
          ) : null}

          {needsAddress(values.type) && !endOnly ? (
            <DeliveryAddressFields
              name={ADDRESS}
              legend={t(
                `delivery-change.form.address-legend-${typeKey(values.type as DeliveryChangeType)}`,
              )}
            />
          ) : null}

          {failure ? (
            <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
              {failureText(failure)}
            </Notice>
          ) : null}
          <div className="delivery-change-actions">
            <SubmitButton busyText={t('delivery-change.form.saving')}>
              {editing ? t('delivery-change.form.save') : t('delivery-change.form.submit')}
            </SubmitButton>
            {editing ? (
              <button
                type="button"
                className="ds-button"
                data-variant="secondary"
                onClick={onCancelEdit}
              >
                {t('delivery-change.form.cancel-edit')}
              </button>
            ) : null}
          </div>
        </form>
      </FormikProvider>
    </section>
  );
}

function overlaps(
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

/**
 * A date field for a delivery day: the browser's own date picker (a text box where there is
 * none), from the first to the last day on offer. Which days in between the paper is out is
 * said in the hint and checked before sending (days.ts), as the server checks it again.
 */
function DayInput({
  name,
  label,
  days,
  error,
  disabled = false,
}: {
  readonly name: 'fromDate' | 'toDate';
  readonly label: string;
  /** The days on offer, ascending. */
  readonly days: readonly string[];
  readonly disabled?: boolean;
  readonly error: string | null;
}) {
  const { values, setFieldValue } = useFormikContext<ChangeValues>();
  return (
    <div className="ds-field">
      <label className="ds-label" htmlFor={fieldId(name)}>
        {label}
      </label>
      <input
        className="ds-input"
        type="date"
        id={fieldId(name)}
        name={name}
        value={values[name]}
        min={days[0]}
        max={days.at(-1)}
        disabled={disabled}
        onChange={(event) => void setFieldValue(name, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${DATES_HINT_ID} ${errorId(name)}`}
      />
      <div id={errorId(name)} aria-live="polite" data-field="validation">
        {error ? <p className="ds-validation-message">{error}</p> : null}
      </div>
    </div>
  );
}

/** What the chosen stop means: how many issues, and the price (a credit, or unchanged). */
function PriceEffect({
  overview,
  values,
}: {
  readonly overview: DeliveryChangeOverview;
  readonly values: ChangeValues;
}) {
  const { t } = useTranslation('delivery-change');
  const { price, calendar } = overview;
  const credits = price.stopCredit === 'PER_ISSUE';
  const perIssue = credits ? price.creditPerIssueOre : null;
  const issues =
    values.fromDate && values.toDate && !values.openEnd && values.toDate >= values.fromDate
      ? daysInPeriod(calendar!.deliveryDays, values.fromDate, values.toDate)
      : null;
  return (
    <div className="delivery-change-price" aria-live="polite">
      {issues !== null ? (
        <p className="ds-paragraph">
          {t(issues === 1 ? 'delivery-change.price.issue' : 'delivery-change.price.issues', {
            count: issues,
          })}
        </p>
      ) : null}
      <p className="ds-paragraph">
        {!credits ? (
          t('delivery-change.price.none')
        ) : perIssue !== null && issues !== null ? (
          t('delivery-change.price.credit-total', {
            amount: formatKroner(issues * perIssue),
            perIssue: formatKroner(perIssue),
          })
        ) : (
          <StopCreditText price={price} />
        )}
      </p>
    </div>
  );
}

/** What a stopped issue is credited, by the title's paper share (the screen's price note too). */
export function StopCreditText({ price }: { readonly price: DeliveryChangeOverview['price'] }) {
  const { t } = useTranslation('delivery-change');
  const share = price.paperSharePercent ?? 0;
  return (
    <>
      {price.creditPerIssueOre !== null
        ? t('delivery-change.price.credit', {
            perIssue: formatKroner(price.creditPerIssueOre),
            share,
          })
        : t('delivery-change.price.credit-unpriced', { share })}{' '}
      {t('delivery-change.price.credit-paid-only')}
    </>
  );
}
