// The birth date, given once: when neither the identity provider nor the profile knows it, the
// order screen asks for it before anything is priced and saves it on the profile (PUT account).
// The server then uses it for every age rule (18 or over to buy, the youth plan under 34); it
// cannot be changed here afterwards (customer service can). After saving, the session is read
// again so the rest of the screen sees the date.
import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { birthDateTextProblem, parseBirthDate } from '../../../shared/subscription/birth-date';
import { isBelowPurchaseAge } from '../../../shared/subscription/eligibility';
import { osloDateOf } from '../../../shared/time/oslo';
import { useModifyAccountMutation } from '../../api/account';
import { identityEndpoints } from '../../api/identity';
import { callFailure } from '../../api/problem';
import { useAppDispatch } from '../../store/hooks';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';

/** Messages of this feature, for the form fields that translate them in `common`. */
const BIRTH_DATE_INVALID = 'purchase:purchase.order.birth-date-invalid';
const BIRTH_DATE_FUTURE = 'purchase:purchase.order.birth-date-future';
const BIRTH_DATE_NO_SUCH_DATE = 'purchase:purchase.order.birth-date-no-such-date';
const AGE_BELOW_MINIMUM = 'purchase:purchase.problems.age-below-minimum';

const FIELD = 'birthDate';
const HEADING_ID = 'birth-date-heading';
const BIRTH_DATE_INPUT = { autoComplete: 'bday', inputMode: 'numeric' } as const;

interface Values {
  readonly birthDate: string;
}

export function BirthDateStep({
  ariaAccountNo,
  minimumAge,
}: {
  readonly ariaAccountNo: string;
  readonly minimumAge: number;
}) {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const [modifyAccount] = useModifyAccountMutation();
  const [failed, setFailed] = useState(false);

  const validate = (values: Values): FormikErrors<Values> => {
    const text = values.birthDate.trim();
    if (!text) return { birthDate: MESSAGES.required };
    const iso = parseBirthDate(text);
    const today = osloDateOf(new Date());
    const problem = birthDateTextProblem(text, today);
    if (problem === 'future') return { birthDate: BIRTH_DATE_FUTURE };
    if (problem === 'no-such-date') return { birthDate: BIRTH_DATE_NO_SUCH_DATE };
    if (problem || !iso) return { birthDate: BIRTH_DATE_INVALID };
    if (isBelowPurchaseAge(iso, today, minimumAge)) return { birthDate: AGE_BELOW_MINIMUM };
    return {};
  };

  const reloadSession = () =>
    dispatch(
      identityEndpoints.endpoints.getSession.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setFailed(false);
    const birthDate = parseBirthDate(values.birthDate)!;
    const result = await modifyAccount({ accountUpdate: { ariaAccountNo, birthDate } });
    const failure = result.error ? callFailure(result.error) : null;
    // Saved, or saved meanwhile (another tab): either way the session now knows it.
    if (!failure || failure.code === 'BIRTH_DATE_ALREADY_SET') {
      await reloadSession();
      return;
    }
    if (failure.code === 'BIRTH_DATE_INVALID' || failure.code === 'VALIDATION_FAILED')
      helpers.setErrors({ birthDate: BIRTH_DATE_INVALID });
    else setFailed(true);
  };

  return (
    <Formik<Values> initialValues={{ birthDate: '' }} validate={validate} onSubmit={submit}>
      <Form className="purchase-form" noValidate aria-labelledby={HEADING_ID}>
        <h2 id={HEADING_ID} className="ds-heading" data-size="sm">
          {t('purchase.birth-date.heading')}
        </h2>
        <p className="ds-paragraph">{t('purchase.birth-date.intro', { age: minimumAge })}</p>
        <ErrorSummary labels={{ [FIELD]: t('purchase.order.birth-date') }} />
        <TextField
          {...BIRTH_DATE_INPUT}
          name={FIELD}
          label={t('purchase.order.birth-date')}
          description={t('purchase.birth-date.description')}
        />
        {failed ? (
          <Notice color="danger" role="alert">
            {t('purchase.problems.generic')}
          </Notice>
        ) : null}
        <SubmitButton busyText={t('purchase.birth-date.saving')}>
          {t('purchase.birth-date.save')}
        </SubmitButton>
      </Form>
    </Formik>
  );
}
