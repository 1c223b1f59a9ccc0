// The owner's invitation form on /familiedeling: by e-mail or by SMS (a choice of two radios),
// the one field for it checked by the rules the server applies too (spec §5 messages), then POST
// family-sharing/{titleCode}/invitations. An address invited already or the owner's own land on
// the field; a full family, a plan without family sharing, the day's limit (with the wait) and
// anything else are said above the button by the section (onResult), and nothing typed is lost.
import { Form, Formik, type FormikHelpers, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { mixed, object, string } from 'yup';

import { type FamilyInvitation, useInviteFamilyMemberMutation } from '../../api/family';
import { callFailure } from '../../api/problem';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../ui/form/TextField';
import {
  emailAddress,
  MESSAGES,
  normalisePhoneInput,
  phoneNumber,
  prefetchPhoneRule,
} from '../../ui/form/validation';

import { announcement, type AnnouncementValue } from './Announcement';
import { OWNER_REFUSALS, useWaitText, waitUntil } from './familyWords';

import '../../ui/designsystemet-forms.css';

type Method = 'email' | 'phone';

interface InviteValues {
  readonly method: Method;
  readonly email: string;
  readonly phone: string;
}

const METHODS: readonly Method[] = ['email', 'phone'];

const EMPTY: InviteValues = { method: 'email', email: '', phone: '' };

const schema = object({
  method: mixed<Method>().oneOf(['email', 'phone']).required(),
  email: string().when('method', { is: 'email', then: () => emailAddress() }),
  phone: string().when('method', { is: 'phone', then: () => phoneNumber() }),
});

const INPUT_PROPS: Record<Method, Partial<TextFieldProps>> = {
  email: { type: 'email', autoComplete: 'off', spellCheck: false },
  phone: { type: 'tel', autoComplete: 'off', onFocus: prefetchPhoneRule },
};

/** Refusals that belong to the field typed in, as field messages ("<namespace>:<key>"). */
const FIELD_REFUSALS: Readonly<Record<string, string>> = {
  FAMILY_ALREADY_INVITED: 'family-sharing:family-sharing.invite.already-invited',
  FAMILY_INVITE_SELF: 'family-sharing:family-sharing.invite.self',
};

function MethodChoice() {
  const { t } = useTranslation('family-sharing');
  const { values, resetForm } = useFormikContext<InviteValues>();
  return (
    <fieldset className="ds-fieldset">
      <legend className="ds-label">{t('family-sharing.invite.method-legend')}</legend>
      {METHODS.map((method) => (
        <div className="ds-field family-radio" key={method}>
          <input
            type="radio"
            className="ds-input"
            id={`family-invite-method-${method}`}
            name="method"
            value={method}
            checked={values.method === method}
            // The other way starts afresh: no messages about the field just left.
            onChange={() => resetForm({ values: { ...values, method } })}
          />
          <label className="ds-label" htmlFor={`family-invite-method-${method}`}>
            {t(`family-sharing.invite.method.${method}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function RecipientField() {
  const { t } = useTranslation('family-sharing');
  const { values } = useFormikContext<InviteValues>();
  const method = values.method;
  return (
    <TextField
      key={method}
      {...INPUT_PROPS[method]}
      name={method}
      label={t(`family-sharing.invite.label.${method}`)}
      description={t(`family-sharing.invite.description.${method}`)}
    />
  );
}

export interface InviteFormProps {
  readonly titleCode: string;
  /** Sent: the invitation as the server answered it. */
  readonly onSent: (invitation: FamilyInvitation) => void;
  /** A refusal or failure the section says above the form. */
  readonly onResult: (result: AnnouncementValue | null) => void;
}

export function InviteForm({ titleCode, onSent, onResult }: InviteFormProps) {
  const { t } = useTranslation('family-sharing');
  const waitText = useWaitText();
  const [invite] = useInviteFamilyMemberMutation();
  const labels = {
    email: t('family-sharing.invite.label.email'),
    phone: t('family-sharing.invite.label.phone'),
  };

  async function send(values: InviteValues, form: FormikHelpers<InviteValues>) {
    onResult(null);
    const field = values.method;
    const value =
      field === 'phone' ? normalisePhoneInput(values.phone.trim()) : values.email.trim();
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
      form.setFieldError(field, field === 'email' ? MESSAGES.email : MESSAGES.phone);
      return;
    }
    if (failure.status === 429) {
      onResult(
        announcement(
          'warning',
          t('family-sharing.invite.rate-limited', {
            wait: waitText(waitUntil(failure.retryAfter)),
          }),
        ),
      );
      return;
    }
    const refusal = failure.code ? OWNER_REFUSALS[failure.code] : undefined;
    onResult(announcement('danger', t(refusal ?? 'family-sharing.invite.failed')));
  }

  return (
    <Formik<InviteValues> initialValues={EMPTY} validationSchema={schema} onSubmit={send}>
      <Form noValidate className="form-stack">
        <ErrorSummary labels={labels} />
        <MethodChoice />
        <RecipientField />
        <SubmitButton busyText={t('family-sharing.invite.sending')}>
          {t('family-sharing.invite.submit')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}
