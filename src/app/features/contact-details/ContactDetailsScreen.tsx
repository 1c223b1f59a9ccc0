// /kontakt (login and subscription): the account holder's contact details — first name, last
// name, phone and e-mail — as Min Side knows them (getAccountProfile: saved values, else the
// login's), edited with PUT account. Spec §5 messages, server field errors on the fields, and
// what the reader typed stays after any error.
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { object } from 'yup';

import type { AccountProfile, AccountUpdate } from '../../api/account';
import {
  AccountProfileLoader,
  SaveOutcomeAlert,
  useAccountSave,
} from '../../hooks/AccountProfileForm';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import {
  emailAddress,
  MESSAGES,
  normalisePhoneInput,
  optionalText,
  phoneNumber,
  requiredText,
} from '../../ui/form/validation';

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

function ContactForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('contact-details');
  const { save, outcome } = useAccountSave({
    updateOf: (values: ContactValues) => updateOf(profile.ariaAccountNo, values),
    savedValues: (update): ContactValues => ({
      firstName: update.firstName ?? '',
      lastName: update.lastName ?? '',
      phoneNumber: update.phoneNumber ?? '',
      email: update.email ?? '',
    }),
    serverErrors: { messages: SERVER_MESSAGES },
  });

  const labels: Record<ContactField, string> = {
    firstName: t('contact-details.first-name'),
    lastName: t('contact-details.last-name'),
    phoneNumber: t('contact-details.phone'),
    email: t('contact-details.email'),
  };
  const phoneRequired = !!profile.phoneNumber;

  return (
    <Formik
      initialValues={valuesOf(profile)}
      validationSchema={contactSchema(phoneRequired)}
      onSubmit={save}
    >
      <Form noValidate className="form-stack">
        <SaveOutcomeAlert
          outcome={outcome}
          texts={{
            saved: t('contact-details.saved'),
            invalid: t('contact-details.save-invalid'),
            failed: t('contact-details.save-failed'),
          }}
        />
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
  return (
    <section aria-labelledby="contact-details-heading" className="screen">
      <h1 id="contact-details-heading" className="ds-heading" data-size="lg">
        {t('contact-details.heading')}
      </h1>
      <p className="ds-paragraph">{t('contact-details.intro')}</p>
      <AccountProfileLoader
        texts={{
          loading: t('contact-details.loading'),
          loadFailed: t('contact-details.load-failed'),
          retry: t('contact-details.retry'),
        }}
      >
        {(profile) => <ContactForm profile={profile} />}
      </AccountProfileLoader>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('contact-details.back')}
        </Link>
      </p>
    </section>
  );
}
