// /kontakt (login and subscription): the account holder's contact details — first name, last
// name, phone and e-mail — as Min Side knows them (getAccountProfile: saved values, else the
// login's), edited with PUT account. Spec §5 messages, server field errors on the fields, and
// what the reader typed stays after any error.
import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { object } from 'yup';

import {
  type AccountProfile,
  type AccountUpdate,
  useGetAccountProfileQuery,
  useModifyAccountMutation,
} from '../../api/account';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { flattenErrors, serverFieldErrors } from '../../forms/fieldErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { TextField, type TextFieldProps } from '../../forms/TextField';
import {
  emailAddress,
  MESSAGES,
  normalisePhoneInput,
  optionalText,
  phoneNumber,
  requiredText,
} from '../../forms/validation';
import { selectAccount } from '../../session/accountSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';

interface ContactValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNumber: string;
  readonly email: string;
}

type ContactField = keyof ContactValues;

const FIELDS: readonly ContactField[] = ['firstName', 'lastName', 'phoneNumber', 'email'];

const INPUT_PROPS: Record<ContactField, Partial<TextFieldProps>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/** The server's objections per field, in the words of spec §5. */
const SERVER_MESSAGES: Record<ContactField, string> = {
  firstName: MESSAGES.invalid,
  lastName: MESSAGES.invalid,
  phoneNumber: MESSAGES.phone,
  email: MESSAGES.email,
};

/**
 * A saved phone number cannot be removed (PUT account changes only the fields sent), so once
 * there is one it is required; without one it may stay empty.
 */
const contactSchema = (phoneRequired: boolean) =>
  object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    phoneNumber: phoneRequired
      ? phoneNumber()
      : optionalText(20).test(
          'phone',
          MESSAGES.phone,
          (value) => !value || phoneNumber().isValidSync(value),
        ),
    email: emailAddress(),
  });

const valuesOf = (profile: AccountProfile): ContactValues => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  phoneNumber: profile.phoneNumber ?? '',
  email: profile.email ?? '',
});

/** The update of valid form values: trimmed, the phone as digits (with its '+'). */
function updateOf(ariaAccountNo: string, values: ContactValues): AccountUpdate {
  const phone = normalisePhoneInput(values.phoneNumber.trim());
  return {
    ariaAccountNo,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(phone ? { phoneNumber: phone } : {}),
    email: values.email.trim(),
  };
}

type Outcome = { readonly kind: 'saved' | 'failed' | 'invalid'; readonly at: number } | null;

function ContactForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('contact-details');
  const [modifyAccount] = useModifyAccountMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const labels: Record<ContactField, string> = {
    firstName: t('contact-details.first-name'),
    lastName: t('contact-details.last-name'),
    phoneNumber: t('contact-details.phone'),
    email: t('contact-details.email'),
  };
  const phoneRequired = !!profile.phoneNumber;

  async function save(values: ContactValues, form: FormikHelpers<ContactValues>) {
    setOutcome(null);
    const update = updateOf(profile.ariaAccountNo, values);
    const result = await modifyAccount({ accountUpdate: update });
    if ('data' in result) {
      form.resetForm({
        values: {
          firstName: update.firstName ?? '',
          lastName: update.lastName ?? '',
          phoneNumber: update.phoneNumber ?? '',
          email: update.email ?? '',
        },
      });
      setOutcome({ kind: 'saved', at: Date.now() });
      return;
    }
    const fieldErrors = serverFieldErrors(result.error, values, { messages: SERVER_MESSAGES });
    if (flattenErrors(fieldErrors).length > 0) {
      form.setErrors(fieldErrors);
      return;
    }
    const status = (result.error as { status?: unknown }).status;
    setOutcome({ kind: status === 400 ? 'invalid' : 'failed', at: Date.now() });
  }

  return (
    <Formik
      initialValues={valuesOf(profile)}
      validationSchema={contactSchema(phoneRequired)}
      onSubmit={save}
    >
      <Form noValidate className="form-stack">
        {outcome?.kind === 'saved' ? (
          <div className="ds-alert" data-color="success" tabIndex={-1} ref={outcomeRef}>
            <p>{t('contact-details.saved')}</p>
          </div>
        ) : null}
        {outcome && outcome.kind !== 'saved' ? (
          <div className="ds-alert" data-color="danger" role="alert" tabIndex={-1} ref={outcomeRef}>
            <p>
              {t(
                outcome.kind === 'invalid'
                  ? 'contact-details.save-invalid'
                  : 'contact-details.save-failed',
              )}
            </p>
          </div>
        ) : null}
        <ErrorSummary labels={labels} />
        {FIELDS.map((field) => (
          <TextField
            key={field}
            {...INPUT_PROPS[field]}
            name={field}
            label={labels[field]}
            optional={field === 'phoneNumber' && !phoneRequired}
            description={
              field === 'phoneNumber' ? t('contact-details.phone-description') : undefined
            }
          />
        ))}
        <SubmitButton busyText={t('contact-details.saving')}>
          {t('contact-details.save')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}

export default function ContactDetailsScreen() {
  const { t } = useTranslation('contact-details');
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const profile = useGetAccountProfileQuery({ id: accountNo }, { skip: !accountNo });

  let body;
  if (profile.data) {
    body = <ContactForm key={profile.data.ariaAccountNo} profile={profile.data} />;
  } else if (profile.isError || !accountNo) {
    body = (
      <div className="ds-alert" data-color="danger" role="alert">
        <p>{t('contact-details.load-failed')}</p>
        {accountNo ? (
          <button type="button" className="ds-button" onClick={() => void profile.refetch()}>
            {t('contact-details.retry')}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <p className="ds-paragraph" role="status">
        {t('contact-details.loading')}
      </p>
    );
  }

  return (
    <section aria-labelledby="contact-details-heading" className="screen">
      <h1 id="contact-details-heading" className="ds-heading" data-size="lg">
        {t('contact-details.heading')}
      </h1>
      <p className="ds-paragraph">{t('contact-details.intro')}</p>
      {body}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('contact-details.back')}
        </Link>
      </p>
    </section>
  );
}
