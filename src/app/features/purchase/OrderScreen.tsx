// /bestill-abonnement (login): ordering on one page, as easy as cancelling. The reader picks a
// product and period from the title's catalogue, may add a discount code, chooses card or Vipps,
// gives a delivery address for paper plans (and a birth date when the identity provider has
// none), sees the server's price (the 1 kr first month, the renewal price and date, no binding)
// and pays: "Betal kr X" starts the purchase saga, which goes on to the payment page. `?plan=`,
// `&periode=` and `&kode=` preselect; an attempt kept from before a reload is restored.
import {
  Form,
  type FormikErrors,
  FormikProvider,
  useFormik,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
} from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { object } from 'yup';

import { formatKroner } from '../../../shared/money/money';
import { isBelowPurchaseAge, isTooOldForYouth } from '../../../shared/subscription/eligibility';
import { osloDateOf } from '../../../shared/time/oslo';
import {
  type Catalogue,
  type CatalogueProduct,
  type OrderPaymentProvider,
  type Period,
  useGetCatalogueQuery,
} from '../../api/order';
import {
  type PurchaseIntent,
  purchaseResumed,
  selectPurchase,
  startPurchase,
} from '../../flows/order/purchaseSlice';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { periodSlug } from '../../lib/format/subscription';
import { selectAccount } from '../../session/accountSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../ui/form/DeliveryAddressFields';
import {
  deliveryAddressSchema,
  deliveryAddressServerMessages,
  deliveryAddressValues,
  type DeliveryAddressField,
  type DeliveryAddressValues,
  emptyDeliveryAddress,
  toDeliveryAddress,
} from '../../ui/form/deliveryAddressSchema';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { Progress } from '../../ui/Progress';

import { BirthDateStep } from './BirthDateStep';
import { OrderPayButton, OrderPaymentChoice } from './OrderPayment';
import { isDiscountProblem, problemKey } from './orderRules';
import { QuoteSummary, usePricePer } from './QuoteSummary';
import { type OrderQuoteState, useOrderQuote } from './useOrderQuote';

interface OrderValues {
  readonly ariaPlanID: string;
  readonly period: Period;
  readonly paymentProvider: OrderPaymentProvider;
  /** The discount code applied to the price (the box's own button applies it). */
  readonly discountCode: string;
  readonly address: DeliveryAddressValues;
}

/** Form field names (not visible text). */
const FIELDS = { address: 'address' } as const;

/** The youth plan is only for readers under the catalogue's maximum age (src/shared's rule). */
const tooOldForYouth = (catalogue: Catalogue, birthDate: string | null, today: string) =>
  isTooOldForYouth(birthDate, today, catalogue.youthMaximumAge);

function findOption(catalogue: Catalogue, ariaPlanID: string | null, period: string | null) {
  const product = catalogue.products.find((p) => p.ariaPlanID === ariaPlanID);
  const option = product?.options.find((o) => o.period === period) ?? product?.options[0];
  return product && option ? { product, period: option.period } : null;
}

/** The first choice: the link's, else the attempt from before a reload, else the offer. */
function firstChoice(
  catalogue: Catalogue,
  allowed: (product: CatalogueProduct) => boolean,
  query: URLSearchParams,
  pending: PurchaseIntent | null,
) {
  const offer = catalogue.firstMonthOffer;
  const candidates = [
    findOption(catalogue, query.get('plan'), query.get('periode')),
    pending ? findOption(catalogue, pending.ariaPlanID, pending.period) : null,
    offer ? findOption(catalogue, offer.ariaPlanID, offer.period) : null,
    ...catalogue.products.map((p) => findOption(catalogue, p.ariaPlanID, null)),
  ];
  return candidates.find((c) => c && allowed(c.product)) ?? null;
}

/** The validation of the form as it is now: the address if paper. */
function validator(catalogue: Catalogue) {
  return async (values: OrderValues): Promise<FormikErrors<OrderValues>> => {
    const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID);
    const schema = object({
      address: product?.requiresDeliveryAddress ? deliveryAddressSchema : object(),
    });
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
}

/** The discount code box: applied to the price with its own button, and removable. */
function DiscountCode({
  error,
  description,
  checking,
  disabled,
  onApply,
}: {
  readonly error: string | null;
  readonly description: string | null;
  readonly checking: boolean;
  readonly disabled: boolean;
  readonly onApply: (code: string) => void;
}) {
  const { t } = useTranslation('purchase');
  const { values } = useFormikContext<OrderValues>();
  const applied = values.discountCode;
  const [text, setText] = useState(applied);
  const id = 'field-discountCode';
  const typed = text.trim().toUpperCase();
  const apply = () => {
    if (typed) onApply(typed);
  };
  return (
    <div className="purchase-discount">
      <div className="ds-field">
        <label className="ds-label" htmlFor={id}>
          {t('purchase.order.discount-label')}
          <span className="form-optional"> {t('purchase.order.optional')}</span>
        </label>
        <input
          className="ds-input"
          type="text"
          id={id}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the box applies the code; it does not pay.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        <div id={`${id}-status`} aria-live="polite" data-field="validation">
          {error ? <p className="ds-validation-message">{error}</p> : null}
          {!error && checking ? (
            <p className="ds-paragraph">{t('purchase.order.discount-checking')}</p>
          ) : null}
          {!error && !checking && applied && description ? (
            <p className="ds-paragraph">
              {t('purchase.order.discount-applied', { code: applied, description })}
            </p>
          ) : null}
        </div>
      </div>
      {applied && applied === typed ? (
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={disabled}
          onClick={() => {
            setText('');
            onApply('');
          }}
        >
          {t('purchase.order.discount-remove')}
        </button>
      ) : (
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={disabled || !typed}
          onClick={apply}
        >
          {t('purchase.order.discount-apply')}
        </button>
      )}
    </div>
  );
}

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
  const pricePer = usePricePer();
  const user = useAppSelector(selectUser);
  const purchase = useAppSelector(selectPurchase);
  const { values, setFieldValue, setErrors, setTouched } = useFormikContext<OrderValues>();
  const addressLabels = useDeliveryAddressLabels('address');
  const today = osloDateOf(new Date());
  // Known here: the order form shows only once the birth date is (BirthDateStep).
  const birthDate = user.birthDate;
  const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID)!;
  const busy = purchase.step !== 'idle';

  const { quote, failure } = quoteState;
  const failureCode = failure ? (failure.code ?? 'UNKNOWN') : null;
  const failureStatus = failure?.status ?? null;
  // Codes are refused one by one, and guessing them is rate limited: either way the code goes.
  const codeRefused =
    isDiscountProblem(failureCode) || (failureCode === 'RATE_LIMITED' && !!values.discountCode);

  // A code the server does not know or that does not apply: the price without it, and the
  // code's message under the box until another code is tried.
  const [codeError, setCodeError] = useState<string | null>(null);
  useEffect(() => {
    if (failureCode === 'ALREADY_SUBSCRIBER') {
      void navigate('/allerede-abonnent', { replace: true });
    } else if (codeRefused) {
      setCodeError(t(problemKey(failureCode, failureStatus), { code: values.discountCode }));
      void setFieldValue('discountCode', '');
    }
  }, [codeRefused, failureCode, failureStatus, navigate, setFieldValue, t, values.discountCode]);

  // A refusal of the order itself, from this visit only (not one left from an earlier page).
  const problemAtMount = useRef(purchase.problem);
  const problem = purchase.problem !== problemAtMount.current ? purchase.problem : null;
  const problemRef = useRef<HTMLDivElement>(null);
  const handledProblem = useRef(problem);
  useEffect(() => {
    if (!problem || handledProblem.current === problem) return;
    handledProblem.current = problem;
    problemRef.current?.focus();
    // Address fields the server refused are marked on the fields too.
    const fields = problem.fields
      .filter((f) => f.startsWith('deliveryAddress.'))
      .map((f) => f.slice('deliveryAddress.'.length))
      .filter((f): f is DeliveryAddressField => f in deliveryAddressServerMessages);
    if (fields.length > 0) {
      void setTouched({ address: Object.fromEntries(fields.map((f) => [f, true])) }, false);
      setErrors({
        address: Object.fromEntries(fields.map((f) => [f, deliveryAddressServerMessages[f]])),
      });
    }
  }, [problem, setErrors, setTouched]);

  useResumeOnReturn(purchaseResumed);

  const youthRefused = tooOldForYouth(catalogue, birthDate, today);
  const offered = catalogue.products.filter((p) => !(p.youth && youthRefused));
  const withheld = catalogue.products.filter((p) => p.youth && youthRefused);
  const quoteProblem =
    failureCode && failureCode !== 'ALREADY_SUBSCRIBER' && !codeRefused
      ? problemKey(failureCode, failureStatus)
      : null;

  const applyCode = (code: string) => {
    setCodeError(null);
    void setFieldValue('discountCode', code);
  };
  const chooseProvider = (provider: OrderPaymentProvider) =>
    void setFieldValue('paymentProvider', provider);
  const choosePlan = useCallback(
    (next: CatalogueProduct) => {
      void setFieldValue('ariaPlanID', next.ariaPlanID);
      if (!next.options.some((o) => o.period === values.period))
        void setFieldValue('period', next.options[0]!.period);
    },
    [setFieldValue, values.period],
  );
  // A plan the reader's age rules out is never the chosen one: the first offered instead.
  const firstOffered = offered[0];
  useEffect(() => {
    if (product.youth && youthRefused && firstOffered) choosePlan(firstOffered);
  }, [product.youth, youthRefused, firstOffered, choosePlan]);

  return (
    <Form className="purchase-form" noValidate>
      <ErrorSummary labels={product.requiresDeliveryAddress ? addressLabels : {}} />
      <fieldset className="ds-fieldset purchase-choices">
        <legend className="ds-label">{t('purchase.order.plan-legend')}</legend>
        {offered.map((p) => {
          const id = `plan-${p.ariaPlanID}`;
          const description = p.youth
            ? t('purchase.order.youth-note', { product: p.product, age: catalogue.youthMaximumAge })
            : p.product;
          return (
            <div className="ds-field" data-variant="outline" key={p.ariaPlanID}>
              <input
                className="ds-input"
                type="radio"
                id={id}
                name="ariaPlanID"
                value={p.ariaPlanID}
                checked={values.ariaPlanID === p.ariaPlanID}
                disabled={busy}
                onChange={() => choosePlan(p)}
                aria-describedby={`${id}-description`}
              />
              <label className="ds-label" htmlFor={id}>
                {p.planName}
              </label>
              <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
                {description}
              </p>
            </div>
          );
        })}
        {/* A plan the reader's age rules out is not offered; the reason is said instead. */}
        {withheld.map((p) => (
          <p className="ds-paragraph" key={p.ariaPlanID}>
            {t('purchase.order.youth-too-old', {
              plan: p.planName,
              age: catalogue.youthMaximumAge,
            })}
          </p>
        ))}
      </fieldset>

      <fieldset className="ds-fieldset purchase-choices">
        <legend className="ds-label">{t('purchase.order.period-legend')}</legend>
        {product.options.map((option) => {
          const id = `period-${periodSlug(option.period)}`;
          const offer = catalogue.firstMonthOffer;
          const price = pricePer(option.price, option.period);
          const withOffer =
            offer?.ariaPlanID === product.ariaPlanID && offer.period === option.period;
          return (
            <div className="ds-field" data-variant="outline" key={option.period}>
              <input
                className="ds-input"
                type="radio"
                id={id}
                name="period"
                value={option.period}
                checked={values.period === option.period}
                disabled={busy}
                onChange={() => void setFieldValue('period', option.period)}
                aria-describedby={`${id}-description`}
              />
              <label className="ds-label" htmlFor={id}>
                {t(`purchase.period.${periodSlug(option.period)}`)}
              </label>
              <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
                {withOffer
                  ? t('purchase.order.period-offer', { offer: formatKroner(offer.price), price })
                  : price}
              </p>
            </div>
          );
        })}
      </fieldset>

      <DiscountCode
        error={codeError}
        description={quote?.discount?.description ?? null}
        checking={!!values.discountCode && quoteState.loading}
        disabled={busy}
        onApply={applyCode}
      />

      {product.requiresDeliveryAddress ? (
        <DeliveryAddressFields
          name={FIELDS.address}
          legend={t('purchase.order.address-legend')}
          description={t('purchase.order.address-description')}
        />
      ) : null}

      <OrderPaymentChoice
        value={values.paymentProvider}
        onChange={chooseProvider}
        disabled={busy}
      />

      <div aria-live="polite">
        {quote ? <QuoteSummary quote={quote} /> : null}
        {quoteState.loading ? <Progress>{t('purchase.summary.loading')}</Progress> : null}
      </div>
      {quoteProblem ? (
        <div className="ds-alert" data-color="danger" role="alert">
          <p>{t(quoteProblem)}</p>
          {quoteProblem === 'purchase.problems.generic' ? (
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              onClick={quoteState.retry}
            >
              {t('purchase.summary.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <div className="ds-alert" data-color="danger" role="alert" tabIndex={-1} ref={problemRef}>
          <p>{t(problemKey(problem.code, problem.status))}</p>
        </div>
      ) : null}

      {quote ? (
        <>
          <OrderPayButton amount={quote.amount} busy={busy} />
          <p className="ds-paragraph">{t('purchase.order.redirect-note')}</p>
        </>
      ) : null}
    </Form>
  );
}

/** The order as the purchase saga takes it, from the form's values. */
function orderIntent(catalogue: Catalogue, values: OrderValues): PurchaseIntent {
  const product = catalogue.products.find((p) => p.ariaPlanID === values.ariaPlanID);
  return {
    kind: 'new',
    titleCode: catalogue.titleCode,
    ariaPlanID: values.ariaPlanID,
    period: values.period,
    paymentProvider: values.paymentProvider,
    ...(values.discountCode ? { discountCode: values.discountCode } : {}),
    ...(product?.requiresDeliveryAddress
      ? { deliveryAddress: toDeliveryAddress(values.address) }
      : {}),
  };
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
    validate: validator(catalogue),
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
  const initialValues = useMemo<OrderValues | null>(() => {
    if (!data) return null;
    const allowed = (p: CatalogueProduct) =>
      !(p.youth && tooOldForYouth(data, user.birthDate, today));
    const choice = firstChoice(data, allowed, query, pending);
    if (!choice) return null;
    return {
      ariaPlanID: choice.product.ariaPlanID,
      period: choice.period,
      paymentProvider: pending?.paymentProvider ?? 'SWEDBANK-PPG',
      discountCode: query.get('kode')?.trim().toUpperCase() || pending?.discountCode || '',
      address: pending?.deliveryAddress
        ? deliveryAddressValues(pending.deliveryAddress)
        : emptyDeliveryAddress,
    };
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps -- see above

  const underAge =
    data && user.birthDate !== null
      ? isBelowPurchaseAge(user.birthDate, today, data.minimumAge)
      : false;

  let body;
  if (catalogue.isError)
    body = (
      <div className="ds-alert" data-color="danger" role="alert">
        <p>{t('purchase.order.catalogue-failed')}</p>
        <button type="button" className="ds-button" onClick={() => void catalogue.refetch()}>
          {t('purchase.summary.retry')}
        </button>
      </div>
    );
  else if (!data) body = <Progress>{t('purchase.order.catalogue-loading')}</Progress>;
  // Unknown to the identity provider and the profile: given once, before anything is priced.
  else if (user.birthDate === null && account.ariaAccountNo)
    body = <BirthDateStep ariaAccountNo={account.ariaAccountNo} minimumAge={data.minimumAge} />;
  else if (underAge)
    body = (
      <div className="ds-alert" data-color="warning" role="alert">
        <p>{t('purchase.problems.age-below-minimum')}</p>
      </div>
    );
  else if (!initialValues)
    body = (
      <div className="ds-alert" data-color="warning">
        <p>{t('purchase.order.nothing-to-sell')}</p>
      </div>
    );
  else body = <OrderForm catalogue={data} initialValues={initialValues} />;

  return (
    <section aria-labelledby="order-heading" className="screen">
      <h1 id="order-heading" className="ds-heading" data-size="lg">
        {t('purchase.order.heading')}
      </h1>
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
    </section>
  );
}
