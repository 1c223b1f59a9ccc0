import { baseApi as api } from "./baseApi";
export const addTagTypes = ["complaint"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getComplaintCodes: build.query<
        GetComplaintCodesApiResponse,
        GetComplaintCodesApiArg
      >({
        query: () => ({ url: `/complaintcodes` }),
        providesTags: ["complaint"],
      }),
      getComplaints: build.query<GetComplaintsApiResponse, GetComplaintsApiArg>(
        {
          query: (queryArg) => ({
            url: `/subscription/${queryArg.subscriptionNo}/complaints`,
          }),
          providesTags: ["complaint"],
        },
      ),
      fileComplaint: build.mutation<
        FileComplaintApiResponse,
        FileComplaintApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/${queryArg.subscriptionNo}/complaints`,
          method: "POST",
          body: queryArg.complaintRequest,
        }),
        invalidatesTags: ["complaint"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as complaintApi };
export type GetComplaintCodesApiResponse =
  /** status 200 All complaint codes. */ ComplaintCodeList;
export type GetComplaintCodesApiArg = void;
export type GetComplaintsApiResponse =
  /** status 200 The complaint page of the subscription. */ ComplaintOverview;
export type GetComplaintsApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
};
export type FileComplaintApiResponse =
  /** status 201 The complaint is filed; its receipt. */ ComplaintReceipt;
export type FileComplaintApiArg = {
  /** Subscription number; one of another account is not found. */
  subscriptionNo: SubscriptionNo;
  complaintRequest: ComplaintRequest;
};
export type ComplaintCode = {
  code: string;
  /** Text shown to the user (nb). */
  description: string;
  /** Grouping of the code (e.g. missing, late, damaged). */
  category: string;
};
export type ComplaintCodeList = {
  complaintCodes: ComplaintCode[];
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
export type SubscriptionNo = string;
export type TitleCode = string;
export type ComplaintEligibility = "PAPER" | "NOT_PAPER" | "NOT_ACTIVE";
export type ComplaintDeliveryDay = {
  date: string;
  /** A complaint for this day of the subscription is filed already. */
  alreadyFiled: boolean;
  /** A delivery change (STOP) stopped the paper this day: no paper was due, so there is nothing to complain about. */
  deliveryStopped: boolean;
};
export type Complaint = {
  /** The complaint's reference for customer service: KLAGE- and 8 characters of Crockford base 32 with a check character, made from the complaint's number. */
  reference: string;
  filedAt: string;
  /** The delivery days complained about, most recent first. */
  dates: string[];
  code: string;
  /** The code's text (nb). */
  description: string;
  comment: string | null;
};
export type ComplaintOverview = {
  subscriptionNo: SubscriptionNo;
  titleCode: TitleCode;
  eligibility: ComplaintEligibility;
  /** The subscription's first day (Europe/Oslo): no paper was due before it, so no earlier day is offered. */
  startDate: string;
  /** How many calendar days back (today included) a delivery day may be. */
  windowDays: number;
  commentMaxLength: number;
  /** Today's e-paper of the title. */
  epaperUrl: string;
  /** The days a complaint may be filed for, most recent first (empty unless PAPER). */
  deliveryDays: ComplaintDeliveryDay[];
  /** The complaints filed for this subscription, newest first. */
  complaints: Complaint[];
};
export type MissedPaperCredit = {
  /** The credit in øre: per day, the paper's share of the price of the paid period the day fell in, over that period's delivery days (rounded down to whole øre). */
  amountOre: number;
  /** The day of the next charge (the renewal) it is taken off. A renewal leaves at least 1 kr to pay; a credit that does not fit waits for the renewal after. */
  appliesTo: string;
};
export type NullValue = null | null;
export type ComplaintReceipt = {
  complaint: Complaint;
  /** Today's e-paper of the title, to read at once. */
  epaperUrl: string;
  /** Where the confirmation was e-mailed; null when the account has no e-mail address. */
  receiptEmail: string | null;
  /** The delivery address has had several complaints in the last 30 days (this one included): customer service is asked to tell the distributor. */
  repeated: boolean;
  /** What the next invoice takes off for the papers of this complaint that did not come (code UTEBLITT, days the reader paid for); null when nothing is credited, and then the receipt says nothing about money. */
  credit: MissedPaperCredit | NullValue;
};
export type ComplaintRequest = {
  /** Delivery days (Europe/Oslo) the complaint is about. */
  dates: string[];
  /** A code of `GET complaintcodes`. */
  code: string;
  /** Optional free text for customer service. */
  comment?: string;
};
export const {
  useGetComplaintCodesQuery,
  useLazyGetComplaintCodesQuery,
  useGetComplaintsQuery,
  useLazyGetComplaintsQuery,
  useFileComplaintMutation,
} = injectedRtkApi;
