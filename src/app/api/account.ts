// Account endpoints in use by the SPA: the account, its profile, and connecting an existing
// subscription (search-account, verify/, account/assign).
import { accountApi } from './account.gen';
import { withRetryAfter } from './retryAfter';

export type { RateLimitedError } from './retryAfter';

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
