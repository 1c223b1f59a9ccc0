// /endre-profil (login and subscription): the reader's profile — first and last name, phone,
// e-mail and birth date (requirements §3 User). What the identity provider owns (the login e-mail, and
// the name and birth date when it has them) is shown with a link to change it there; the rest is
// edited here with PUT account: the contact fields of /kontakt (ui/form/contactSchema.ts: the
// phone by the server's own rule, stored in E.164) and the birth date, which is given once when
// nobody knows it (it then decides the age rules) and is read-only afterwards. requirements §5 messages;
// the server's field errors land on the fields; what the reader typed stays after any error.
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { string } from 'yup';

import { birthDateTextProblem, parseBirthDate } from '../../../shared/subscription/birth-date';
import { osloDateOf } from '../../../shared/time/oslo';
import type { AccountProfile, AccountUpdate } from '../../api/account';
import { useAccountProfile, useAccountSave } from '../../hooks/useAccountProfile';
import { useLongDate } from '../../hooks/useLongDate';
import { AccountProfileLoader } from '../../ui/AccountProfileLoader';
import { Facts } from '../../ui/Facts';
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
import { TextField } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { HomeLink } from '../../ui/HomeLink';
import { IdentityDetails, identityFacts } from '../../ui/IdentityDetails';
import { SaveOutcomeAlert } from '../../ui/SaveOutcomeAlert';
import { Screen } from '../../ui/Screen';

import './profile.css';

/** This screen's messages, for the form fields that translate them in `common`. */
const BIRTH_DATE_INVALID = 'profile:profile.birth-date.invalid';
const BIRTH_DATE_FUTURE = 'profile:profile.birth-date.future';
const BIRTH_DATE_NO_SUCH_DATE = 'profile:profile.birth-date.no-such-date';
const BIRTH_DATE_ALREADY_SET = 'profile:profile.birth-date.already-set';

const BIRTH_DATE = 'birthDate';
const BIRTH_DATE_INPUT = { autoComplete: 'bday', inputMode: 'numeric' } as const;

interface ProfileValues extends ContactValues {
  /** As typed (17.05.1990); empty when not given. */
  readonly birthDate: string;
}

type ProfileField = ContactField | 'birthDate';

/** An optional birth date: a real date, not in the future, not before 1900 (the server's rule). */
const birthDateRule = () =>
  string()
    .trim()
    .test('birth-date', BIRTH_DATE_INVALID, function check(value) {
      if (!value) return true;
      const problem = birthDateTextProblem(value, osloDateOf(new Date()));
      if (problem === 'future') return this.createError({ message: BIRTH_DATE_FUTURE });
      if (problem === 'no-such-date') return this.createError({ message: BIRTH_DATE_NO_SUCH_DATE });
      return problem === null;
    });

/** Nobody knows the reader's birth date yet: it may be given here, once. */
const birthDateOpen = (profile: AccountProfile) => profile.birthDate === null;

function updateOf(profile: AccountProfile, values: ProfileValues): AccountUpdate {
  const birthDate = birthDateOpen(profile) ? parseBirthDate(values.birthDate) : null;
  return {
    ariaAccountNo: profile.ariaAccountNo,
    ...contactUpdateOf(profile, values),
    ...(birthDate ? { birthDate } : {}),
  };
}

function ProfileForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('profile');
  const longDate = useLongDate();
  const { save, outcome } = useAccountSave({
    updateOf: (values: ProfileValues) => updateOf(profile, values),
    savedValues: (update, values): ProfileValues => ({
      ...contactValuesSaved(values, update),
      birthDate: values.birthDate,
    }),
    serverErrors: {
      messages: { ...contactServerMessages, birthDate: BIRTH_DATE_INVALID },
      codeMessages: { PHONE_INVALID: MESSAGES.phone, BIRTH_DATE_ALREADY_SET },
    },
  });

  const labels: Record<ProfileField, string> = {
    firstName: t('profile.first-name'),
    lastName: t('profile.last-name'),
    phoneNumber: t('profile.phone'),
    email: t('profile.email'),
    birthDate: t('profile.birth-date.label'),
  };
  const facts = identityFacts(
    profile,
    { name: t('profile.name'), birthDate: labels.birthDate, loginEmail: t('profile.login-email') },
    longDate,
  );
  const open = birthDateOpen(profile);
  const birthDateOwned = profile.identity.ownedFields.includes('birthDate');
  const birthDateGiven = !open && !birthDateOwned;
  const schema = contactSchema(profile).shape({ birthDate: open ? birthDateRule() : string() });

  return (
    <>
      <IdentityDetails
        id="profile-identity"
        heading={t('profile.identity.heading')}
        intro={t('profile.identity.intro')}
        facts={facts}
        accountUrl={profile.identity.accountUrl}
        linkText={t('profile.identity.link')}
        noLinkText={t('profile.identity.no-link')}
      />
      <section aria-labelledby="profile-form-heading" className="profile-own">
        <h2 id="profile-form-heading" className="ds-heading" data-size="xs">
          {birthDateOwned ? t('profile.form-heading') : t('profile.form-heading-with-birth-date')}
        </h2>
        <Formik<ProfileValues>
          initialValues={{ ...contactValuesOf(profile), birthDate: '' }}
          validationSchema={schema}
          onSubmit={save}
        >
          <Form noValidate className="form-stack">
            <SaveOutcomeAlert
              outcome={outcome}
              texts={{
                saved: t('profile.saved'),
                invalid: t('profile.save-invalid'),
                failed: t('profile.save-failed'),
              }}
            />
            <ErrorSummary labels={labels} />
            <ContactFields
              fields={editableContactFields(profile)}
              labels={labels}
              phoneOptional={!isPhoneRequired(profile)}
              descriptions={{
                phoneNumber: t('profile.phone-description'),
                email: t('profile.email-description'),
              }}
            />
            {open ? (
              <TextField
                {...BIRTH_DATE_INPUT}
                name={BIRTH_DATE}
                label={labels.birthDate}
                optional
                description={t('profile.birth-date.description')}
              />
            ) : null}
            {birthDateGiven ? (
              <div className="profile-fixed">
                <Facts
                  facts={[
                    {
                      key: BIRTH_DATE,
                      label: labels.birthDate,
                      value: longDate(profile.birthDate!),
                    },
                  ]}
                />
                <p className="ds-paragraph" data-size="sm">
                  {t('profile.birth-date.given')}{' '}
                  <Link className="ds-link" to="/kundeservice">
                    {t('profile.birth-date.customer-service')}
                  </Link>
                </p>
              </div>
            ) : null}
            <SubmitButton busyText={t('profile.saving')}>{t('profile.save')}</SubmitButton>
          </Form>
        </Formik>
      </section>
    </>
  );
}

export default function ProfileScreen() {
  const { t } = useTranslation('profile');
  const lookup = useAccountProfile();
  return (
    <Screen headingId="profile-heading" className="profile" heading={t('profile.heading')}>
      <p className="ds-paragraph">{t('profile.intro')}</p>
      <AccountProfileLoader
        profile={lookup}
        texts={{
          loading: t('profile.loading'),
          loadFailed: t('profile.load-failed'),
          retry: t('profile.retry'),
        }}
      >
        {(profile) => <ProfileForm profile={profile} />}
      </AccountProfileLoader>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
