// Business endpoints in use by the SPA: the admin's agreement with its seats and users
// (/administrer-bedrift), the per-address changes (invite, resend, remove, or a dry run of them),
// and the invited employee's verification with the e-mailed code (/bedrift).
//
// Cache: only an applied change (not a dry run, which stores nothing) makes the agreement stale.
// The verification calls change nothing the SPA has cached (the employee has no agreement to
// read), so they invalidate nothing; the screen reloads the subscription itself.
import { businessApi } from './business.gen';
import { withRetryAfter } from './retryAfter';

export const businessEndpoints = businessApi.enhanceEndpoints({
  endpoints: {
    getBusinessAgreement: { providesTags: ['business'] },
    changeBusinessUsers: {
      invalidatesTags: (_result, _error, arg) =>
        arg.businessUserChangesRequest.dryRun ? [] : ['business'],
      transformErrorResponse: withRetryAfter,
    },
    sendBusinessVerificationCode: {
      invalidatesTags: [],
      transformErrorResponse: withRetryAfter,
    },
    verifyBusinessInvitation: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
  },
});

export const {
  useGetBusinessAgreementQuery,
  useChangeBusinessUsersMutation,
  useSendBusinessVerificationCodeMutation,
  useVerifyBusinessInvitationMutation,
} = businessEndpoints;

export type {
  BusinessAgreement,
  BusinessChangeKind,
  BusinessChangeResult,
  BusinessSeats,
  BusinessUser,
  BusinessUserChange,
  BusinessUserChangeResult,
  BusinessUserChanges,
  BusinessVerificationCodeSent,
  BusinessVerificationResult,
} from './business.gen';
