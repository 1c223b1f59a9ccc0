// Family sharing endpoints in use by the SPA (/familiedeling, /verifiser-familiemedlem,
// /deling-akseptert). Every change the owner or a member makes reads the family again (the
// generated `family` tag); the preview of an invitation link is not part of that tag, so
// accepting or declining does not ask for it again behind the screen's back (it would read
// "used" a moment before the reader is taken on). The calls that can be rate-limited keep the
// 429's Retry-After, which RTK Query's error does not carry (problem.ts reads it).
import { familyApi } from './family.gen';
import { withRetryAfter } from './retryAfter';

export const familyEndpoints = familyApi.enhanceEndpoints({
  endpoints: {
    previewFamilyInvitation: {
      providesTags: [],
      transformErrorResponse: withRetryAfter,
    },
    inviteFamilyMember: { transformErrorResponse: withRetryAfter },
    resendFamilyInvitation: { transformErrorResponse: withRetryAfter },
    acceptFamilyInvitation: { transformErrorResponse: withRetryAfter },
    declineFamilyInvitation: { transformErrorResponse: withRetryAfter },
  },
});

export const {
  useGetFamilySharingQuery,
  useInviteFamilyMemberMutation,
  useResendFamilyInvitationMutation,
  useWithdrawFamilyInvitationMutation,
  useRemoveFamilyMemberMutation,
  useLeaveFamilySharingMutation,
  usePreviewFamilyInvitationQuery,
  useAcceptFamilyInvitationMutation,
  useDeclineFamilyInvitationMutation,
} = familyEndpoints;

export type {
  FamilyInvitation,
  FamilyInvitationPreview,
  FamilyInvitationRequest,
  FamilyInvitationState,
  FamilyMember,
  FamilyMembership,
  FamilySharePlan,
  FamilySharing,
} from './family.gen';
