import { baseApi as api } from "./baseApi";
export const addTagTypes = ["account"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getAccount: build.query<GetAccountApiResponse, GetAccountApiArg>({
        query: (queryArg) => ({ url: `/account/${queryArg.id}` }),
        providesTags: ["account"],
      }),
      createAccount: build.mutation<
        CreateAccountApiResponse,
        CreateAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account`,
          method: "POST",
          body: queryArg.createAccountRequest,
        }),
        invalidatesTags: ["account"],
      }),
      modifyAccount: build.mutation<
        ModifyAccountApiResponse,
        ModifyAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account`,
          method: "PUT",
          body: queryArg.accountUpdate,
        }),
        invalidatesTags: ["account"],
      }),
      searchAccount: build.mutation<
        SearchAccountApiResponse,
        SearchAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/search-account`,
          method: "POST",
          body: queryArg.searchAccountRequest,
          headers: {
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["account"],
      }),
      verifyCode: build.mutation<VerifyCodeApiResponse, VerifyCodeApiArg>({
        query: (queryArg) => ({
          url: `/verify/`,
          method: "POST",
          body: queryArg.verifyRequest,
        }),
        invalidatesTags: ["account"],
      }),
      assignAccount: build.mutation<
        AssignAccountApiResponse,
        AssignAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account/assign`,
          method: "PUT",
          body: queryArg.assignAccountRequest,
        }),
        invalidatesTags: ["account"],
      }),
      getAccountProfile: build.query<
        GetAccountProfileApiResponse,
        GetAccountProfileApiArg
      >({
        query: (queryArg) => ({ url: `/account/${queryArg.id}/profile` }),
        providesTags: ["account"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as accountApi };
export type GetAccountApiResponse = /** status 200 The account. */ Account;
export type GetAccountApiArg = {
  /** Billing account number (ariaAccountNo) of the account to read. */
  id: AriaAccountNo;
};
export type CreateAccountApiResponse =
  /** status 201 Account created. */ CreateAccountResponse;
export type CreateAccountApiArg = {
  createAccountRequest: CreateAccountRequest;
};
export type ModifyAccountApiResponse =
  /** status 200 The updated account. */ Account;
export type ModifyAccountApiArg = {
  accountUpdate: AccountUpdate;
};
export type SearchAccountApiResponse =
  /** status 202 Verification started (an SMS is sent only if something matched). */ SearchAccountAccepted;
export type SearchAccountApiArg = {
  /** A key the client makes once per code it asks to be sent (a UUID). A browser sends a POST again by itself when a kept-alive connection closes before the answer; with the key, that repeat gets the first send's answer, counts towards no limit and sends nothing. The same key with another request body is refused with 422 `IDEMPOTENCY_KEY_REUSED`. */
  "Idempotency-Key"?: string;
  searchAccountRequest: SearchAccountRequest;
};
export type VerifyCodeApiResponse =
  /** status 200 The verification outcome. */ VerifyResult;
export type VerifyCodeApiArg = {
  verifyRequest: VerifyRequest;
};
export type AssignAccountApiResponse =
  /** status 200 The account now connected to the user. */ Account;
export type AssignAccountApiArg = {
  assignAccountRequest: AssignAccountRequest;
};
export type GetAccountProfileApiResponse =
  /** status 200 The profile. */ AccountProfile;
export type GetAccountProfileApiArg = {
  /** Billing account number (ariaAccountNo) of the account to read. */
  id: AriaAccountNo;
};
export type AriaAccountNo = string;
export type AmountOre = number;
export type TitleCode = string;
export type Currency = "NOK";
export type Account = {
  ariaAccountNo: AriaAccountNo;
  /** Identity-provider id of the owner. */
  spidId: string;
  accountBalance: AmountOre;
  firstTitleCode: TitleCode;
  currency: Currency;
  createdAt: string;
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
export type CreateAccountResponse = {
  ariaAccountNo: AriaAccountNo;
};
export type CreateAccountRequest = {
  /** Opening balance in øre; 0 for a new account. */
  accountBalance: number;
  /** Identity-provider id; must be the session user's. */
  spidId: string;
  firstTitleCode: TitleCode;
};
export type ContactPhoneNumber = string;
export type Email = string;
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
export type AccountUpdate = {
  ariaAccountNo: AriaAccountNo;
  /** Min Side's only when the identity provider has no given name for the reader; else 403 `IDENTITY_OWNED_FIELD`. */
  firstName?: string;
  /** Min Side's only when the identity provider has no family name for the reader; else 403 `IDENTITY_OWNED_FIELD`. */
  lastName?: string;
  phoneNumber?: ContactPhoneNumber;
  email?: Email;
  /** Given once, when neither the identity provider nor the profile knows it (it decides the age rules of orders): a real date from 1900-01-01 up to today (400 `BIRTH_DATE_INVALID`); when it is known already, 409 `BIRTH_DATE_ALREADY_SET` (customer service corrects it). Recorded in the account's audit trail. */
  birthDate?: string;
  address?: DeliveryAddress;
};
export type SearchAccountAccepted = {
  verificationId: string;
  /** The phone number the user searched with, masked (e.g. +47 *** ** 567); null when the search was by e-mail. Never derived from stored data. */
  maskedPhone: string | null;
  /** When the verification (and its SMS code) expires. */
  expiresAt: string;
};
export type PhoneNumber = string;
export type SearchAccountRequest = {
  email?: Email;
  phone?: PhoneNumber;
  titleCode: TitleCode;
};
export type VerifyResult = {
  /** Verification result code (requirements §4); anything but `ok` is shown as a catalogue message. */
  result:
    | "ok"
    | "ERROR_IN_CREATING_ACCOUNT"
    | "AMPS_RETURNED_NULL"
    | "REQUEST_MISSING_VALUES"
    | "EMAIL_DOES_NOT_EXIST"
    | "NO_SPID_FOUND"
    | "USER_HAS_ACTIVE_SUB"
    | "USER_IS_ACTIVE";
  /** One-time token for `assignAccount`; set only when `result` is `ok`. */
  connectToken: string | null;
};
export type VerificationCode = string;
export type VerifyRequest = {
  verificationId: string;
  code: VerificationCode;
};
export type AssignAccountRequest = {
  connectToken: string;
};
export type NullValue = null | null;
export type ProfileIdentity = {
  /** The profile fields PUT account refuses (403 IDENTITY_OWNED_FIELD). */
  ownedFields: ("firstName" | "lastName" | "birthDate")[];
  /** The e-mail the reader signs in with. */
  loginEmail: string | null;
  /** The provider's page where the reader changes what it owns, for this title and back to this site (IDENTITY_ACCOUNT_URL; by default the embedded provider's /idp/account); null when none is configured. */
  accountUrl: string | null;
};
export type AccountProfile = {
  ariaAccountNo: AriaAccountNo;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  email: string | null;
  birthDate: string | null;
  address: DeliveryAddress | NullValue;
  identity: ProfileIdentity;
};
export const {
  useGetAccountQuery,
  useLazyGetAccountQuery,
  useCreateAccountMutation,
  useModifyAccountMutation,
  useSearchAccountMutation,
  useVerifyCodeMutation,
  useAssignAccountMutation,
  useGetAccountProfileQuery,
  useLazyGetAccountProfileQuery,
} = injectedRtkApi;
