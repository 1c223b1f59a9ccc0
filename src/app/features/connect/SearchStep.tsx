// Step 1 of /koble-bruker: search by e-mail or phone (POST search-account). The answer is the
// same whether or not anything matched, so this step always goes on to the code step; only a
// refused search (rate limit, bad input, no answer) stays here with its message.
import { Form, Formik, type FormikHelpers, useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mixed, object, string } from 'yup';

import { type SearchAccountApiArg, useSearchAccountMutation } from '../../api/account';
import { callFailure } from '../../api/problem';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import { emailAddress, MESSAGES, normalisePhoneInput, phoneNumber } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';

import { RateLimitNotice } from './RateLimitNotice';

import '../../ui/designsystemet-forms.css';

export type SearchMethod = 'email' | 'phone';

/** A search the server accepted: what was searched for and the verification it started. */
export interface AcceptedSearch {
  readonly method: SearchMethod;
  /** The e-mail or phone as sent (trimmed; the phone without spaces). */
  readonly value: string;
  readonly verificationId: string;
  readonly expiresAt: string;
}

interface SearchValues {
  readonly method: SearchMethod;
  readonly email: string;
  readonly phone: string;
}

const searchSchema = object({
  method: mixed<SearchMethod>().oneOf(['email', 'phone']).required(),
  email: string().when('method', { is: 'email', then: () => emailAddress() }),
  phone: string().when('method', { is: 'phone', then: () => phoneNumber() }),
});

const METHODS: readonly SearchMethod[] = ['email', 'phone'];

const INPUT_PROPS: Record<SearchMethod, Partial<TextFieldProps>> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

/** The request of a search: the chosen identifier only, with the title. */
export function searchRequest(
  method: SearchMethod,
  value: string,
  titleCode: string,
): SearchAccountApiArg {
  return {
    searchAccountRequest:
      method === 'email' ? { email: value, titleCode } : { phone: value, titleCode },
  };
}

export const searchValueOf = (method: SearchMethod, raw: string) =>
  method === 'phone' ? normalisePhoneInput(raw.trim()) : raw.trim();

function MethodChoice() {
  const { t } = useTranslation('connect');
  const { values, resetForm } = useFormikContext<SearchValues>();
  return (
    <fieldset className="ds-fieldset">
      <legend className="ds-label">{t('connect.search.method-legend')}</legend>
      {METHODS.map((method) => (
        <div className="ds-field" key={method}>
          <input
            type="radio"
            className="ds-input"
            id={`connect-method-${method}`}
            name="method"
            value={method}
            checked={values.method === method}
            // Another way to search starts afresh: no messages about the field just left.
            onChange={() => resetForm({ values: { ...values, method } })}
          />
          <label className="ds-label" htmlFor={`connect-method-${method}`}>
            {t(`connect.search.method.${method}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function SearchField() {
  const { t } = useTranslation('connect');
  const { values } = useFormikContext<SearchValues>();
  const method = values.method;
  return (
    <TextField
      key={method}
      {...INPUT_PROPS[method]}
      name={method}
      label={t(`connect.search.label.${method}`)}
      description={t(`connect.search.description.${method}`)}
    />
  );
}

/** Empty, or the last search when the reader came back to change it. */
function initialSearchValues(previous: AcceptedSearch | null): SearchValues {
  const method = previous?.method ?? 'email';
  return {
    method,
    email: method === 'email' ? (previous?.value ?? '') : '',
    phone: method === 'phone' ? (previous?.value ?? '') : '',
  };
}

export interface SearchStepProps {
  readonly titleCode: string;
  /** The last search, to start from when the reader comes back to change it. */
  readonly previous: AcceptedSearch | null;
  readonly onAccepted: (search: AcceptedSearch) => void;
}

export function SearchStep({ titleCode, previous, onAccepted }: SearchStepProps) {
  const { t } = useTranslation('connect');
  const [searchAccount] = useSearchAccountMutation();
  const [problem, setProblem] = useState<
    | { kind: 'rate-limited'; retryAfter: number | null; at: number }
    | { kind: 'failed'; at: number }
    | null
  >(null);
  const labels = {
    email: t('connect.search.label.email'),
    phone: t('connect.search.label.phone'),
  };

  async function search(values: SearchValues, form: FormikHelpers<SearchValues>) {
    setProblem(null);
    const value = searchValueOf(values.method, values[values.method]);
    const result = await searchAccount(searchRequest(values.method, value, titleCode));
    if (result.data) {
      onAccepted({
        method: values.method,
        value,
        verificationId: result.data.verificationId,
        expiresAt: result.data.expiresAt,
      });
      return;
    }
    const failure = callFailure(result.error);
    const at = Date.now();
    if (failure.status === 429)
      setProblem({ kind: 'rate-limited', retryAfter: failure.retryAfter, at });
    else if (failure.status === 400) {
      // The server checks the same rules: its objection belongs to the field.
      form.setFieldError(
        values.method,
        values.method === 'email' ? MESSAGES.email : MESSAGES.phone,
      );
    } else setProblem({ kind: 'failed', at });
  }

  return (
    <Formik<SearchValues>
      initialValues={initialSearchValues(previous)}
      validationSchema={searchSchema}
      onSubmit={search}
    >
      <Form noValidate className="form-stack">
        {problem?.kind === 'rate-limited' ? (
          <RateLimitNotice retryAfter={problem.retryAfter} at={problem.at} />
        ) : null}
        {problem?.kind === 'failed' ? (
          <Notice color="danger" role="alert">
            {t('connect.search.failed')}
          </Notice>
        ) : null}
        <ErrorSummary labels={labels} />
        <MethodChoice />
        <SearchField />
        <SubmitButton busyText={t('connect.search.sending')}>
          {t('connect.search.submit')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}
