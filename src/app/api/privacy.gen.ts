import { baseApi as api } from "./baseApi";
export const addTagTypes = ["privacy"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getConsents: build.query<GetConsentsApiResponse, GetConsentsApiArg>({
        query: (queryArg) => ({
          url: `/privacy/${queryArg.titleCode}/consents`,
        }),
        providesTags: ["privacy"],
      }),
      saveConsents: build.mutation<SaveConsentsApiResponse, SaveConsentsApiArg>(
        {
          query: (queryArg) => ({
            url: `/privacy/${queryArg.titleCode}/consents`,
            method: "PUT",
            body: queryArg.consentChange,
          }),
          invalidatesTags: ["privacy"],
        },
      ),
      getDataExport: build.query<GetDataExportApiResponse, GetDataExportApiArg>(
        {
          query: () => ({ url: `/privacy/export` }),
          providesTags: ["privacy"],
        },
      ),
      requestDataExport: build.mutation<
        RequestDataExportApiResponse,
        RequestDataExportApiArg
      >({
        query: (queryArg) => ({
          url: `/privacy/export`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["privacy"],
      }),
      getDeletionRequest: build.query<
        GetDeletionRequestApiResponse,
        GetDeletionRequestApiArg
      >({
        query: () => ({ url: `/privacy/deletion` }),
        providesTags: ["privacy"],
      }),
      requestDeletion: build.mutation<
        RequestDeletionApiResponse,
        RequestDeletionApiArg
      >({
        query: (queryArg) => ({
          url: `/privacy/deletion`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["privacy"],
      }),
      cancelDeletion: build.mutation<
        CancelDeletionApiResponse,
        CancelDeletionApiArg
      >({
        query: () => ({ url: `/privacy/deletion`, method: "DELETE" }),
        invalidatesTags: ["privacy"],
      }),
      downloadDataExport: build.query<
        DownloadDataExportApiResponse,
        DownloadDataExportApiArg
      >({
        query: (queryArg) => ({ url: `/privacy/export/${queryArg.exportId}` }),
        providesTags: ["privacy"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as privacyApi };
export type GetConsentsApiResponse =
  /** status 200 The reader's choices. */ ConsentSettings;
export type GetConsentsApiArg = {
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
};
export type SaveConsentsApiResponse =
  /** status 200 The reader's choices after the change. */ ConsentSettings;
export type SaveConsentsApiArg = {
  /** Title code, e.g. FVN (case-insensitive; the server normalises to upper case). */
  titleCode: TitleCode;
  consentChange: ConsentChange;
};
export type GetDataExportApiResponse =
  /** status 200 The latest copy, if any. */ {
    latest: DataExport | NullValue;
  };
export type GetDataExportApiArg = void;
export type RequestDataExportApiResponse =
  /** status 201 The copy, ready for download. */ DataExport;
export type RequestDataExportApiArg = {
  body: {
    titleCode: TitleCode;
  };
};
export type GetDeletionRequestApiResponse =
  /** status 200 The request that waits, if any. */ {
    waiting: DeletionRequest | NullValue;
  };
export type GetDeletionRequestApiArg = void;
export type RequestDeletionApiResponse =
  /** status 202 Requested; the reader is signed out. */ DeletionRequest;
export type RequestDeletionApiArg = {
  body: {
    titleCode: TitleCode;
  };
};
export type CancelDeletionApiResponse = /** status 200 Called off. */ {
  renewedAgain: SubscriptionNo[];
};
export type CancelDeletionApiArg = void;
export type DownloadDataExportApiResponse =
  /** status 200 Everything Min Side holds about the reader. */ PersonalData;
export type DownloadDataExportApiArg = {
  /** The copy's id as GET /privacy/export gave it. */
  exportId: string;
};
export type TitleCode = string;
export type ConsentCategories = {
  advertising: boolean | null;
  analytics: boolean | null;
  marketing: boolean | null;
  personalization: boolean | null;
};
export type ConsentPermissions = {
  /** News and offers by e-mail (/samtykke1). */
  email: boolean | null;
  /** Offers and reminders by SMS (/samtykke2). */
  sms: boolean | null;
  /** Invitations to reader surveys and the reader panel (/samtykke3). */
  surveys: boolean | null;
};
export type ConsentSettings = {
  titleCode: TitleCode;
  categories: ConsentCategories;
  permissions: ConsentPermissions;
  /** The last change; null when the reader has never answered. */
  updatedAt: string | null;
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
export type ConsentChange = {
  /** Where the change was made (kept in the audit trail). */
  source: "dialog" | "settings" | "samtykke1" | "samtykke2" | "samtykke3";
  categories?: {
    advertising?: boolean;
    analytics?: boolean;
    marketing?: boolean;
    personalization?: boolean;
  };
  permissions?: {
    email?: boolean;
    sms?: boolean;
    surveys?: boolean;
  };
};
export type DataExport = {
  id: string;
  status: "ready" | "expired";
  requestedAt: string;
  /** Until when the copy can be downloaded; its content is deleted then. */
  expiresAt: string;
  sizeBytes: number;
};
export type NullValue = null | null;
export type SubscriptionNo = string;
export type DeletionRequest = {
  id: string;
  requestedAt: string;
  /** When the data is erased, unless the reader calls it off first. */
  eraseAt: string;
  /** The subscriptions the request stopped from renewing. */
  stoppedSubscriptions: SubscriptionNo[];
};
export type PersonalDataRecord = {
  [key: string]: PersonalDataValue;
};
export type PersonalDataList = (
  (string | null) | number | boolean | PersonalDataRecord
)[];
export type PersonalDataValue =
  (string | null) | number | boolean | PersonalDataList | PersonalDataRecord;
export type PersonalData = {
  generatedAt: string;
  /** The reader as the identity provider knows them. */
  identity: {
    id: string;
    name: string;
    email: string;
    phone: string;
    birthDate: string | null;
  };
  /** The customer account; null when the reader has none. */
  account: {
    [key: string]: PersonalDataValue;
  } | null;
  /** The profile kept with the account; null when there is none. */
  profile: {
    [key: string]: PersonalDataValue;
  } | null;
  /** Each subscription with its plan. */
  subscriptions: PersonalDataRecord[];
  /** Every change of a subscription (state, plan, payment). */
  subscriptionEvents: PersonalDataRecord[];
  /** Orders, paid or not. */
  orders: PersonalDataRecord[];
  /** Invoices, charges and refunds. */
  invoicesAndPayments: PersonalDataRecord[];
  /** Changes of payment method. */
  paymentMethodChanges: PersonalDataRecord[];
  /** Purchases withdrawn under the right of withdrawal. */
  withdrawals: PersonalDataRecord[];
  /** Paper delivery stops and redirections. */
  deliveryChanges: PersonalDataRecord[];
  /** Delivery complaints with their dates and the credits for papers that did not come. */
  complaints: PersonalDataRecord[];
  /** Invitations to share the subscription. */
  familyInvitationsSent: PersonalDataRecord[];
  /** Family sharing the reader owns or is a member of. */
  familyMemberships: PersonalDataRecord[];
  /** Seats on a business agreement. */
  businessSeats: PersonalDataRecord[];
  /** Student and pupil verifications. */
  studentVerifications: PersonalDataRecord[];
  /** Plan changes made when an offer ran out (student, youth). */
  planConversions: PersonalDataRecord[];
  /** Privacy choices per title. */
  consents: PersonalDataRecord[];
  /** Every change of those choices and where it was made. */
  consentHistory: PersonalDataRecord[];
  /** The messages the reader closed. */
  segmentMessagesClosed: PersonalDataRecord[];
  /** Requests to delete the reader's data, waiting or called off. */
  deletionRequests: PersonalDataRecord[];
  /** Changes to the account and profile. */
  accountEvents: PersonalDataRecord[];
};
export const {
  useGetConsentsQuery,
  useLazyGetConsentsQuery,
  useSaveConsentsMutation,
  useGetDataExportQuery,
  useLazyGetDataExportQuery,
  useRequestDataExportMutation,
  useGetDeletionRequestQuery,
  useLazyGetDeletionRequestQuery,
  useRequestDeletionMutation,
  useCancelDeletionMutation,
  useDownloadDataExportQuery,
  useLazyDownloadDataExportQuery,
} = injectedRtkApi;
