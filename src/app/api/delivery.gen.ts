import { baseApi as api } from "./baseApi";
export const addTagTypes = ["delivery"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getDeliveryChanges: build.query<
        GetDeliveryChangesApiResponse,
        GetDeliveryChangesApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/delivery-changes`,
        }),
        providesTags: ["delivery"],
      }),
      createDeliveryChange: build.mutation<
        CreateDeliveryChangeApiResponse,
        CreateDeliveryChangeApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/delivery-changes`,
          method: "POST",
          body: queryArg.deliveryChangeRequest,
        }),
        invalidatesTags: ["delivery"],
      }),
      updateDeliveryChange: build.mutation<
        UpdateDeliveryChangeApiResponse,
        UpdateDeliveryChangeApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/delivery-changes/${queryArg.changeId}`,
          method: "PUT",
          body: queryArg.deliveryChangeRequest,
        }),
        invalidatesTags: ["delivery"],
      }),
      withdrawDeliveryChange: build.mutation<
        WithdrawDeliveryChangeApiResponse,
        WithdrawDeliveryChangeApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/delivery-changes/${queryArg.changeId}`,
          method: "DELETE",
        }),
        invalidatesTags: ["delivery"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as deliveryApi };
export type GetDeliveryChangesApiResponse =
  /** status 200 The delivery change page of the subscription. */ DeliveryChangeOverview;
export type GetDeliveryChangesApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
};
export type CreateDeliveryChangeApiResponse =
  /** status 201 The change is registered. */ DeliveryChange;
export type CreateDeliveryChangeApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  deliveryChangeRequest: DeliveryChangeRequest;
};
export type UpdateDeliveryChangeApiResponse =
  /** status 200 The change as it now is. */ DeliveryChange;
export type UpdateDeliveryChangeApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  /** Delivery change id; one of another subscription is not found. */
  changeId: string;
  deliveryChangeRequest: DeliveryChangeRequest;
};
export type WithdrawDeliveryChangeApiResponse =
  /** status 200 The withdrawn change. */ DeliveryChange;
export type WithdrawDeliveryChangeApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  /** Delivery change id; one of another subscription is not found. */
  changeId: string;
};
export type SubscriptionNo = string;
export type TitleCode = string;
export type DeliveryChangeEligibility = "PAPER" | "NOT_PAPER" | "NOT_ACTIVE";
export type DeliveryCalendar = {
  /** The first delivery day whose cut-off has not passed. */
  earliestStart: string;
  /** The cut-off instant of `earliestStart`. */
  cutOff: string;
  /** The title's cut-off time in Europe/Oslo (HH:MM). */
  cutOffTime: string;
  cutOffDaysBefore: number;
  /** Publishing weekdays, ISO (1 Monday … 7 Sunday). */
  weekdays: number[];
  /** The last date a change may reach. */
  lastDate: string;
  /** Delivery days from `earliestStart` to `lastDate`, ascending. */
  deliveryDays: string[];
};
export type NullValue = null | null;
export type DeliveryPriceEffect = {
  /** NONE: a stop does not change the price (digital access continues). PER_ISSUE: each stopped issue is credited on the next renewal invoice with the paper's share of the price of the billed and paid period it falls in. */
  stopCredit: "NONE" | "PER_ISSUE";
  /** The credit of one stopped issue now: the paper's share of the price of the billed period today falls in (else the latest one) over its delivery days. Null where the title credits none or nothing has been billed for the subscription here yet. */
  creditPerIssueOre: number | null;
  /** The paper's share of the price a stopped issue is credited with (per cent). */
  paperSharePercent: number | null;
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
export type DeliveryChangeType = "STOP" | "TRANSFER" | "PERMANENT";
export type DeliveryMoveNotApplied = "NOT_PAPER" | "NOT_ACTIVE";
export type DeliveryChange = {
  id: string;
  type: DeliveryChangeType;
  fromDate: string;
  toDate: string | null;
  openEnd: boolean;
  status: "PLANNED" | "CURRENT" | "PAST" | "WITHDRAWN";
  /** Until this instant the change can be edited or withdrawn. */
  cutOff: string;
  /** The change can be edited in full or withdrawn (before `cutOff`). */
  editable: boolean;
  /** A started (or locked) STOP or TRANSFER whose end can still be moved (with `updateDeliveryChange`, same type and start): the first delivery the new end changes is not before the earliest possible day. */
  endEditable: boolean;
  /** Delivery days the change covers (an open-ended stop: those from its start up to today, 0 before it starts); for PERMANENT 0. */
  issues: number;
  /** What a STOP is credited on renewal invoices, as far as can be told today: the øre credited so far and the rest of its stopped issues at the paper's share of the price of the billed period each falls in (0 where the title credits none; a day of a trial, or of a period never billed and paid, is not credited). */
  creditOre: number;
  /** The address of a TRANSFER or PERMANENT change; null for STOP. */
  address: DeliveryAddress | NullValue;
  /** A PERMANENT that was not carried out on its first day because its subscription was no longer paper (NOT_PAPER) or had no access (NOT_ACTIVE) then; the account's address stayed. Null otherwise. */
  notApplied: DeliveryMoveNotApplied | NullValue;
};
export type DeliveryChangeOverview = {
  subscriptionNo: SubscriptionNo;
  titleCode: TitleCode;
  eligibility: DeliveryChangeEligibility;
  /** Null unless PAPER. */
  calendar: DeliveryCalendar | NullValue;
  price: DeliveryPriceEffect;
  /** The account's delivery address now. */
  address: DeliveryAddress | NullValue;
  planned: DeliveryChange[];
  current: DeliveryChange[];
  history: DeliveryChange[];
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
export type DeliveryChangeAddress = {
  coName: string;
  street: string;
  streetNumber: string;
  flatNumber?: string;
  floor?: string;
  /** Four digits of the postal-code register. */
  postalCode: string;
  place?: string;
};
export type DeliveryChangeRequest = {
  type: DeliveryChangeType;
  /** The first delivery day of the change (Europe/Oslo). */
  fromDate: string;
  /** The last delivery day of the change; left out with `openEnd` (STOP) and for PERMANENT. */
  toDate?: string;
  /** A STOP until further notice (no `toDate`). */
  openEnd?: boolean;
  address?: DeliveryChangeAddress;
};
export const {
  useGetDeliveryChangesQuery,
  useLazyGetDeliveryChangesQuery,
  useCreateDeliveryChangeMutation,
  useUpdateDeliveryChangeMutation,
  useWithdrawDeliveryChangeMutation,
} = injectedRtkApi;
