// Step 1 of /koble-bruker: search by e-mail or phone (POST search-account). The answer is the
// same whether or not anything matched, so this step always goes on to the code step; only a
// refused search (rate limit, bad input, no answer) stays here with its message.
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type SearchAccountApiArg, useSearchAccountMutation } from '../../api/account';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { callFailure } from '../../api/problem';
import {
  type ContactMethod,
  ContactMethodField,
  type ContactMethodValues,
  contactMethodSchema,
  contactRefusal,
  contactValueOf,
} from '../../ui/form/ContactMethodField';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { Notice } from '../../ui/Notice';
import { RateLimitNotice } from '../../ui/RateLimitNotice';

export type SearchMethod = ContactMethod;

/** A search the server accepted: what was searched for and the verification it started. */
export interface AcceptedSearch {
  readonly method: SearchMethod;
  /** The e-mail or phone as sent (trimmed; the phone without spaces). */
  readonly value: string;
  readonly verificationId: string;
  readonly expiresAt: string;
}

type SearchValues = ContactMethodValues;

const METHOD_ID_PREFIX = 'connect-method';

/**
 * The request of a search: the chosen identifier only, with the title, and a key of its own. The
 * key makes the send happen once: a browser that sends the same POST again by itself (it does when
 * a kept-alive connection closes before the answer) gets the same verification, no second SMS.
 */
export function searchRequest(
  method: SearchMethod,
  value: string,
  titleCode: string,
): SearchAccountApiArg {
  return {
    'Idempotency-Key': newIdempotencyKey(),
    searchAccountRequest:
      method === 'email' ? { email: value, titleCode } : { phone: value, titleCode },
  };
}

export const searchValueOf = contactValueOf;

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
      form.setFieldError(values.method, contactRefusal(values.method));
    } else setProblem({ kind: 'failed', at });
  }

  return (
    <Formik<SearchValues>
      initialValues={initialSearchValues(previous)}
      validationSchema={contactMethodSchema}
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
        <ContactMethodField
          idPrefix={METHOD_ID_PREFIX}
          legend={t('connect.search.method-legend')}
          methodLabels={{
            email: t('connect.search.method.email'),
            phone: t('connect.search.method.phone'),
          }}
          labels={labels}
          descriptions={{
            email: t('connect.search.description.email'),
            phone: t('connect.search.description.phone'),
          }}
        />
        <SubmitButton busyText={t('connect.search.sending')}>
          {t('connect.search.submit')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}
