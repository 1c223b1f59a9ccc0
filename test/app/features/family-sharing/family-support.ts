// Shared by the family sharing screen tests: the family as GET family-sharing/{titleCode}
// answers it for an owner, a member and a subscriber without family sharing, and an invitation
// link's preview.
import type {
  FamilyInvitation,
  FamilyInvitationPreview,
  FamilySharing,
} from '../../../../src/app/api/family';

export const FAMILY_PATH = '/api/family-sharing/FVN';

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const invitation = (overrides: Partial<FamilyInvitation> = {}): FamilyInvitation => ({
  invitationId: 'inv-1',
  recipient: 'morten@example.no',
  channel: 'EMAIL',
  state: 'valid',
  sentAt: '2026-03-08T18:02:00+01:00',
  expiresAt: '2026-03-15T18:02:00+01:00',
  resendAvailableAt: '2026-03-08T18:02:00+01:00',
  ...overrides,
});

export const ownerFamily = (overrides: Partial<FamilySharing> = {}): FamilySharing => ({
  titleCode: 'FVN',
  role: 'OWNER',
  reason: null,
  maxMembers: 4,
  usedCount: 2,
  remainingCount: 2,
  members: [
    {
      memberId: 'mem-1',
      displayName: 'Frida Familie',
      joinedAt: '2026-02-01T10:15:00+01:00',
    },
  ],
  invitations: [
    invitation(),
    invitation({
      invitationId: 'inv-2',
      recipient: '+4791234567',
      channel: 'SMS',
      state: 'declined',
      resendAvailableAt: null,
    }),
  ],
  membership: null,
  familySharePlans: [],
  ...overrides,
});

export const memberFamily = (overrides: Partial<FamilySharing> = {}): FamilySharing => ({
  titleCode: 'FVN',
  role: 'MEMBER',
  reason: null,
  maxMembers: null,
  usedCount: null,
  remainingCount: null,
  members: [],
  invitations: [],
  membership: {
    ownerName: 'Dag Digital',
    planName: 'Premium digital',
    since: '2026-02-01T10:15:00+01:00',
    endsOn: null,
  },
  familySharePlans: [],
  ...overrides,
});

export const notIncludedFamily = (): FamilySharing => ({
  titleCode: 'FVN',
  role: 'NONE',
  reason: 'NOT_INCLUDED',
  maxMembers: null,
  usedCount: null,
  remainingCount: null,
  members: [],
  invitations: [],
  membership: null,
  familySharePlans: [
    { ariaPlanID: 'C-DIGITAL-PREMIUM', planName: 'Premium digital', productType: 'DIGITAL' },
    { ariaPlanID: 'C-COMBO-PAPIR', planName: 'Papir + digital', productType: 'COMBO' },
  ],
});

export const preview = (
  overrides: Partial<FamilyInvitationPreview> = {},
): FamilyInvitationPreview => ({
  state: 'valid',
  inviterName: 'Dag Digital',
  titleCode: 'FVN',
  titleName: 'Fædrelandsvennen',
  planName: 'Premium digital',
  features: ['content', 'e-paper'],
  expiresAt: '2026-03-17T09:00:00+01:00',
  hasOwnActiveSubscription: false,
  ...overrides,
});
