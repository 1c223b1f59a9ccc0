// The complaint form of /tilbakemelding: the days (checkboxes of the delivery days the server
// offers, today first, none before the subscription started; a day complained about already, or
// one whose delivery was stopped, is shown with the reason but cannot be chosen), what was
// wrong (the codes of GET complaintcodes, as radios), and an optional comment. Checked before
// sending (at least one day, a code, the comment's length); the server's refusals land on their
// field (a day complained about meanwhile is taken out of the choice, and the page's days are
// asked for again), anything else is said above the button and nothing typed is lost.
import { FormikProvider, useFormik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { array, object, string } from 'yup';

import { COMPLAINT_COMMENT_MAX } from '../../../shared/complaints/complaints';
import { addDays, osloDateOf } from '../../../shared/time/oslo';
import {
  type ComplaintOverview,
  type ComplaintReceipt,
  useFileComplaintMutation,
  useGetComplaintCodesQuery,
} from '../../api/complaint';
import { callFailure } from '../../api/problem';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { descriptionId, errorId, fieldId } from '../../ui/form/fieldErrors';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useFieldErrorText } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { RateLimitNotice } from '../../ui/RateLimitNotice';
import { StepHeading } from '../../ui/StepHeading';

import { useCodeText, useDayName } from './days';

import '../../ui/designsystemet-forms.css';

export interface ComplaintValues {
  readonly dates: readonly string[];
  readonly code: string;
  readonly comment: string;
}

const EMPTY: ComplaintValues = { dates: [], code: '', comment: '' };

/** Messages are catalogue keys ("<namespace>:<key>" for this screen's own). */
const schema = object({
  dates: array().of(string()).min(1, 'complaint:complaint.validation.dates-required'),
  code: string().required('complaint:complaint.validation.code-required'),
  comment: string().trim().max(COMPLAINT_COMMENT_MAX, MESSAGES.tooLong),
});

const dayInputId = (date: string) => `complaint-day-${date}`;
/** The first day and the first code carry the ids the error summary links to. */
const DATES_FIELD_ID = fieldId('dates');
const CODE_FIELD_ID = fieldId('code');
const codeInputId = (code: string) => `complaint-code-${code}`;

type Failure = 'not-paper' | 'not-active' | 'rate-limited' | 'failed';

export interface ComplaintFormProps {
  readonly overview: ComplaintOverview;
  /** The complaint is filed. */
  readonly onFiled: (receipt: ComplaintReceipt) => void;
  /** The page's days (or the subscription) changed meanwhile: ask the server again. */
  readonly onStale: () => void;
  /** Move the focus to the form's heading when shown (back from a receipt for one more). */
  readonly focusHeading?: boolean;
}

export function ComplaintForm({
  overview,
  onFiled,
  onStale,
  focusHeading = false,
}: ComplaintFormProps) {
  const { t } = useTranslation('complaint');
  const errorText = useFieldErrorText();
  const dayName = useDayName();
  const codeText = useCodeText();
  const codes = useGetComplaintCodesQuery();
  const [fileComplaint] = useFileComplaintMutation();
  const [failure, setFailure] = useState<{
    kind: Failure;
    retryAfter?: number | null;
    at?: number;
  } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const labels = {
    dates: t('complaint.form.dates-label'),
    code: t('complaint.form.code-label'),
    comment: t('complaint.form.comment-label'),
  };
  const today = osloDateOf(new Date());
  const open = overview.deliveryDays.filter((day) => !day.alreadyFiled && !day.deliveryStopped);
  // Days of the window before the subscription started are not offered: say why.
  const startedInWindow = overview.startDate > addDays(today, -(overview.windowDays - 1));

  async function submit(values: ComplaintValues, helpers: FormikHelpers<ComplaintValues>) {
    setFailure(null);
    const comment = values.comment.trim();
    const result = await fileComplaint({
      subscriptionNo: overview.subscriptionNo,
      complaintRequest: {
        dates: [...values.dates],
        code: values.code,
        ...(comment ? { comment } : {}),
      },
    });
    if ('data' in result && result.data) {
      onFiled(result.data);
      helpers.resetForm({ values: EMPTY });
      return;
    }
    const problem = callFailure(result.error);
    const field = problem.fields[0] ?? '';
    // The day the server named, by its place in what was sent.
    const refusedDay = /^dates\.(\d+)$/.exec(field)?.[1];
    const withoutRefused = () =>
      refusedDay === undefined
        ? values
        : { ...values, dates: values.dates.filter((_, i) => i !== Number(refusedDay)) };
    switch (problem.code) {
      case 'COMPLAINT_ALREADY_FILED':
        onStale();
        await helpers.setValues(withoutRefused(), false);
        helpers.setFieldError('dates', 'complaint:complaint.server.already-filed');
        return;
      case 'COMPLAINT_DATE_DELIVERY_STOPPED':
        onStale();
        await helpers.setValues(withoutRefused(), false);
        helpers.setFieldError('dates', 'complaint:complaint.server.delivery-stopped');
        return;
      case 'COMPLAINT_DATE_BEFORE_START':
        onStale();
        await helpers.setValues(withoutRefused(), false);
        helpers.setFieldError('dates', 'complaint:complaint.server.before-start');
        return;
      case 'COMPLAINT_DATE_TOO_OLD':
      case 'COMPLAINT_DATE_IN_FUTURE':
      case 'COMPLAINT_DATE_NOT_DELIVERY_DAY':
        onStale();
        await helpers.setValues(withoutRefused(), false);
        helpers.setFieldError('dates', 'complaint:complaint.server.date-not-offered');
        return;
      case 'COMPLAINT_CODE_UNKNOWN':
        void codes.refetch();
        await helpers.setValues({ ...values, code: '' }, false);
        helpers.setFieldError('code', 'complaint:complaint.server.code-unknown');
        return;
      case 'PAPER_SUBSCRIPTION_REQUIRED':
        setFailure({ kind: 'not-paper' });
        onStale();
        return;
      case 'SUBSCRIPTION_STATE_CONFLICT':
        setFailure({ kind: 'not-active' });
        onStale();
        return;
      case 'RATE_LIMITED':
        setFailure({ kind: 'rate-limited', retryAfter: problem.retryAfter, at: Date.now() });
        return;
      default:
        if (problem.fields.includes('comment')) {
          helpers.setFieldError('comment', MESSAGES.tooLong);
          return;
        }
        setFailure({ kind: 'failed' });
    }
  }

  const form = useFormik<ComplaintValues>({
    initialValues: EMPTY,
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: submit,
  });
  const shown = (name: keyof ComplaintValues) => {
    const message = form.submitCount > 0 ? form.errors[name] : undefined;
    return typeof message === 'string' ? errorText(message, labels[name]) : null;
  };
  const datesError = shown('dates');
  const codeError = shown('code');
  const commentError = shown('comment');

  function toggleDay(date: string, checked: boolean) {
    const chosen = new Set(form.values.dates);
    if (checked) chosen.add(date);
    else chosen.delete(date);
    // Most recent first, as the days are listed.
    const dates = overview.deliveryDays.map((d) => d.date).filter((d) => chosen.has(d));
    void form.setFieldValue('dates', dates);
  }

  return (
    <section aria-labelledby="complaint-form-heading">
      <StepHeading id="complaint-form-heading" focusOnMount={focusHeading}>
        {t('complaint.form.heading')}
      </StepHeading>
      <FormikProvider value={form}>
        <form noValidate onSubmit={form.handleSubmit} className="complaint-form">
          <ErrorSummary labels={labels} />
          <fieldset
            className="ds-fieldset"
            aria-describedby={`${descriptionId('dates')} ${errorId('dates')}`}
          >
            <legend className="ds-label">{t('complaint.form.dates-legend')}</legend>
            <p className="ds-paragraph" data-field="description" id={descriptionId('dates')}>
              {t('complaint.form.dates-hint', { days: overview.windowDays })}
              {startedInWindow
                ? ` ${t('complaint.form.started', { date: dayName(overview.startDate) })}`
                : null}
            </p>
            {open.length === 0 ? (
              <p className="ds-paragraph">
                {t('complaint.form.no-days', { days: overview.windowDays })}
              </p>
            ) : null}
            <div className="complaint-days">
              {overview.deliveryDays.map(({ date, alreadyFiled, deliveryStopped }) => {
                // The summary's link goes to the first day that can be chosen.
                const id = date === open[0]?.date ? DATES_FIELD_ID : dayInputId(date);
                const closed = alreadyFiled || deliveryStopped;
                const note = alreadyFiled
                  ? t('complaint.form.already-filed')
                  : deliveryStopped
                    ? t('complaint.form.delivery-stopped')
                    : null;
                return (
                  <div className="ds-field" key={date}>
                    <input
                      className="ds-input"
                      type="checkbox"
                      id={id}
                      name="dates"
                      value={date}
                      disabled={closed}
                      checked={!closed && form.values.dates.includes(date)}
                      onChange={(event) => toggleDay(date, event.target.checked)}
                      aria-invalid={datesError ? true : undefined}
                    />
                    <label className="ds-label" htmlFor={id}>
                      {dayName(date)}
                      {date === today ? ` (${t('complaint.form.today')})` : null}
                      {note ? <span className="complaint-day-note"> ({note})</span> : null}
                    </label>
                  </div>
                );
              })}
            </div>
            <div id={errorId('dates')} aria-live="polite" data-field="validation">
              {datesError ? <p className="ds-validation-message">{datesError}</p> : null}
            </div>
          </fieldset>

          <fieldset className="ds-fieldset complaint-codes" aria-describedby={errorId('code')}>
            <legend className="ds-label">{t('complaint.form.code-legend')}</legend>
            {codes.data ? (
              codes.data.complaintCodes.map(({ code, description }, index) => {
                const id = index === 0 ? CODE_FIELD_ID : codeInputId(code);
                return (
                  <div className="ds-field" key={code}>
                    <input
                      className="ds-input"
                      type="radio"
                      id={id}
                      name="code"
                      value={code}
                      checked={form.values.code === code}
                      onChange={() => void form.setFieldValue('code', code)}
                    />
                    <label className="ds-label" htmlFor={id}>
                      {codeText(code, description)}
                    </label>
                  </div>
                );
              })
            ) : codes.isError ? (
              <Notice color="danger" role="alert">
                <p>{t('complaint.form.codes-failed')}</p>
                <p>
                  <button
                    type="button"
                    className="ds-button"
                    data-variant="secondary"
                    onClick={() => void codes.refetch()}
                  >
                    {t('complaint.retry')}
                  </button>
                </p>
              </Notice>
            ) : (
              <Progress>{t('complaint.form.codes-loading')}</Progress>
            )}
            <div id={errorId('code')} aria-live="polite" data-field="validation">
              {codeError ? <p className="ds-validation-message">{codeError}</p> : null}
            </div>
          </fieldset>

          <div className="ds-field">
            <label className="ds-label" htmlFor={fieldId('comment')}>
              {labels.comment} <span className="form-optional">{t('common:form.optional')}</span>
            </label>
            <p className="ds-paragraph" data-field="description" id={descriptionId('comment')}>
              {t('complaint.form.comment-hint', {
                max: COMPLAINT_COMMENT_MAX,
                left: Math.max(0, COMPLAINT_COMMENT_MAX - form.values.comment.length),
              })}
            </p>
            <textarea
              className="ds-input"
              id={fieldId('comment')}
              name="comment"
              rows={3}
              maxLength={COMPLAINT_COMMENT_MAX}
              value={form.values.comment}
              onChange={form.handleChange}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={`${descriptionId('comment')} ${errorId('comment')}`}
            />
            <div id={errorId('comment')} aria-live="polite" data-field="validation">
              {commentError ? <p className="ds-validation-message">{commentError}</p> : null}
            </div>
          </div>

          {failure?.kind === 'rate-limited' ? (
            <RateLimitNotice
              color="danger"
              retryAfter={failure.retryAfter}
              at={failure.at}
              tabIndex={-1}
              ref={failureRef}
            />
          ) : failure ? (
            <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
              {t(`complaint.errors.${failure.kind}`)}
            </Notice>
          ) : null}
          <SubmitButton busyText={t('complaint.form.sending')} disabled={open.length === 0}>
            {t('complaint.form.submit')}
          </SubmitButton>
        </form>
      </FormikProvider>
    </section>
  );
}
