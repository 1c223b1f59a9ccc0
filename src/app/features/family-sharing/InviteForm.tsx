// The owner's invitation form on /familiedeling: by e-mail or by SMS (a choice of two radios),
// the one field for it checked by the rules the server applies too (requirements §5 messages), then POST
// family-sharing/{titleCode}/invitations. An address invited already or the owner's own land on
// the field; a full family, a plan without family sharing, the day's limit (with the wait) and
// anything else are said above the button by the section (onResult), and nothing typed is lost.
import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';

import { type FamilyInvitation, useInviteFamilyMemberMutation } from '../../api/family';
import { callFailure } from '../../api/problem';
import {
  ContactMethodField,
  type ContactMethodValues,
  contactMethodSchema,
  contactRefusal,
  contactValueOf,
} from '../../ui/form/ContactMethodField';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useRateLimitText } from '../../ui/RateLimitNotice';

import { announcement, type AnnouncementValue } from './Announcement';
import { OWNER_REFUSALS } from './familyWords';

const EMPTY: ContactMethodValues = { method: 'email', email: '', phone: '' };

const METHOD_ID_PREFIX = 'family-invite-method';
const RADIO_CLASS = 'family-radio';
/** The contact is the invitee's, not the reader's own. */
const INVITEE = 'other';

/** Refusals that belong to the field typed in, as field messages ("<namespace>:<key>"). */
const FIELD_REFUSALS: Readonly<Record<string, string>> = {
  FAMILY_ALREADY_INVITED: 'family-sharing:family-sharing.invite.already-invited',
  FAMILY_INVITE_SELF: 'family-sharing:family-sharing.invite.self',
};

export interface InviteFormProps {
  readonly titleCode: string;
  /** Sent: the invitation as the server answered it. */
  readonly onSent: (invitation: FamilyInvitation) => void;
  /** A refusal or failure the section says above the form. */
  readonly onResult: (result: AnnouncementValue | null) => void;
}

export function InviteForm({ titleCode, onSent, onResult }: InviteFormProps) {
  const { t } = useTranslation('family-sharing');
  const rateLimitText = useRateLimitText();
  const [invite] = useInviteFamilyMemberMutation();
  const labels = {
    email: t('family-sharing.invite.label.email'),
    phone: t('family-sharing.invite.label.phone'),
  };

  async function send(values: ContactMethodValues, form: FormikHelpers<ContactMethodValues>) {
    onResult(null);
    const field = values.method;
    const value = contactValueOf(field, values[field]);
    const result = await invite({
      titleCode,
      familyInvitationRequest: field === 'phone' ? { phone: value } : { email: value },
    });
    if ('data' in result && result.data) {
      onSent(result.data);
      form.resetForm({ values: { method: field, email: '', phone: '' } });
      return;
    }
    const failure = callFailure(result.error);
    const onField = failure.code ? FIELD_REFUSALS[failure.code] : undefined;
    if (onField) {
      form.setFieldError(field, onField);
      return;
    }
    if (failure.status === 400) {
      // The server checks the same rules: its objection belongs to the field.
      form.setFieldError(field, contactRefusal(field));
      return;
    }
    if (failure.status === 429) {
      onResult(announcement('warning', rateLimitText(failure.retryAfter, Date.now())));
      return;
    }
    const refusal = failure.code ? OWNER_REFUSALS[failure.code] : undefined;
    onResult(announcement('danger', t(refusal ?? 'family-sharing.invite.failed')));
  }

  return (
    <Formik<ContactMethodValues>
      initialValues={EMPTY}
      validationSchema={contactMethodSchema}
      onSubmit={send}
    >
      <Form noValidate className="form-stack">
        <ErrorSummary labels={labels} />
        <ContactMethodField
          idPrefix={METHOD_ID_PREFIX}
          legend={t('family-sharing.invite.method-legend')}
          methodLabels={{
            email: t('family-sharing.invite.method.email'),
            phone: t('family-sharing.invite.method.phone'),
          }}
          labels={labels}
          descriptions={{
            email: t('family-sharing.invite.description.email'),
            phone: t('family-sharing.invite.description.phone'),
          }}
          whose={INVITEE}
          optionClassName={RADIO_CLASS}
        />
        <SubmitButton busyText={t('family-sharing.invite.sending')}>
          {t('family-sharing.invite.submit')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}
