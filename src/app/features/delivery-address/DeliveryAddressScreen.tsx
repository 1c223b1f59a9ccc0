// /leveringsadresse (login and subscription): the address the paper is delivered to. Shows the
// stored address (getAccountProfile) in the shared delivery-address form and saves it with
// PUT account {ariaAccountNo, address}. Spec §5 messages per field; the server's field errors
// land on the fields; what the reader typed stays after any error. A digital-only subscription
// has no delivery address: the screen says so instead of showing the form.
import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  type AccountProfile,
  useGetAccountProfileQuery,
  useModifyAccountMutation,
} from '../../api/account';
import { DeliveryAddressFields, useDeliveryAddressLabels } from '../../forms/DeliveryAddressFields';
import {
  deliveryAddressSchema,
  deliveryAddressServerMessages,
  deliveryAddressValues,
  type DeliveryAddressValues,
  toDeliveryAddress,
} from '../../forms/deliveryAddressSchema';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { flattenErrors, serverFieldErrors } from '../../forms/fieldErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { selectAccount } from '../../session/accountSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';

type Outcome = 'saved' | 'failed' | 'invalid' | null;

/** Moves the focus to an announcement when it appears, so the reader hears the outcome. */
function useFocusOn<T extends HTMLElement>(trigger: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (trigger) ref.current?.focus();
  }, [trigger]);
  return ref;
}

/** The stored address; without one, the account holder's name as the name on the address. */
function initialValues(profile: AccountProfile): DeliveryAddressValues {
  if (profile.address) return deliveryAddressValues(profile.address);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return { ...deliveryAddressValues(null), coName: name };
}

function AddressForm({ profile }: { readonly profile: AccountProfile }) {
  const { t } = useTranslation('delivery-address');
  const labels = useDeliveryAddressLabels();
  const [modifyAccount] = useModifyAccountMutation();
  const [outcome, setOutcome] = useState<{ kind: Outcome; at: number }>({ kind: null, at: 0 });
  const outcomeRef = useFocusOn<HTMLDivElement>(outcome.kind ? outcome.at : 0);

  async function save(values: DeliveryAddressValues, form: FormikHelpers<DeliveryAddressValues>) {
    setOutcome({ kind: null, at: 0 });
    const address = toDeliveryAddress(values);
    const result = await modifyAccount({
      accountUpdate: { ariaAccountNo: profile.ariaAccountNo, address },
    });
    if ('data' in result) {
      form.resetForm({ values: deliveryAddressValues(address) });
      setOutcome({ kind: 'saved', at: Date.now() });
      return;
    }
    const fieldErrors = serverFieldErrors(result.error, values, {
      fieldOf: (field) => (field.startsWith('address.') ? field.slice('address.'.length) : null),
      messages: deliveryAddressServerMessages,
    });
    if (flattenErrors(fieldErrors).length > 0) {
      // The fields show the server's objections; the error summary takes the focus.
      form.setErrors(fieldErrors);
      return;
    }
    const status = (result.error as { status?: unknown }).status;
    setOutcome({ kind: status === 400 ? 'invalid' : 'failed', at: Date.now() });
  }

  return (
    <Formik
      initialValues={initialValues(profile)}
      validationSchema={deliveryAddressSchema}
      onSubmit={save}
    >
      <Form noValidate className="form-stack">
        {outcome.kind === 'saved' ? (
          <div className="ds-alert" data-color="success" tabIndex={-1} ref={outcomeRef}>
            <p>{t('delivery-address.saved')}</p>
          </div>
        ) : null}
        {outcome.kind === 'failed' || outcome.kind === 'invalid' ? (
          <div className="ds-alert" data-color="danger" role="alert" tabIndex={-1} ref={outcomeRef}>
            <p>
              {t(
                outcome.kind === 'invalid'
                  ? 'delivery-address.save-invalid'
                  : 'delivery-address.save-failed',
              )}
            </p>
          </div>
        ) : null}
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
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const paper = subscription?.planProductType === 'COMBO';
  const profile = useGetAccountProfileQuery({ id: accountNo }, { skip: !accountNo || !paper });

  let body;
  if (!paper) {
    body = (
      <div className="ds-alert" data-color="info">
        <p>
          {subscription
            ? t('delivery-address.not-paper', { plan: subscription.planName })
            : t('delivery-address.not-paper-without-plan')}
        </p>
      </div>
    );
  } else if (profile.data) {
    body = <AddressForm key={profile.data.ariaAccountNo} profile={profile.data} />;
  } else if (profile.isError || !accountNo) {
    body = (
      <div className="ds-alert" data-color="danger" role="alert">
        <p>{t('delivery-address.load-failed')}</p>
        {accountNo ? (
          <button type="button" className="ds-button" onClick={() => void profile.refetch()}>
            {t('delivery-address.retry')}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <p className="ds-paragraph" role="status">
        {t('delivery-address.loading')}
      </p>
    );
  }

  return (
    <section aria-labelledby="delivery-address-heading" className="screen">
      <h1 id="delivery-address-heading" className="ds-heading" data-size="lg">
        {t('delivery-address.heading')}
      </h1>
      {paper ? <p className="ds-paragraph">{t('delivery-address.intro')}</p> : null}
      {body}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('delivery-address.back')}
        </Link>
      </p>
    </section>
  );
}
