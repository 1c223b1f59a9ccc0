import { baseApi as api } from "./baseApi";
export const addTagTypes = ["student"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      registerStudentEmail: build.mutation<
        RegisterStudentEmailApiResponse,
        RegisterStudentEmailApiArg
      >({
        query: (queryArg) => ({
          url: `/student-email/`,
          method: "POST",
          body: queryArg.studentEmailRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["student"],
      }),
      activateStudentSubscription: build.mutation<
        ActivateStudentSubscriptionApiResponse,
        ActivateStudentSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/activate-student-subscription/`,
          method: "POST",
          body: queryArg.activateStudentSubscriptionRequest,
        }),
        invalidatesTags: ["student"],
      }),
      registerStudent: build.mutation<
        RegisterStudentApiResponse,
        RegisterStudentApiArg
      >({
        query: (queryArg) => ({
          url: `/register-student/`,
          method: "POST",
          body: queryArg.registerStudentRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["student"],
      }),
      activateStudent: build.mutation<
        ActivateStudentApiResponse,
        ActivateStudentApiArg
      >({
        query: (queryArg) => ({
          url: `/activate-student/`,
          method: "POST",
          body: queryArg.activateStudentRequest,
        }),
        invalidatesTags: ["student"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as studentApi };
export type RegisterStudentEmailApiResponse =
  /** status 200 The outcome. */ StudentResult;
export type RegisterStudentEmailApiArg = {
  /** A key the client makes once per code it asks to be sent (a UUID). A browser sends a POST again by itself when a kept-alive connection closes before the answer; with the key, that repeat gets the first send's answer, counts towards no limit and sends nothing. The same key with another request body is refused with 422 `IDEMPOTENCY_KEY_REUSED`. */
  "Idempotency-Key"?: string;
  studentEmailRequest: StudentEmailRequest;
};
export type ActivateStudentSubscriptionApiResponse =
  /** status 200 The outcome. */ StudentResult;
export type ActivateStudentSubscriptionApiArg = {
  activateStudentSubscriptionRequest: ActivateStudentSubscriptionRequest;
};
export type RegisterStudentApiResponse =
  /** status 200 The outcome. */ StudentResult;
export type RegisterStudentApiArg = {
  /** A key the client makes once per code it asks to be sent (a UUID). A browser sends a POST again by itself when a kept-alive connection closes before the answer; with the key, that repeat gets the first send's answer, counts towards no limit and sends nothing. The same key with another request body is refused with 422 `IDEMPOTENCY_KEY_REUSED`. */
  "Idempotency-Key"?: string;
  registerStudentRequest: RegisterStudentRequest;
};
export type ActivateStudentApiResponse =
  /** status 200 The outcome. */ StudentResult;
export type ActivateStudentApiArg = {
  activateStudentRequest: ActivateStudentRequest;
};
export type StudentResult = {
  /** - ok: done
    - ARIA_ACTIVE: "Du har allerede et aktivt abonnement"
    - EMAIL_WRONG: a student e-mail must be used
    - USER_EXIST_ACTIVE: already created
    - ERROR: generic error
    - CODE_WRONG: the code is wrong
    - INVALID_CODE: the code has expired, request a new one
    - USER_NOT_EXIST: no such registration
    - MISSING_PARAMETERS: kept for compatibility; schema validation answers 400 first
     */
  result:
    | "ok"
    | "ARIA_ACTIVE"
    | "EMAIL_WRONG"
    | "USER_EXIST_ACTIVE"
    | "ERROR"
    | "CODE_WRONG"
    | "INVALID_CODE"
    | "USER_NOT_EXIST"
    | "MISSING_PARAMETERS";
  /** Optional detail (nb); the SPA shows the catalogue message for `result`. */
  message: string | null;
  /** Registering (ok): the university, college or county the address belongs to (from the maintained domain list, or as the pupil typed their school). */
  institution?: string | null;
  /** Registering (ok): until when the e-mailed code works (10 minutes). */
  expiresAt?: string | null;
  /** Registering (ok): from when another code may be asked for; earlier asks are answered 429 with Retry-After. */
  resendAvailableAt?: string | null;
  /** Activating (ok): the last day the verification lasts (Europe/Oslo); the reader verifies again before it to keep the student plan. */
  validUntil?: string | null;
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
export type Email = string;
export type TitleCode = string;
export type StudentEmailRequest = {
  email: Email;
  titleCode: TitleCode;
};
export type VerificationCode = string;
export type ActivateStudentSubscriptionRequest = {
  email: Email;
  code: VerificationCode;
  titleCode: TitleCode;
};
export type RegisterStudentRequest = {
  email: Email;
  /** Name of the school or university. */
  institution: string;
  titleCode: TitleCode;
  /** student (higher education) or pupil (elev). */
  kind: "student" | "pupil";
};
export type ActivateStudentRequest = {
  code: VerificationCode;
  titleCode: TitleCode;
};
export const {
  useRegisterStudentEmailMutation,
  useActivateStudentSubscriptionMutation,
  useRegisterStudentMutation,
  useActivateStudentMutation,
} = injectedRtkApi;
