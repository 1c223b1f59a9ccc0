// /bestill-abonnement (login): ordering on one page, as easy as cancelling. The reader picks a
// product and period from the title's catalogue, may add a discount code, chooses card or Vipps,
// gives a delivery address for paper plans (and a birth date when the identity provider has
// none), sees the server's price (the 1 kr first month, the renewal price and date, no binding)
// and pays: "Betal kr X" starts the purchase saga, which goes on to the payment page. `?plan=`,
// `&periode=` and `&kode=` preselect; an attempt kept from before a reload is restored.
// Here: which step shows, the quote of what is chosen now, and paying; the parts are beside it.
import { FormikProvider, Form, useFormik, useFormikContext } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { isBelowPurchaseAge } from '../../../shared/subscription/eligibility';
import { osloDateOf } from '../../../shared/time/oslo';
import {
  type Catalogue,
  type CatalogueProduct,
  type OrderPaymentProvider,
  type Period,
  useGetCatalogueQuery,
} from '../../api/order';
import { purchaseResumed, selectPurchase, startPurchase } from '../../flows/order/purchaseSlice';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { selectAccount } from '../../session/accountSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { Notice } from '../../ui/Notice';
import { PayButton } from '../../ui/PayButton';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { UnderAgeNotice } from './AgeNotices';
import { BirthDateStep } from './BirthDateStep';
import { DeliveryAddressStep, useOrderAddressLabels } from './DeliveryAddressStep';
import { DiscountCodeField, isCodeRefusal } from './DiscountCodeField';
import { OrderPayButton, OrderPaymentChoice } from './OrderPayment';
import { OrderPrice } from './OrderPrice';
import { problemKey } from './orderRules';
import {
  initialOrderValues,
  orderIntent,
  orderValidator,
  type OrderValues,
  plansByAge,
} from './orderValues';
import { PeriodChoice, PlanChoice } from './PlanChoice';
import { useOrderProblem } from './useOrderProblem';
import { type OrderQuoteState, useOrderQuote } from './useOrderQuote';

/** The catalogue key of what a 0 kr order registers: a card, or a Vipps agreement. */
const registerKey = (provider: string) => (provider === 'VIPPS' ? 'vipps' : 'card');

function OrderFields({
  catalogue,
  quoteState,
}: {
  readonly catalogue: Catalogue;
  /** The server's price for what is chosen now (OrderForm asks for it). */
  readonly quoteState: OrderQuoteState;
}) {
  const { t } = useTranslation('purchase');
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const purchase = useAppSelector(selectPurchase);
  const { values, setFieldValue } = useFormikContext<OrderValues>();
  const addressLabels = useOrderAddressLabels();
  // Known here: the order form shows only once the birth date is (BirthDateStep).
  const { offered, withheld } = plansByAge(catalogue, user.birthDate, osloDateOf(new Date()));
  const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID)!;
  const busy = purchase.step !== 'idle';
  const { problem, problemRef } = useOrderProblem();
  useResumeOnReturn(purchaseResumed);

  const { quote, failure } = quoteState;
  // Once the server says this reader does not get the first month for 1 kr, no choice offers it.
  const [noFirstMonthOffer, setNoFirstMonthOffer] = useState(false);
  useEffect(() => {
    if (quote?.unavailableOffer?.offer === 'FIRST_MONTH_1KR') setNoFirstMonthOffer(true);
  }, [quote]);
  const failureCode = failure ? (failure.code ?? 'UNKNOWN') : null;
  const failureStatus = failure?.status ?? null;
  // A refused code is said under its box (DiscountCodeField), any other refusal under the price.
  const quoteProblem =
    failureCode &&
    failureCode !== 'ALREADY_SUBSCRIBER' &&
    !isCodeRefusal(failureCode, values.discountCode)
      ? problemKey(failureCode, failureStatus)
      : null;
  useEffect(() => {
    if (failureCode === 'ALREADY_SUBSCRIBER')
      void navigate('/allerede-abonnent', { replace: true });
  }, [failureCode, navigate]);

  const choosePlan = useCallback(
    (next: CatalogueProduct) => {
      void setFieldValue('ariaPlanID', next.ariaPlanID);
      if (!next.options.some((o) => o.period === values.period))
        void setFieldValue('period', next.options[0]!.period);
    },
    [setFieldValue, values.period],
  );
  const choosePeriod = (period: Period) => void setFieldValue('period', period);
  const chooseProvider = (provider: OrderPaymentProvider) =>
    void setFieldValue('paymentProvider', provider);
  const applyCode = useCallback(
    (code: string) => void setFieldValue('discountCode', code),
    [setFieldValue],
  );

  return (
    <Form className="purchase-form order-form" noValidate>
      <ErrorSummary labels={product.requiresDeliveryAddress ? addressLabels : {}} />
      {/* The choices, then what they cost and the pay button: one column on a phone, side by
          side where there is room (purchase.css), in this order for the keyboard and for
          assistive technology either way. */}
      <div className="order-form__choices">
        <PlanChoice
          catalogue={catalogue}
          offered={offered}
          withheld={withheld}
          value={values.ariaPlanID}
          disabled={busy}
          onChange={choosePlan}
        />
        <PeriodChoice
          catalogue={catalogue}
          withoutFirstMonthOffer={noFirstMonthOffer}
          product={product}
          value={values.period}
          disabled={busy}
          onChange={choosePeriod}
        />
        <DiscountCodeField
          applied={values.discountCode}
          failureCode={failureCode}
          failureStatus={failureStatus}
          description={quote?.discount?.description ?? null}
          replacedOffer={quote?.waivedOffer ? formatKroner(quote.waivedOffer.amount) : null}
          checking={!!values.discountCode && quoteState.loading}
          disabled={busy}
          onApply={applyCode}
        />
        {product.requiresDeliveryAddress ? <DeliveryAddressStep /> : null}
        <OrderPaymentChoice
          value={values.paymentProvider}
          onChange={chooseProvider}
          disabled={busy}
        />
      </div>

      <div className="order-form__summary">
        <OrderPrice quoteState={quoteState} problem={quoteProblem} />
        {problem ? (
          <Notice color="danger" role="alert" tabIndex={-1} ref={problemRef}>
            {t(problemKey(problem.code, problem.status))}
          </Notice>
        ) : null}

        {quote && quote.amount === 0 ? (
          // Nothing to pay now, but the renewals need a card or a Vipps agreement: the reader
          // registers one at the provider (the server completes the order once it is active).
          <>
            <PayButton
              label={t(`purchase.order.register.${registerKey(values.paymentProvider)}`)}
              busyText={t('purchase.paying')}
              busy={busy}
            />
            <p className="ds-paragraph">
              {t(`purchase.order.register.note-${registerKey(values.paymentProvider)}`)}
            </p>
          </>
        ) : quote ? (
          <>
            <OrderPayButton amount={quote.amount} busy={busy} />
            <p className="ds-paragraph">{t('purchase.order.redirect-note')}</p>
          </>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * The form and its price in one place: the quote of what is chosen now is asked for here, and
 * "Betal" starts the purchase only while that quote is current (nothing is paid before its price
 * is seen).
 */
function OrderForm({
  catalogue,
  initialValues,
}: {
  readonly catalogue: Catalogue;
  readonly initialValues: OrderValues;
}) {
  const dispatch = useAppDispatch();
  const formik = useFormik<OrderValues>({
    initialValues,
    validate: orderValidator(catalogue),
    onSubmit: (values) => {
      if (quoteState.quote) dispatch(startPurchase(orderIntent(catalogue, values)));
    },
  });
  const quoteState = useOrderQuote(catalogue, formik.values);
  return (
    <FormikProvider value={formik}>
      <OrderFields catalogue={catalogue} quoteState={quoteState} />
    </FormikProvider>
  );
}

export default function OrderScreen() {
  const { t } = useTranslation('purchase');
  const [query] = useSearchParams();
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const account = useAppSelector(selectAccount);
  const purchase = useAppSelector(selectPurchase);
  const titleCode = title?.titleCode ?? '';
  const catalogue = useGetCatalogueQuery({ titleCode }, { skip: !titleCode });
  const today = osloDateOf(new Date());

  // The attempt of this title from before a reload, read once.
  const pending = useRef(
    purchase.pending?.kind === 'new' && purchase.pending.titleCode === titleCode
      ? purchase.pending
      : null,
  ).current;

  // Chosen once per catalogue: later changes of the query or the store do not reset the form.
  const data = catalogue.data;
  const initialValues = useMemo(
    () => (data ? initialOrderValues(data, user.birthDate, today, query, pending) : null),
    [data], // eslint-disable-line react-hooks/exhaustive-deps -- see above
  );

  const underAge =
    data && user.birthDate !== null
      ? isBelowPurchaseAge(user.birthDate, today, data.minimumAge)
      : false;

  let body;
  if (catalogue.isError)
    body = (
      <Notice color="danger" role="alert">
        <p>{t('purchase.order.catalogue-failed')}</p>
        <button type="button" className="ds-button" onClick={() => void catalogue.refetch()}>
          {t('purchase.summary.retry')}
        </button>
      </Notice>
    );
  else if (!data) body = <Progress reserve>{t('purchase.order.catalogue-loading')}</Progress>;
  // Unknown to the identity provider and the profile: given once, before anything is priced.
  else if (user.birthDate === null && account.ariaAccountNo)
    body = <BirthDateStep ariaAccountNo={account.ariaAccountNo} minimumAge={data.minimumAge} />;
  else if (underAge) body = <UnderAgeNotice />;
  else if (!initialValues)
    body = <Notice color="warning">{t('purchase.order.nothing-to-sell')}</Notice>;
  else body = <OrderForm catalogue={data} initialValues={initialValues} />;

  return (
    <Screen headingId="order-heading" heading={t('purchase.order.heading')}>
      {title ? (
        <p className="ds-paragraph">{t('purchase.order.intro', { name: title.name })}</p>
      ) : null}
      {user.email ? (
        <p className="ds-paragraph">{t('purchase.order.logged-in-as', { email: user.email })}</p>
      ) : null}
      {body}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/kundeservice">
          {t('purchase.order.help-link')}
        </Link>
      </p>
    </Screen>
  );
}
