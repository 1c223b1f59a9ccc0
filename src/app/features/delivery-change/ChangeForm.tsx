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
import { FormikProvider, useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type {
  DeliveryChange,
  DeliveryChangeOverview,
  DeliveryChangeType,
} from '../../api/delivery';
import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../ui/form/DeliveryAddressFields';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';

import { schemaFor } from './changeSchema';
import { ChangeTypeFieldset } from './ChangeTypeFieldset';
import { type ChangeValues, needsAddress, valuesOf } from './changeValues';
import { DatesFieldset } from './DatesFieldset';
import { FailureNotice } from './FailureNotice';
import { typeKey, useDayName } from './format';
import { PriceEffect } from './PriceEffect';
import { useChangeErrors } from './useChangeErrors';
import { useChangeSubmit } from './useChangeSubmit';
import { useOfferedDays } from './useOfferedDays';

import '../../ui/designsystemet-forms.css';

export { StopCreditText } from './PriceEffect';

const ADDRESS = 'address';

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

/** The form: a new change, a planned one edited, or the end of a started one moved. */
export function ChangeForm({
  overview,
  editing,
  endOnly = false,
  onDone,
  onCancelEdit,
  onStale,
}: ChangeFormProps) {
  const { t } = useTranslation('delivery-change');
  const dayName = useDayName();
  const addressLabels = useDeliveryAddressLabels('address');
  const { failure, submit } = useChangeSubmit({ overview, editing, onDone, onStale });
  const calendar = overview.calendar!;
  const { fromDays, endDays } = useOfferedDays(calendar, editing, endOnly);
  const schema = useMemo(() => schemaFor(fromDays, endDays), [fromDays, endDays]);

  const labels: Record<string, string> = {
    type: t('delivery-change.form.type-legend'),
    fromDate: t('delivery-change.form.from-label'),
    toDate: t('delivery-change.form.to-label'),
    ...addressLabels,
  };

  const form = useFormik<ChangeValues>({
    initialValues: valuesOf(editing, overview.address?.coName ?? ''),
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: submit,
  });
  const { values } = form;
  const toDays = values.fromDate ? endDays.filter((d) => d >= values.fromDate) : endDays;
  const toFieldDays = toDays.length > 0 ? toDays : endDays;
  const fromLabel =
    values.type === 'PERMANENT' ? t('delivery-change.form.move-label') : labels.fromDate!;
  const { typeError, fromError, toError } = useChangeErrors(form, {
    type: labels.type!,
    fromDate: fromLabel,
    toDate: labels.toDate!,
    fromDays,
    toDays: toFieldDays,
  });

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
          {endOnly ? null : <ChangeTypeFieldset legend={labels.type!} error={typeError} />}

          {values.type ? (
            <DatesFieldset
              weekdays={calendar.weekdays}
              hintDays={endOnly ? endDays : fromDays}
              fromLabel={fromLabel}
              fromDays={fromDays}
              fromDisabled={endOnly}
              fromError={fromError}
              toLabel={labels.toDate!}
              toDays={toFieldDays}
              toError={toError}
            />
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
            <FailureNotice failure={failure} earliestStart={calendar.earliestStart} />
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
