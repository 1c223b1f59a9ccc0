import { baseApi as api } from "./baseApi";
export const addTagTypes = ["order"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCatalogue: build.query<GetCatalogueApiResponse, GetCatalogueApiArg>({
        query: (queryArg) => ({ url: `/catalogue/${queryArg.titleCode}` }),
        providesTags: ["order"],
      }),
      quoteOrder: build.mutation<QuoteOrderApiResponse, QuoteOrderApiArg>({
        query: (queryArg) => ({
          url: `/orders/quote`,
          method: "POST",
          body: queryArg.orderQuoteRequest,
        }),
        invalidatesTags: ["order"],
      }),
      createOrder: build.mutation<CreateOrderApiResponse, CreateOrderApiArg>({
        query: (queryArg) => ({
          url: `/orders`,
          method: "POST",
          body: queryArg.createOrderRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["order"],
      }),
      getOrder: build.query<GetOrderApiResponse, GetOrderApiArg>({
        query: (queryArg) => ({ url: `/orders/${queryArg.orderId}` }),
        providesTags: ["order"],
      }),
      completeOrder: build.mutation<
        CompleteOrderApiResponse,
        CompleteOrderApiArg
      >({
        query: (queryArg) => ({
          url: `/orders/${queryArg.orderId}/complete`,
          method: "POST",
        }),
        invalidatesTags: ["order"],
      }),
      cancelOrder: build.mutation<CancelOrderApiResponse, CancelOrderApiArg>({
        query: (queryArg) => ({
          url: `/orders/${queryArg.orderId}/cancel`,
          method: "POST",
        }),
        invalidatesTags: ["order"],
      }),
      getOrderReceiptPdf: build.query<
        GetOrderReceiptPdfApiResponse,
        GetOrderReceiptPdfApiArg
      >({
        query: (queryArg) => ({
          url: `/orders/${queryArg.orderId}/receipt/pdf`,
        }),
        providesTags: ["order"],
      }),
      paymentCallback: build.mutation<
        PaymentCallbackApiResponse,
        PaymentCallbackApiArg
      >({
        query: (queryArg) => ({
          url: `/payments/callback`,
          method: "POST",
          body: queryArg.paymentCallback,
          headers: {
            "Payment-Signature": queryArg["Payment-Signature"],
          },
        }),
        invalidatesTags: ["order"],
      }),
      vippsWebhook: build.mutation<VippsWebhookApiResponse, VippsWebhookApiArg>(
        {
          query: (queryArg) => ({
            url: `/payments/vipps/webhook`,
            method: "POST",
            body: queryArg.vippsWebhookEvent,
            headers: {
              "x-ms-date": queryArg["x-ms-date"],
              "x-ms-content-sha256": queryArg["x-ms-content-sha256"],
            },
          }),
          invalidatesTags: ["order"],
        },
      ),
      swedbankPayCallback: build.mutation<
        SwedbankPayCallbackApiResponse,
        SwedbankPayCallbackApiArg
      >({
        query: (queryArg) => ({
          url: `/payments/swedbankpay/callback`,
          method: "POST",
          body: queryArg.swedbankPayCallback,
        }),
        invalidatesTags: ["order"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as orderApi };
export type GetCatalogueApiResponse =
  /** status 200 The catalogue. */ Catalogue;
export type GetCatalogueApiArg = {
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
};
export type QuoteOrderApiResponse = /** status 200 The quote. */ OrderQuote;
export type QuoteOrderApiArg = {
  orderQuoteRequest: OrderQuoteRequest;
};
export type CreateOrderApiResponse =
  | /** status 200 The order this idempotency key created earlier. */ Order
  | /** status 201 The order, pending payment. */ Order;
export type CreateOrderApiArg = {
  /** A key the client makes once per order attempt (a UUID) and sends again on every retry of that attempt. Kept with the order for 24 hours. */
  "Idempotency-Key": string;
  createOrderRequest: CreateOrderRequest;
};
export type GetOrderApiResponse = /** status 200 The order. */ Order;
export type GetOrderApiArg = {
  /** Order id. */
  orderId: OrderId;
};
export type CompleteOrderApiResponse =
  /** status 200 The order as it is now. */ Order;
export type CompleteOrderApiArg = {
  /** Order id. */
  orderId: OrderId;
};
export type CancelOrderApiResponse =
  /** status 200 The order as it is now. */ Order;
export type CancelOrderApiArg = {
  /** Order id. */
  orderId: OrderId;
};
export type GetOrderReceiptPdfApiResponse =
  /** status 200 The receipt as a PDF file, to be saved (an attachment). */ Blob;
export type GetOrderReceiptPdfApiArg = {
  /** Order id. */
  orderId: OrderId;
};
export type PaymentCallbackApiResponse =
  /** status 200 Received. */ PaymentCallbackReceipt;
export type PaymentCallbackApiArg = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
  "Payment-Signature": string;
  paymentCallback: PaymentCallback;
};
export type VippsWebhookApiResponse =
  /** status 200 Received (and acted on, or not ours). */ PaymentCallbackReceipt;
export type VippsWebhookApiArg = {
  /** When Vipps sent it (RFC 1123); signed, and at most 5 minutes off. */
  "x-ms-date": string;
  /** Base64 SHA-256 of the raw body; signed. */
  "x-ms-content-sha256": string;
  vippsWebhookEvent: VippsWebhookEvent;
};
export type SwedbankPayCallbackApiResponse =
  /** status 200 Received (and acted on, or not ours). */ PaymentCallbackReceipt;
export type SwedbankPayCallbackApiArg = {
  swedbankPayCallback: SwedbankPayCallback;
};
export type TitleCode = string;
export type Currency = "NOK";
export type AriaPlanId = string;
export type Period =
  "\u00C5rlig" | "Kvartalsvis" | "M\u00E5nedlig" | "M\u00E5nedlig Premium";
export type AmountOre = number;
export type PlanProductType = "DIGITAL" | "COMBO";
export type SubscriptionFeature =
  "content" | "e-paper" | "paper" | "family-share" | "partner-content";
export type CatalogueOption = {
  period: Period;
  ariaScheduleId: string;
  price: AmountOre;
  /** What this period of the product includes (a premium period may include more than the product's `features`). What an upgrade gives is what these include and the current subscription's `features` do not. */
  features: SubscriptionFeature[];
};
export type CatalogueProduct = {
  ariaPlanID: AriaPlanId;
  planName: string;
  product: string;
  planProductType: PlanProductType;
  /** The youth (UNG) plan, only for readers under `youthMaximumAge`. */
  youth: boolean;
  /** Paper plans (COMBO) need a delivery address. */
  requiresDeliveryAddress: boolean;
  features: SubscriptionFeature[];
  options: CatalogueOption[];
};
export type NullValue = null | null;
export type Catalogue = {
  titleCode: TitleCode;
  currency: Currency;
  /** Buying requires this age or over (18). */
  minimumAge: number;
  /** The youth plan is for readers under this age (34). */
  youthMaximumAge: number;
  /** The plan and period sold for `price` the first month to new readers. */
  firstMonthOffer: {
    ariaPlanID: AriaPlanId;
    period: Period;
    price: AmountOre;
  } | null;
  products: CatalogueProduct[];
  /** The title's student plan, sold only to a reader whose student (or pupil) address is verified (/student-verifisering): its periods are the two student campaigns, monthly (/student) and yearly (/student2). Null when the title has none; always sent. */
  studentPlan?: CatalogueProduct | NullValue;
};
export type ProblemFieldError = {
  /** Request field, dotted for nested fields (e.g. address.postalCode). */
  field: string;
  /** What is wrong with the field, for developers (English, e.g. "is required"). The SPA shows its own Norwegian message for the field from the catalogue. */
  message: string;
};
export type Problem = {
  /** URI reference identifying the problem type. */
  type: string;
  /** Short human-readable summary of the problem type. */
  title: string;
  /** The HTTP status code. */
  status: number;
  /** Human-readable explanation of this occurrence. */
  detail?: string;
  /** URI reference of this occurrence (normally the request path). */
  instance?: string;
  /** Stable machine-readable code the SPA maps to a catalogue message. Known codes: VALIDATION_FAILED, BAD_REQUEST, INVALID_BALANCE, UNKNOWN_TITLE, VERIFICATION_CODE_WRONG, LOGIN_STATE_INVALID, PLAN_NOT_AVAILABLE, STUDENT_VERIFICATION_REQUIRED, PLAN_MISMATCH, PLAN_CHANGE_IS_UPGRADE, PLAN_CHANGE_NOT_UPGRADE, PLAN_CHANGE_SAME_PLAN, CANCELLATION_REASON_REQUIRED, SUBSCRIPTION_REQUIRED, DELIVERY_ADDRESS_REQUIRED, BIRTH_DATE_INVALID, PHONE_INVALID, BODY_REQUIRED, MALFORMED_JSON, MALFORMED_URL, COMPLAINT_CODE_UNKNOWN, COMPLAINT_DATE_IN_FUTURE, COMPLAINT_DATE_TOO_OLD, COMPLAINT_DATE_NOT_DELIVERY_DAY, COMPLAINT_DATE_BEFORE_START, COMPLAINT_DATE_DELIVERY_STOPPED, DELIVERY_CHANGE_TOO_EARLY, DELIVERY_CHANGE_NOT_DELIVERY_DAY, DELIVERY_CHANGE_END_BEFORE_START, DELIVERY_CHANGE_END_REQUIRED, DELIVERY_CHANGE_TOO_FAR, POSTAL_CODE_UNKNOWN (400), UNAUTHENTICATED, LOGIN_FAILED, INVALID_SIGNATURE (401), FORBIDDEN, CSRF_REJECTED, PAPER_SUBSCRIPTION_REQUIRED, IDENTITY_OWNED_FIELD, FAMILY_SHARING_NOT_INCLUDED, BUSINESS_ADMIN_REQUIRED (403), BUSINESS_AGREEMENT_NOT_FOUND, BUSINESS_INVITATION_NOT_FOUND, NOT_FOUND, ROUTE_NOT_FOUND, TITLE_NOT_FOUND, ACCOUNT_NOT_FOUND, SUBSCRIPTION_NOT_FOUND, SEGMENT_NOT_FOUND, DISCOUNT_NOT_FOUND, VERIFICATION_NOT_FOUND, CONNECT_TOKEN_INVALID, ORDER_NOT_FOUND, INVOICE_NOT_FOUND, DELIVERY_CHANGE_NOT_FOUND, FAMILY_INVITATION_NOT_FOUND, FAMILY_MEMBER_NOT_FOUND (404), REQUEST_TIMEOUT (408), ACCOUNT_EXISTS, ACCOUNT_ALREADY_ASSIGNED, ACCOUNT_REQUIRED, SUBSCRIPTION_STATE_CONFLICT, SUBSCRIPTION_NOT_DUE, NO_PENDING_PLAN_CHANGE, PAYMENT_REQUIRED, PAYMENT_METHOD_REQUIRED, INVOICE_PAID, CHARGE_IN_PROGRESS, PAYMENT_METHOD_NOT_APPROVED, PAYMENT_METHOD_PENDING, PLAN_CHANGE_NOT_SELF_SERVICE, ALREADY_SUBSCRIBER, ORDER_COMPLETED, DISCOUNT_EXPIRED, DISCOUNT_INACTIVE, DISCOUNT_NOT_FOR_PLAN, DISCOUNT_NOT_COMBINABLE, PAYMENT_METHOD_UNCHANGED, ORDER_IN_PROGRESS, BIRTH_DATE_ALREADY_SET, WITHDRAWAL_PERIOD_OVER, ALREADY_WITHDRAWN, NO_WITHDRAWAL_RIGHT, WITHDRAWAL_AMOUNT_CHANGED, COMPLAINT_ALREADY_FILED, DELIVERY_CHANGE_OVERLAP, DELIVERY_CHANGE_OTHER_SUBSCRIPTION, BUSINESS_INVITATION_USED, BUSINESS_INVITATION_EXPIRED, DELIVERY_CHANGE_LOCKED, FAMILY_FULL, FAMILY_ALREADY_INVITED, FAMILY_INVITE_SELF, FAMILY_INVITATION_EXPIRED, FAMILY_INVITATION_USED, FAMILY_INVITATION_WITHDRAWN, FAMILY_INVITATION_DECLINED, FAMILY_ACTIVE_SUBSCRIPTION, FAMILY_SHARING_ENDED (409), PAYLOAD_TOO_LARGE (413), URI_TOO_LONG (414), UNSUPPORTED_MEDIA_TYPE (415), BIRTH_DATE_REQUIRED, AGE_BELOW_MINIMUM, YOUTH_AGE_EXCEEDED, IDEMPOTENCY_KEY_REUSED (422), RATE_LIMITED (429), HEADERS_TOO_LARGE (431), INTERNAL_ERROR, UPSTREAM_ERROR (500), NOT_IMPLEMENTED (501). */
  code: string;
  /** Field-level validation errors (400 only). */
  errors?: ProblemFieldError[];
};
export type OrderKind = "new" | "reactivation" | "upgrade";
export type Offer = "FIRST_MONTH_1KR" | "REACTIVATION_3_FOR_1";
export type DiscountCode = string;
export type DiscountDetails = {
  discountCode: DiscountCode;
  /** Campaign id, e.g. CAMP-2020-03-003 (sent to analytics as campaignID). */
  campaignId: string;
  description: string;
  /** Amount off per period in øre; null for a percentage discount. */
  amountOff: number | null;
  /** Percent off per period; null for an amount discount. */
  percentOff: number | null;
  /** Number of billing periods the discount applies to. */
  periods: number;
  /** Last day the code can be used (Europe/Oslo); null when open-ended. */
  validUntil: string | null;
};
export type FullPriceCharge = {
  /** The day it is paid or charged (Europe/Oslo). */
  date: string;
  amount: AmountOre;
};
export type WaivedOffer = {
  offer: Offer;
  /** What the order would cost now with the offer. */
  amount: AmountOre;
  /** The price of the next period with the offer. */
  renewalPrice: AmountOre;
  firstFullCharge: FullPriceCharge;
};
export type UnavailableOffer = {
  offer: Offer;
  /** `NOT_FIRST_TIME`: the reader has (or had) a subscription of the title, or had the first month for 1 kr on it before. `USED_RECENTLY`: the reactivation offer was given less than 12 months ago. */
  reason: "NOT_FIRST_TIME" | "USED_RECENTLY";
  /** The day the offer was last given (`USED_RECENTLY`); null otherwise. */
  usedOn: string | null;
  /** The first day it can be given again (`USED_RECENTLY`); null otherwise. */
  availableFrom: string | null;
};
export type OrderQuote = {
  kind: OrderKind;
  titleCode: TitleCode;
  ariaPlanID: AriaPlanId;
  planName: string;
  product: string;
  planProductType: PlanProductType;
  period: Period;
  currency: Currency;
  amount: AmountOre;
  ordinaryPrice: AmountOre;
  offer: Offer | NullValue;
  discount: DiscountDetails | NullValue;
  /** First day the amount pays for. */
  periodStart: string;
  /** Last day the amount pays for. */
  periodEnd: string;
  /** When the next payment is due (at `renewalPrice`, no binding). */
  renewalDate: string;
  renewalPrice: AmountOre;
  /** For an upgrade, how the difference was computed: every whole period paid and not yet begun (a reactivation offer pays three months of a monthly plan ahead) at the full difference, and the period today is in for its remaining days. `remainingDays` counts every day to the renewal date and `periodDays` is the length of the period today is in, so `remainingDays` is larger when more than one period is paid. */
  proration: {
    fromPrice: AmountOre;
    toPrice: AmountOre;
    remainingDays: number;
    periodDays: number;
  } | null;
  /** The first payment at the plan's ordinary price: today's when the order costs that, else the renewal after the offer's or the discount code's periods (as the renewal jobs will charge it). */
  firstFullCharge: FullPriceCharge;
  /** The offer the reader would have had without the discount code (offers and discount codes are not combined: the code replaces it), priced the same way, so both can be shown side by side. Null when no offer was given up. */
  waivedOffer: WaivedOffer | NullValue;
  /** The offer this plan and period have that this reader is not given, and why, from the server's records (never the request): the first month for 1 kr is for a reader's first subscription of the title, once per identity (also after a deletion of the reader's data); the reactivation offer is given at most once in 12 months. Null when the offer is given, when the plan has none, or when a discount code replaces it. */
  unavailableOffer: UnavailableOffer | NullValue;
  /** What the chosen plan and period include. */
  features: SubscriptionFeature[];
  /** For an upgrade, what the new plan and period include that the current subscription does not (empty when it gives nothing more); empty for other kinds. */
  addedFeatures: SubscriptionFeature[];
};
export type SubscriptionNo = string;
export type OrderQuoteRequest = {
  kind: OrderKind;
  titleCode: TitleCode;
  ariaPlanID: AriaPlanId;
  period: Period;
  subscriptionNo?: SubscriptionNo;
  discountCode?: DiscountCode;
};
export type OrderId = string;
export type OrderReference = string;
export type OrderStatus =
  "PENDING" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
export type OrderPaymentProvider = "VIPPS" | "SWEDBANK-PPG";
export type Order = {
  orderId: OrderId;
  reference: OrderReference;
  /** The order kinds (OrderKind), and `invoice` for paying an invoice. */
  kind: "new" | "reactivation" | "upgrade" | "invoice";
  status: OrderStatus;
  titleCode: TitleCode;
  ariaPlanID: AriaPlanId;
  planName: string;
  period: Period;
  amount: AmountOre;
  currency: Currency;
  paymentProvider: OrderPaymentProvider;
  /** The provider's payment page while the order is PENDING; null afterwards. */
  redirectUrl: string | null;
  /** The subscription the order created or changed, once COMPLETED. */
  subscriptionNo: string | null;
  /** Why a final order did not complete. */
  failureReason:
    | ("DECLINED" | "CANCELLED" | "EXPIRED" | "VERIFICATION_FAILED" | null)
    | null;
  createdAt: string;
  completedAt: string | null;
  /** The invoice an `invoice` order pays (null for the other kinds). */
  ariaInvoiceNo: string | null;
  /** The introductory offer the order was priced with, as the server decided when the order was placed (the first month for 1 kr, or 3 months for the price of 1); null when it was priced without one. A receipt names the offer only from this field: the amount alone cannot tell a reactivation with the offer from one month at the ordinary price. */
  offer: Offer | NullValue;
};
export type DeliveryAddress = {
  /** Name on the delivery address (recipient or c/o); "Navn er påkrevd på leveringsadresse". */
  coName: string;
  /** Street name; "Adresse er påkrevd". */
  street: string;
  /** House number with optional letter, e.g. 12B; "Gatenummer er påkrevd". */
  streetNumber: string;
  /** Dwelling number (bruksenhetsnummer), e.g. H0201. */
  flatNumber?: string;
  floor?: string;
  postalCode: string;
  /** Postal place. In a request it is replaced by the place the postal-code register names for `postalCode` (`getPostalPlace`). */
  place: string;
};
export type CreateOrderRequest = {
  kind: OrderKind;
  titleCode: TitleCode;
  ariaPlanID: AriaPlanId;
  period: Period;
  subscriptionNo?: SubscriptionNo;
  discountCode?: DiscountCode;
  paymentProvider: OrderPaymentProvider;
  /** The reader ticked "use this card (or Vipps) for future charges": completing an upgrade or reactivation then makes the payment's method (and card) the one renewals are charged to. Absent or false: a one-off payment never changes the stored payment method. A new subscription always renews with the method it was bought with. */
  useForFutureCharges?: boolean;
  deliveryAddress?: DeliveryAddress;
};
export type PaymentCallbackReceipt = {
  received: boolean;
  duplicate: boolean;
};
export type PaymentCallback = {
  eventId: string;
  /** A payment (`pay_…`) or a recurring agreement (`agr_…`). */
  paymentId: string;
  reference: string;
  status:
    | "CREATED"
    | "AUTHORIZED"
    | "CAPTURED"
    | "DECLINED"
    | "CANCELLED"
    | "EXPIRED"
    | "ACTIVE"
    | "STOPPED";
};
export type VippsWebhookEvent = {
  msn?: string;
  reference?: string;
  name?: string;
  eventType?: string;
  agreementId?: string;
  chargeId?: string;
  [key: string]: any;
};
export type SwedbankPayCallback = {
  orderReference?: string;
  paymentOrder: {
    id: string;
    instrument?: string;
    number?: number | string;
    [key: string]: any;
  };
  [key: string]: any;
};
export const {
  useGetCatalogueQuery,
  useLazyGetCatalogueQuery,
  useQuoteOrderMutation,
  useCreateOrderMutation,
  useGetOrderQuery,
  useLazyGetOrderQuery,
  useCompleteOrderMutation,
  useCancelOrderMutation,
  useGetOrderReceiptPdfQuery,
  useLazyGetOrderReceiptPdfQuery,
  usePaymentCallbackMutation,
  useVippsWebhookMutation,
  useSwedbankPayCallbackMutation,
} = injectedRtkApi;
