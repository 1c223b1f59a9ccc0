import { baseApi as api } from "./baseApi";
export const addTagTypes = ["business"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getBusinessAgreement: build.query<
        GetBusinessAgreementApiResponse,
        GetBusinessAgreementApiArg
      >({
        query: (queryArg) => ({ url: `/business/${queryArg.titleCode}` }),
        providesTags: ["business"],
      }),
      changeBusinessUsers: build.mutation<
        ChangeBusinessUsersApiResponse,
        ChangeBusinessUsersApiArg
      >({
        query: (queryArg) => ({
          url: `/business/${queryArg.titleCode}/users`,
          method: "POST",
          body: queryArg.businessUserChangesRequest,
        }),
        invalidatesTags: ["business"],
      }),
      sendBusinessVerificationCode: build.mutation<
        SendBusinessVerificationCodeApiResponse,
        SendBusinessVerificationCodeApiArg
      >({
        query: (queryArg) => ({
          url: `/business/verification/code`,
          method: "POST",
          body: queryArg.businessVerificationCodeRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["business"],
      }),
      verifyBusinessInvitation: build.mutation<
        VerifyBusinessInvitationApiResponse,
        VerifyBusinessInvitationApiArg
      >({
        query: (queryArg) => ({
          url: `/business/verification`,
          method: "POST",
          body: queryArg.businessVerificationRequest,
        }),
        invalidatesTags: ["business"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as businessApi };
export type GetBusinessAgreementApiResponse =
  /** status 200 The agreement as its admin sees it. */ BusinessAgreement;
export type GetBusinessAgreementApiArg = {
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
};
export type ChangeBusinessUsersApiResponse =
  /** status 200 One result per change, in the order sent, and the seats after them. */ BusinessUserChanges;
export type ChangeBusinessUsersApiArg = {
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
  businessUserChangesRequest: BusinessUserChangesRequest;
};
export type SendBusinessVerificationCodeApiResponse =
  /** status 202 The code is on its way to the invited address. */ BusinessVerificationCodeSent;
export type SendBusinessVerificationCodeApiArg = {
  /** A key the client makes once per code it asks to be sent (a UUID). A browser sends a POST again by itself when a kept-alive connection closes before the answer; with the key, that repeat gets the first send's answer, counts towards no limit and sends nothing. The same key with another request body is refused with 422 `IDEMPOTENCY_KEY_REUSED`. */
  "Idempotency-Key"?: string;
  businessVerificationCodeRequest: BusinessVerificationCodeRequest;
};
export type VerifyBusinessInvitationApiResponse =
  /** status 200 The verification outcome. */ BusinessVerificationResult;
export type VerifyBusinessInvitationApiArg = {
  businessVerificationRequest: BusinessVerificationRequest;
};
export type TitleCode = string;
export type BusinessSeats = {
  used: number;
  max: number;
  remaining: number;
};
export type BusinessUserStatus = "emailSent" | "active";
export type BusinessUser = {
  /** The address as invited (lower case). */
  email: string;
  /** The day (Europe/Oslo) the address was added. */
  dateAdded: string;
  status: BusinessUserStatus;
  /** The employee's name once active; null for an invitation. */
  name: string | null;
  /** When the invitation was last e-mailed; null once active. */
  lastSentAt: string | null;
  /** Until when the link of the last invitation e-mail works (30 days); after it the admin sends it again (UPDATE). Null once active. */
  linkExpiresAt: string | null;
};
export type BusinessAgreement = {
  titleCode: TitleCode;
  companyName: string;
  /** The domains an invited address must have (exactly, case aside; subdomains only when listed themselves). */
  emailDomains: string[];
  seats: BusinessSeats;
  /** How many changes one `changeBusinessUsers` request may carry. */
  maxChangesPerRequest: number;
  /** Invited and active employees, newest first. */
  users: BusinessUser[];
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
export type BusinessChangeKind = "ADD" | "UPDATE" | "REMOVE";
export type BusinessChangeResult =
  | "emailSent"
  | "errorSaved"
  | "wrongEmailDomain"
  | "userExist"
  | "maxUsersReached"
  | "invalidEmail"
  | "duplicate"
  | "resent"
  | "notExist"
  | "deleted"
  | "failed";
export type BusinessUserChangeResult = {
  kind: BusinessChangeKind;
  /** The address as sent, trimmed. */
  email: string;
  result: BusinessChangeResult;
};
export type BusinessUserChanges = {
  /** True when nothing was stored or sent. */
  dryRun: boolean;
  /** One result per change, in the order sent. */
  results: BusinessUserChangeResult[];
  seats: BusinessSeats;
};
export type BusinessUserChange = {
  kind: BusinessChangeKind;
  /** The address as the admin typed it; it is trimmed and compared case-insensitively. An address that is not valid is answered `invalidEmail`, not refused with 400. */
  email: string;
};
export type BusinessUserChangesRequest = {
  changes: BusinessUserChange[];
  /** Answer what would happen, without storing or sending anything. */
  dryRun?: boolean;
};
export type BusinessVerificationCodeSent = {
  /** The invited address, masked (n********@bedrift.no). */
  sentTo: string;
  /** When the code stops working. */
  expiresAt: string;
};
export type BusinessVerificationCodeRequest = {
  /** The `invitasjon` of the invitation link (opaque). */
  token: string;
};
export type BusinessVerificationResult = {
  /** requirements §4 verification result codes, and the code step's:
    - ok: verified; the seat is the user's now
    - ERROR_IN_CREATING_ACCOUNT: the user's billing account could not be created
    - AMPS_RETURNED_NULL: the subscription system gave no seat (no business plan for the title)
    - REQUEST_MISSING_VALUES: no token
    - EMAIL_DOES_NOT_EXIST: no invitation for the token (unknown, removed, or replaced by a resend)
    - NO_SPID_FOUND: the identity provider does not know the signed-in user
    - USER_HAS_ACTIVE_SUB: the user has a subscription with access to the title already
    - USER_IS_ACTIVE: the invitation is used already
    - LINK_EXPIRED: the link is older than 30 days; the admin sends a new one
    - CODE_REQUIRED: signed in with another address than the invited one; send a code
    - CODE_WRONG: the code is wrong (5 wrong tries end it)
    - CODE_EXPIRED: the code is too old, used, ended, or not this user's: ask for a new one
     */
  result:
    | "ok"
    | "ERROR_IN_CREATING_ACCOUNT"
    | "AMPS_RETURNED_NULL"
    | "REQUEST_MISSING_VALUES"
    | "EMAIL_DOES_NOT_EXIST"
    | "NO_SPID_FOUND"
    | "USER_HAS_ACTIVE_SUB"
    | "USER_IS_ACTIVE"
    | "LINK_EXPIRED"
    | "CODE_REQUIRED"
    | "CODE_WRONG"
    | "CODE_EXPIRED";
  /** The inviting company, when the token names an invitation. */
  companyName: string | null;
  /** The invited address, masked, when the token names an invitation. */
  maskedEmail: string | null;
};
export type InvitationToken = string;
export type VerificationCode = string;
export type BusinessVerificationRequest = {
  token?: InvitationToken;
  code?: VerificationCode;
};
export const {
  useGetBusinessAgreementQuery,
  useLazyGetBusinessAgreementQuery,
  useChangeBusinessUsersMutation,
  useSendBusinessVerificationCodeMutation,
  useVerifyBusinessInvitationMutation,
} = injectedRtkApi;
