// /kontakt (login and subscription): the account holder's contact details — first name, last
// name, phone and e-mail — as Min Side knows them (getAccountProfile: saved values, else the
// login's), edited with PUT account. What the identity provider owns (the name when it has one,
// the login e-mail) is shown with a link to change it there (ui/IdentityDetails); the rest is
// the shared contact form (ui/form/contactSchema.ts), which /endre-profil uses too. requirements §5
// messages, server field errors on the fields, and what the reader typed stays after any error.
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';

import type { AccountProfile } from '../../api/account';
import { useAccountProfile, useAccountSave } from '../../hooks/useAccountProfile';
import { AccountProfileLoader } from '../../ui/AccountProfileLoader';
import { ContactFields } from '../../ui/form/ContactFields';
import {
  type ContactField,
  contactSchema,
  contactServerMessages,
  contactUpdateOf,
  type ContactValues,
  contactValuesOf,
  contactValuesSaved,
  editableContactFields,
  isPhoneRequired,
} from '../../ui/form/contactSchema';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { HomeLink } from '../../ui/HomeLink';
import { IdentityDetails, identityFacts } from '../../ui/IdentityDetails';
import { SaveOutcomeAlert } from '../../ui/SaveOutcomeAlert';
import { Screen } from '../../ui/Screen';

function ContactForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('contact-details');
  const { save, outcome } = useAccountSave({
    updateOf: (values: ContactValues) => ({
      ariaAccountNo: profile.ariaAccountNo,
      ...contactUpdateOf(profile, values),
    }),
    savedValues: (update, values): ContactValues => contactValuesSaved(values, update),
    serverErrors: { messages: contactServerMessages },
  });

  const labels: Record<ContactField, string> = {
    firstName: t('contact-details.first-name'),
    lastName: t('contact-details.last-name'),
    phoneNumber: t('contact-details.phone'),
    email: t('contact-details.email'),
  };
  const facts = identityFacts(profile, {
    name: t('contact-details.name'),
    loginEmail: t('contact-details.login-email'),
  });

  return (
    <>
      {facts.length > 0 ? (
        <IdentityDetails
          id="contact-details-identity"
          heading={t('contact-details.identity-heading')}
          intro={t('contact-details.identity-intro')}
          facts={facts}
          accountUrl={profile.identity.accountUrl}
          linkText={t('contact-details.identity-link')}
          noLinkText={t('contact-details.identity-no-link')}
        />
      ) : null}
      <Formik
        initialValues={contactValuesOf(profile)}
        validationSchema={contactSchema(profile)}
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
          <ContactFields
            fields={editableContactFields(profile)}
            labels={labels}
            phoneOptional={!isPhoneRequired(profile)}
            descriptions={{
              phoneNumber: t('contact-details.phone-description'),
              email: t('contact-details.email-description'),
            }}
          />
          <SubmitButton busyText={t('contact-details.saving')}>
            {t('contact-details.save')}
          </SubmitButton>
        </Form>
      </Formik>
    </>
  );
}

export default function ContactDetailsScreen() {
  const { t } = useTranslation('contact-details');
  const lookup = useAccountProfile();
  return (
    <Screen headingId="contact-details-heading" heading={t('contact-details.heading')}>
      <p className="ds-paragraph">{t('contact-details.intro')}</p>
      <AccountProfileLoader
        profile={lookup}
        texts={{
          loading: t('contact-details.loading'),
          loadFailed: t('contact-details.load-failed'),
          retry: t('contact-details.retry'),
        }}
      >
        {(profile) => <ContactForm profile={profile} />}
      </AccountProfileLoader>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
