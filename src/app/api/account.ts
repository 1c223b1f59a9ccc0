// Account endpoints in use by the SPA: the account, its profile, and connecting an existing
// subscription (search-account, verify/, account/assign).
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { accountApi } from './account.gen';

/** An API error with the seconds of a 429's Retry-After header (null when absent). */
export type RateLimitedError = FetchBaseQueryError & { readonly retryAfter: number | null };

/** Keeps a 429's Retry-After, which travels in a header RTK Query's error does not carry. */
function withRetryAfter(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): RateLimitedError {
  const header = meta?.response?.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return { ...error, retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}

export const accountEndpoints = accountApi.enhanceEndpoints({
  endpoints: {
    searchAccount: { transformErrorResponse: withRetryAfter },
  },
});

export type { Account } from './account.gen';
export type {
  AccountProfile,
  AccountUpdate,
  DeliveryAddress,
  SearchAccountApiArg,
  VerifyResult,
} from './account.gen';
export {
  useAssignAccountMutation,
  useGetAccountProfileQuery,
  useModifyAccountMutation,
  useSearchAccountMutation,
  useVerifyCodeMutation,
} from './account.gen';
