import { baseApi as api } from "./baseApi";
export const addTagTypes = ["subscription"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getSubscription: build.query<
        GetSubscriptionApiResponse,
        GetSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.accountNo}/${queryArg.titleCode}`,
        }),
        providesTags: ["subscription"],
      }),
      listSubscriptionChanges: build.query<
        ListSubscriptionChangesApiResponse,
        ListSubscriptionChangesApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.accountNo}/${queryArg.titleCode}/changes`,
        }),
        providesTags: ["subscription"],
      }),
      reactivateSubscription: build.mutation<
        ReactivateSubscriptionApiResponse,
        ReactivateSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/reactivateSubscription/`,
          method: "POST",
          body: queryArg.reactivateSubscriptionRequest,
        }),
        invalidatesTags: ["subscription"],
      }),
      deleteSubscription: build.mutation<
        DeleteSubscriptionApiResponse,
        DeleteSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/deleteSubscription`,
          method: "DELETE",
          body: queryArg.deleteSubscriptionRequest,
        }),
        invalidatesTags: ["subscription"],
      }),
      getWithdrawal: build.query<GetWithdrawalApiResponse, GetWithdrawalApiArg>(
        {
          query: (queryArg) => ({
            url: `/subscription/${queryArg.subscriptionNo}/withdrawal`,
          }),
          providesTags: ["subscription"],
        },
      ),
      withdrawSubscription: build.mutation<
        WithdrawSubscriptionApiResponse,
        WithdrawSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/withdrawal`,
          method: "POST",
          body: queryArg.withdrawalRequest,
        }),
        invalidatesTags: ["subscription"],
      }),
      pauseSubscription: build.mutation<
        PauseSubscriptionApiResponse,
        PauseSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/pause`,
          method: "POST",
          body: queryArg.pauseRequest,
        }),
        invalidatesTags: ["subscription"],
      }),
      endSubscriptionPause: build.mutation<
        EndSubscriptionPauseApiResponse,
        EndSubscriptionPauseApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/pause`,
          method: "DELETE",
        }),
        invalidatesTags: ["subscription"],
      }),
      getPlanConversion: build.query<
        GetPlanConversionApiResponse,
        GetPlanConversionApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/plan-conversion`,
        }),
        providesTags: ["subscription"],
      }),
      choosePlanConversion: build.mutation<
        ChoosePlanConversionApiResponse,
        ChoosePlanConversionApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/plan-conversion`,
          method: "PUT",
          body: queryArg.planConversionChoice,
        }),
        invalidatesTags: ["subscription"],
      }),
      schedulePlanChange: build.mutation<
        SchedulePlanChangeApiResponse,
        SchedulePlanChangeApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/planChange`,
          method: "PUT",
          body: queryArg.planChangeRequest,
        }),
        invalidatesTags: ["subscription"],
      }),
      withdrawPlanChange: build.mutation<
        WithdrawPlanChangeApiResponse,
        WithdrawPlanChangeApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/planChange`,
          method: "DELETE",
          body: queryArg.subscriptionRef,
        }),
        invalidatesTags: ["subscription"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as subscriptionApi };
export type GetSubscriptionApiResponse =
  /** status 200 The lookup result. `hasSubscription: true` implies `subscription` set and `error` null; a failed lookup has `hasSubscription: false`, `subscription: null` and `error` set. */ SubscriptionResult;
export type GetSubscriptionApiArg = {
  /** Billing account number (ariaAccountNo). */
  accountNo: AriaAccountNo;
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
};
export type ListSubscriptionChangesApiResponse =
  /** status 200 The latest changes (at most 20), newest first. */ SubscriptionChanges;
export type ListSubscriptionChangesApiArg = {
  /** Billing account number (ariaAccountNo). */
  accountNo: AriaAccountNo;
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
};
export type ReactivateSubscriptionApiResponse =
  /** status 200 The subscription after the change. */ Subscription;
export type ReactivateSubscriptionApiArg = {
  reactivateSubscriptionRequest: ReactivateSubscriptionRequest;
};
export type DeleteSubscriptionApiResponse =
  /** status 200 Cancellation registered. */ CancellationReceipt;
export type DeleteSubscriptionApiArg = {
  deleteSubscriptionRequest: DeleteSubscriptionRequest;
};
export type GetWithdrawalApiResponse =
  /** status 200 Where the right of withdrawal stands. */ WithdrawalRight;
export type GetWithdrawalApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
};
export type WithdrawSubscriptionApiResponse =
  /** status 200 The receipt of the withdrawal. */ WithdrawalReceipt;
export type WithdrawSubscriptionApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  withdrawalRequest: WithdrawalRequest;
};
export type PauseSubscriptionApiResponse =
  /** status 200 The pause (the receipt). */ PauseReceipt;
export type PauseSubscriptionApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  pauseRequest: PauseRequest;
};
export type EndSubscriptionPauseApiResponse =
  /** status 200 The pause as it ended. */ PauseReceipt;
export type EndSubscriptionPauseApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
};
export type GetPlanConversionApiResponse =
  /** status 200 The conversion waiting for the subscription. */ PlanConversion;
export type GetPlanConversionApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
};
export type ChoosePlanConversionApiResponse =
  /** status 200 The conversion with the reader's choice. */ PlanConversion;
export type ChoosePlanConversionApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  planConversionChoice: PlanConversionChoice;
};
export type SchedulePlanChangeApiResponse =
  /** status 200 The subscription with the change pending. */ Subscription;
export type SchedulePlanChangeApiArg = {
  planChangeRequest: PlanChangeRequest;
};
export type WithdrawPlanChangeApiResponse =
  /** status 200 The subscription without a pending change. */ Subscription;
export type WithdrawPlanChangeApiArg = {
  subscriptionRef: SubscriptionRef;
};
export type SubscriptionNo = string;
export type AriaAccountNo = string;
export type TitleCode = string;
export type AriaPlanId = string;
export type PlanProductType = "DIGITAL" | "COMBO";
export type Period =
  "\u00C5rlig" | "Kvartalsvis" | "M\u00E5nedlig" | "M\u00E5nedlig Premium";
export type AmountOre = number;
export type Currency = "NOK";
export type InstStatusCode =
  0 | 1 | -1 | 2 | -2 | 3 | -3 | 4 | 31 | 32 | 41 | 61;
export type SubscriptionStatus =
  | "INACTIVE"
  | "ACTIVE"
  | "SUSPENDED"
  | "PENDING_CANCELLATION"
  | "CANCELLED"
  | "PENDING_TERMINATION"
  | "TERMINATED"
  | "PAUSED"
  | "PENDING_INSTALLATION"
  | "PENDING_ACTIVATION"
  | "TRIAL"
  | "ACTIVE_NON_BILLABLE";
export type PaymentProvider =
  "VIPPS" | "SWEDBANK-PPG" | "BANKGIRO" | "AVTALEGIRO" | "STREX";
export type PaymentMethod = {
  provider: PaymentProvider;
  /** Display label, e.g. Betalingskort or Vipps. */
  label: string;
  /** Masked card number for card payments; null otherwise. */
  maskedCardNumber: string | null;
  /** Card expiry as MM/YY; null when not a card. */
  cardExpiry: string | null;
};
export type NullValue = null | null;
export type SubscriptionFeature =
  "content" | "e-paper" | "paper" | "family-share" | "partner-content";
export type ConversionReason = "student-verification-ends" | "youth-age-limit";
export type NextCharge = {
  /** The day it is charged or invoiced (Europe/Oslo); the new period starts then. */
  date: string;
  /** What is charged or invoiced, after the stop credit and the missed-paper credit. */
  amount: AmountOre;
  /** Taken off a renewal for paper issues stopped by a delivery stop (titles that credit stopped issues): the stopped days of the billed and paid periods before it, in whole issues, never more than the amount, as the renewal job will take them; 0 for none. Issues that do not fit wait for the next renewal. */
  stopCredit: AmountOre;
  /** Taken off a renewal for papers that did not come (complaints «Avisen kom ikke»), after the stop credit: the waiting credits that fit while at least 1 kr is left to pay, as the renewal job will take them; 0 for none. The rest waits for the next renewal. */
  missedPaperCredit: AmountOre;
  /** The plan's ordinary price for the period; more than amount while a discount runs. */
  ordinaryAmount: AmountOre;
  /** charge is taken from the card or Vipps; invoice is sent (giro). */
  kind: "charge" | "invoice";
  provider: PaymentProvider | NullValue;
  /** Why this charge comes (plan-change when a scheduled change takes effect first). */
  reason: "renewal" | "trial-end" | "plan-change";
};
export type WithdrawalOpen = {
  /** The last day the right can be used (Europe/Oslo). */
  lastDay: string;
  refund: AmountOre;
};
export type PaymentFailure = {
  /** What it was charged to. */
  method: "VIPPS" | "SWEDBANK-PPG";
  /** USER_ACTION_REQUIRED: refused (no funds, a card blocked; Vipps shows why in the app). MANDATE_INACTIVE: the card expired or the Vipps agreement is no longer active. NO_MANDATE: there is no card or agreement to charge. TECHNICAL: the provider's own trouble. */
  reason:
    "USER_ACTION_REQUIRED" | "MANDATE_INACTIVE" | "NO_MANDATE" | "TECHNICAL";
  /** The day it is charged again by itself (Europe/Oslo); null when it is not (the card or agreement is gone, or the tries are over): a new payment method, or paying it, settles it. */
  retryOn: string | null;
};
export type UnpaidInvoice = {
  /** A card or Vipps charge that could not be taken from the subscription's stored card or Vipps agreement: why, and the day it is tried again by itself. Null (or absent) for a giro invoice. */
  paymentFailure?: PaymentFailure | NullValue;
  /** The invoice number, to pay it at /betal-faktura/{ariaInvoiceNo}. */
  ariaInvoiceNo: string;
  amount: AmountOre;
  dueDate: string;
  /** Unpaid after its due date (Europe/Oslo). */
  overdue: boolean;
  /** Dunning: the day the subscription is suspended if this giro invoice is still unpaid then (Europe/Oslo; the day named in its reminder once that is sent, which comes some days after the due date). Null when it never suspends it: a card or Vipps charge, or a subscription that is not ACTIVE (suspended already, cancelled, trial). */
  suspendsOn: string | null;
};
export type SubscriptionSuspension = {
  /** UNPAID_INVOICE: a giro invoice not paid after its reminder. PAYMENT_FAILED: a renewal that could not be charged to the stored card or Vipps agreement (a new payment method or paying it brings the subscription back). */
  cause?: "UNPAID_INVOICE" | "PAYMENT_FAILED";
  /** The unpaid giro invoice or failed charge, to pay it at /betal-faktura/{ariaInvoiceNo}; paying it resumes the subscription. */
  ariaInvoiceNo: string;
  amount: AmountOre;
  dueDate: string;
  /** The day it was suspended (Europe/Oslo). */
  since: string;
};
export type PausePeriod = {
  /** The pause's first day (Europe/Oslo). */
  from: string;
  /** The pause's last day; access again the day after. */
  until: string;
};
export type PauseOffer = {
  available: boolean;
  /** Why not (null when available): NOT_ACTIVE (ended or suspended), TRIAL, PENDING_CANCELLATION, FAMILY_SHARE (a family member's share), FAMILY_OWNER (shared with family members), BUSINESS, PLAN_CONVERSION_PENDING, ALREADY_PAUSED, ALREADY_USED (a pause started less than 12 months ago; see `availableFrom`). */
  reason:
    | (
        | "NOT_ACTIVE"
        | "TRIAL"
        | "PENDING_CANCELLATION"
        | "FAMILY_SHARE"
        | "FAMILY_OWNER"
        | "BUSINESS"
        | "PLAN_CONVERSION_PENDING"
        | "ALREADY_PAUSED"
        | "ALREADY_USED"
        | null
      )
    | null;
  /** ALREADY_USED only, the first day a new pause can start; null otherwise. */
  availableFrom: string | null;
  /** The lengths offered, in months. */
  months: number[];
};
export type Subscription = {
  subscriptionNo: SubscriptionNo;
  ariaAccountNo: AriaAccountNo;
  titleCode: TitleCode;
  ariaPlanID: AriaPlanId;
  /** Billing rate-schedule id (sent to analytics as aria_schedule_id). */
  ariaScheduleId: string;
  planName: string;
  product: string;
  planProductType: PlanProductType;
  period: Period;
  price: AmountOre;
  currency: Currency;
  instStatusCode: InstStatusCode;
  status: SubscriptionStatus;
  /** False when this subscription is itself a family share (the user is an invitee). */
  eligibleForSharing: boolean;
  /** Next automatic renewal (Europe/Oslo date); null when it will not renew. */
  renewalDate: string | null;
  /** Last day of access for a cancelled subscription; null while it renews. */
  expiryDate: string | null;
  paymentMethod: PaymentMethod | NullValue;
  customerNumber: string;
  features: SubscriptionFeature[];
  subsRetrieveSubscriptionAddInfo: {
    /** Contains admin or employee for business subscriptions; null otherwise. */
    subscriptionInfo1: string | null;
  };
  /** A plan change scheduled for a later date; null when none. */
  pendingChange: {
    ariaPlanID: AriaPlanId;
    planName: string;
    period: Period;
    price: AmountOre;
    effectiveDate: string;
    /** Set when the server scheduled the change because the reader stops qualifying for the plan (see getPlanConversion): it cannot be withdrawn, only steered to another plan. Absent or null for the reader's own change. */
    reason?: ConversionReason | NullValue;
  } | null;
  /** Something about how the subscription is paid that the user must know: the Vipps agreement was stopped in the Vipps app, so the subscription is being cancelled. Absent or null when there is nothing to tell. */
  paymentNotice?: ("VIPPS_AGREEMENT_STOPPED" | null) | null;
  /** The next automatic charge or invoice, as the renewal jobs will make it on that date (a scheduled plan change, the end of a trial and a discount's remaining periods included). Null when the subscription does not renew or someone else pays; absent where the server does not forecast it. */
  nextCharge?: NextCharge | NullValue;
  /** The statutory right of withdrawal (angrerett) while it applies to this subscription (bought online less than 14 days ago, not withdrawn): its last day and what using it today gives back. Null when it does not apply; absent where the server does not say. */
  withdrawal?: WithdrawalOpen | NullValue;
  /** The subscription's unpaid invoices and charges, most urgent (oldest due date) first, so the home page can say what needs paying without another request. Absent where the server does not list them. */
  unpaidInvoices?: UnpaidInvoice[];
  /** Why the subscription is SUSPENDED: the giro invoice that is still unpaid after its reminder's day (dunning). Null when it is not suspended for an unpaid invoice; absent where the server does not say. */
  suspension?: SubscriptionSuspension | NullValue;
  /** The pause while the subscription is PAUSED: its first and last day (it resumes by itself the day after `until`). Null otherwise; absent where the server does not say. */
  pause?: PausePeriod | NullValue;
  pauseOffer?: PauseOffer;
  /** False when the status is TRIAL or ACTIVE_NON_BILLABLE or the subscription has business info. */
  isPaying: boolean;
  /** True when the subscription gives access now (ACTIVE, PENDING_CANCELLATION, PENDING_TERMINATION, TRIAL, ACTIVE_NON_BILLABLE). Drives the subscription route guard; a SUSPENDED subscriber still reaches home, the invoices and paying one. */
  hasSubscription: boolean;
};
export type SubscriptionResult = {
  hasSubscription: boolean;
  subscription: Subscription | NullValue;
  error: {
    code: "ACCOUNT_NOT_FOUND" | "NO_SUBSCRIPTION" | "UPSTREAM_ERROR";
    message: string;
  } | null;
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
export type SubscriptionChangeKind =
  | "activated"
  | "trial-started"
  | "cancelled"
  | "cancellation-undone"
  | "expired"
  | "reactivated"
  | "renewed"
  | "trial-ended"
  | "plan-change-scheduled"
  | "plan-change-withdrawn"
  | "plan-change-applied"
  | "upgraded"
  | "suspended"
  | "resumed"
  | "payment-method-changed"
  | "connected"
  | "withdrawn"
  | "share-started"
  | "share-ended"
  | "share-end-undone"
  | "closed"
  | "other";
export type SubscriptionChange = {
  kind: SubscriptionChangeKind;
  occurredAt: string;
  /** user: the reader (or their payment); system: the product on its own (e.g. a stopped Vipps agreement); job: the scheduled work (renewals, expiries, plan changes). */
  actor: "user" | "system" | "job";
  fromStatus: SubscriptionStatus;
  toStatus: SubscriptionStatus;
};
export type SubscriptionChanges = {
  /** The subscription the changes are of; null when there is none. */
  subscriptionNo: SubscriptionNo | NullValue;
  changes: SubscriptionChange[];
};
export type ReactivateSubscriptionRequest = {
  subscriptionNo: SubscriptionNo;
  /** undo-cancellation from PENDING_CANCELLATION; reactivate from CANCELLED or TERMINATED. */
  action: "undo-cancellation" | "reactivate";
};
export type CancellationReceipt = {
  subscriptionNo: SubscriptionNo;
  instStatusCode: InstStatusCode;
  /** Last day of access (Europe/Oslo). */
  expiryDate: string;
};
export type CancellationReason =
  "price" | "content" | "time" | "technical" | "moving" | "other";
export type DeleteSubscriptionRequest = {
  subscriptionNo: SubscriptionNo;
  reason: CancellationReason;
  /** Free text, recommended with reason `other`. */
  comment?: string;
  /** Whether the user was shown the winback offer and accepted it. The offer itself is ordered through the order flow; here the flag is stored with the cancellation reason for reporting. */
  acceptedWinback: boolean;
};
export type WithdrawalStatus =
  | "AVAILABLE"
  | "WITHDRAWN"
  | "PERIOD_OVER"
  | "NO_ONLINE_PURCHASE"
  | "NOT_ACTIVE";
export type WithdrawalOrderKind = "new" | "reactivation" | "upgrade";
export type OrderPaymentProvider = "VIPPS" | "SWEDBANK-PPG";
export type WithdrawalRefundPart = {
  /** The order's short reference (as on its receipt), for customer service. */
  orderReference: string;
  kind: WithdrawalOrderKind;
  /** When the order was completed (paid). */
  paidAt: string;
  amountPaid: AmountOre;
  /** First day of the period the order paid for (Europe/Oslo). */
  periodStart: string;
  /** Last day of the period the order paid for (Europe/Oslo). */
  periodEnd: string;
  /** Days of the period the order paid for, both ends included. */
  periodDays: number;
  /** Whole days of that period before today (today is not charged). */
  daysUsed: number;
  valueUsed: AmountOre;
  amount: AmountOre;
  refundTo: OrderPaymentProvider;
};
export type WithdrawalRefund = {
  amount: AmountOre;
  amountPaid: AmountOre;
  valueUsed: AmountOre;
  parts: WithdrawalRefundPart[];
};
export type WithdrawalRefundStatus = "PENDING" | "REFUNDED" | "FAILED";
export type WithdrawalReceiptPart = {
  /** The order's short reference (as on its receipt). */
  orderReference: string;
  kind: WithdrawalOrderKind;
  paidAt: string;
  amountPaid: AmountOre;
  periodDays: number;
  daysUsed: number;
  valueUsed: AmountOre;
  refundAmount: AmountOre;
  refundTo: OrderPaymentProvider;
  refundStatus: WithdrawalRefundStatus;
};
export type WithdrawalReceipt = {
  /** The withdrawal's reference, for customer service and the bank statement. */
  reference: string;
  subscriptionNo: SubscriptionNo;
  titleCode: TitleCode;
  planName: string;
  /** When the subscription ended (access ended at once). */
  endedAt: string;
  /** Paid in all (the sum of the parts). */
  amountPaid: AmountOre;
  /** Refunded in all (the sum of the parts). */
  refundAmount: AmountOre;
  /** The payment method of the purchase that started the right (each part says where its own money goes). */
  refundTo: OrderPaymentProvider;
  /** Of the refund as a whole: FAILED when any part failed, else PENDING when any part is still being sent, else REFUNDED. */
  refundStatus: WithdrawalRefundStatus;
  /** Where the receipt was e-mailed; null when the account has no e-mail address. */
  receiptEmail: string | null;
  /** One per paid order refunded, oldest first. */
  parts: WithdrawalReceiptPart[];
};
export type WithdrawalRight = {
  subscriptionNo: SubscriptionNo;
  status: WithdrawalStatus;
  /** True exactly when `status` is AVAILABLE. */
  applies: boolean;
  /** The last day of the right (Europe/Oslo): the 14th day counted from the day after the purchase that started it was completed. Null without an online purchase. */
  lastDay: string | null;
  /** When the purchase that started the right was completed. */
  purchasedAt: string | null;
  /** What was paid in all for the subscription since the purchase that started the right (the purchase and any upgrade since). */
  amountPaid: AmountOre | NullValue;
  /** Set while AVAILABLE; for today only. */
  refund: WithdrawalRefund | NullValue;
  /** The payment method the purchase that started the right was paid with (each part says where its own money goes back to). */
  refundTo: OrderPaymentProvider | NullValue;
  /** Set when WITHDRAWN. */
  receipt: WithdrawalReceipt | NullValue;
};
export type WithdrawalRequest = {
  /** The refund (in øre) the reader was shown and confirms (`refund.amount` of `getWithdrawal`). When the server computes another amount now, nothing happens: 409 `WITHDRAWAL_AMOUNT_CHANGED`. */
  expectedRefund: AmountOre;
};
export type PaperStop = {
  from: string;
  to: string;
};
export type PauseReceipt = {
  subscriptionNo: SubscriptionNo;
  status: "PAUSED" | "ENDED";
  months: number;
  from: string;
  /** The pause's last planned day. */
  until: string;
  /** The day the reader ended it early (access again from that day); null while it runs. */
  endedOn: string | null;
  /** The renewal date as it is now, moved by the pause. */
  renewalDate: string | null;
  /** The paper's stop for the pause, as it stands now; null for none. */
  paperStop: PaperStop | NullValue;
};
export type PauseRequest = {
  /** How long the pause lasts, in months; 1, 2 or 3 (else 400 PAUSE_MONTHS_INVALID). */
  months: number;
};
export type PlanConversion = {
  subscriptionNo: SubscriptionNo;
  reason: ConversionReason;
  /** The first day the reader no longer qualifies (Europe/Oslo). */
  lapseDate: string;
  /** The renewal date from which the subscription is on the new plan. */
  effectiveDate: string;
  /** Where a student or pupil verifies again; null for the youth plan. */
  verifyAgainPath: string | null;
  choices: {
    ariaPlanID: AriaPlanId;
    planName: string;
    period: Period;
    price: AmountOre;
    /** The plan the subscription becomes now. */
    chosen: boolean;
    /** The plan the notice named. */
    default: boolean;
  }[];
};
export type PlanConversionChoice = {
  ariaPlanID: AriaPlanId;
  period: Period;
};
export type PlanChangeRequest = {
  subscriptionNo: SubscriptionNo;
  ariaPlanID: AriaPlanId;
  period: Period;
};
export type SubscriptionRef = {
  subscriptionNo: SubscriptionNo;
};
export const {
  useGetSubscriptionQuery,
  useLazyGetSubscriptionQuery,
  useListSubscriptionChangesQuery,
  useLazyListSubscriptionChangesQuery,
  useReactivateSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useGetWithdrawalQuery,
  useLazyGetWithdrawalQuery,
  useWithdrawSubscriptionMutation,
  usePauseSubscriptionMutation,
  useEndSubscriptionPauseMutation,
  useGetPlanConversionQuery,
  useLazyGetPlanConversionQuery,
  useChoosePlanConversionMutation,
  useSchedulePlanChangeMutation,
  useWithdrawPlanChangeMutation,
} = injectedRtkApi;
