// /leveringsadresse (login and subscription): the address the paper is delivered to. Shows the
// stored address (getAccountProfile) in the shared delivery-address form and saves it with
// PUT account {ariaAccountNo, address}. requirements §5 messages per field; the place is filled in from
// the postal code and an unknown postal code is refused (the shared fields, usePostalPlace, and
// the server's 400 POSTAL_CODE_UNKNOWN); the server's field errors land on the fields; what the
// reader typed stays after any error. A digital-only subscription
// has no delivery address: the screen says so instead of showing the form.
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';

import type { AccountProfile } from '../../api/account';
import { useAccountProfile, useAccountSave } from '../../hooks/useAccountProfile';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { AccountProfileLoader } from '../../ui/AccountProfileLoader';
import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../ui/form/DeliveryAddressFields';
import {
  deliveryAddressCodeMessages,
  deliveryAddressSchema,
  deliveryAddressServerMessages,
  deliveryAddressValues,
  type DeliveryAddressValues,
  toDeliveryAddress,
} from '../../ui/form/deliveryAddressSchema';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { SaveOutcomeAlert } from '../../ui/SaveOutcomeAlert';
import { Screen } from '../../ui/Screen';

/** The stored address; without one, the account holder's name as the name on the address. */
function initialValues(profile: AccountProfile): DeliveryAddressValues {
  if (profile.address) return deliveryAddressValues(profile.address);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return { ...deliveryAddressValues(null), coName: name };
}

function AddressForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('delivery-address');
  const labels = useDeliveryAddressLabels();
  const { save, outcome } = useAccountSave({
    updateOf: (values: DeliveryAddressValues) => ({
      ariaAccountNo: profile.ariaAccountNo,
      address: toDeliveryAddress(values),
    }),
    savedValues: (update) => deliveryAddressValues(update.address),
    serverErrors: {
      fieldOf: (field) => (field.startsWith('address.') ? field.slice('address.'.length) : null),
      messages: deliveryAddressServerMessages,
      codeMessages: deliveryAddressCodeMessages,
    },
  });

  return (
    <Formik
      initialValues={initialValues(profile)}
      validationSchema={deliveryAddressSchema}
      onSubmit={save}
    >
      <Form noValidate className="form-stack">
        <SaveOutcomeAlert
          outcome={outcome}
          texts={{
            saved: t('delivery-address.saved'),
            invalid: t('delivery-address.save-invalid'),
            failed: t('delivery-address.save-failed'),
          }}
        />
        <ErrorSummary labels={labels} />
        {profile.address ? null : (
          <p className="ds-paragraph">{t('delivery-address.no-address')}</p>
        )}
        <DeliveryAddressFields />
        <SubmitButton busyText={t('delivery-address.saving')}>
          {t('delivery-address.save')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}

export default function DeliveryAddressScreen() {
  const { t } = useTranslation('delivery-address');
  const { subscription } = useAppSelector(selectSubscription);
  const paper = subscription?.planProductType === 'COMBO';
  // Only a paper subscription has an address to edit here: the profile is asked for then.
  const lookup = useAccountProfile({ skip: !paper });

  return (
    <Screen headingId="delivery-address-heading" heading={t('delivery-address.heading')}>
      {paper ? (
        <>
          <p className="ds-paragraph">{t('delivery-address.intro')}</p>
          <AccountProfileLoader
            profile={lookup}
            texts={{
              loading: t('delivery-address.loading'),
              loadFailed: t('delivery-address.load-failed'),
              retry: t('delivery-address.retry'),
            }}
          >
            {(profile) => <AddressForm profile={profile} />}
          </AccountProfileLoader>
        </>
      ) : (
        <Notice>
          {subscription
            ? t('delivery-address.not-paper', { plan: subscription.planName })
            : t('delivery-address.not-paper-without-plan')}
        </Notice>
      )}
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
