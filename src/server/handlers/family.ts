// Family sharing (/familiedeling, /verifiser-familiemedlem, /deling-akseptert): the owner's
// family, invitations by e-mail or SMS, the invitee's answer by the link's token, removing and
// leaving. Everything acts for the session user only; every id is checked against the session in
// domain/family (another owner's invitation or member is not found). The rules live there.
import type { FastifyRequest } from 'fastify';

import {
  acceptInvitation,
  declineInvitation,
  inviteMember,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from '../domain/family/invitations';
import { leaveFamily, removeMember } from '../domain/family/members';
import type { FamilyDeps, Reader } from '../domain/family/rules';
import { familySharing } from '../domain/family/sharing';
import type { Handlers } from '../http/operations';
import { requestOrigin, requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

/** The session user as the family rules see them (the identity's name, e-mail and phone). */
async function readerOf(request: FastifyRequest): Promise<Reader> {
  const session = await requireSession(request);
  return {
    spidId: session.spidId,
    ariaAccountNo: session.account?.ariaAccountNo ?? null,
    name: session.claims.name,
    email: session.claims.email,
    phoneNumber: session.claims.phoneNumber,
  };
}

const depsOf = (request: FastifyRequest): FamilyDeps => {
  const { db, clock } = request.server.services;
  return { db, clock, requestOrigin: requestOrigin(request) };
};

export const handlers: Handlers = {
  async getFamilySharing(request) {
    const reader = await readerOf(request);
    const { db, clock } = request.server.services;
    const sharing = await familySharing(
      db,
      clock,
      reader.ariaAccountNo,
      normaliseTitleCode(request.params.titleCode),
    );
    return {
      ...sharing,
      members: [...sharing.members],
      invitations: [...sharing.invitations],
      familySharePlans: [...sharing.familySharePlans],
    };
  },

  async inviteFamilyMember(request, reply) {
    const reader = await readerOf(request);
    const invitation = await inviteMember(
      depsOf(request),
      reader,
      normaliseTitleCode(request.params.titleCode),
      request.body,
    );
    return reply.code(201).send(invitation);
  },

  async resendFamilyInvitation(request) {
    return resendInvitation(depsOf(request), await readerOf(request), request.params.invitationId);
  },

  async withdrawFamilyInvitation(request) {
    return withdrawInvitation(
      depsOf(request),
      await readerOf(request),
      request.params.invitationId,
    );
  },

  async removeFamilyMember(request) {
    return removeMember(depsOf(request), await readerOf(request), request.params.memberId);
  },

  async leaveFamilySharing(request) {
    return leaveFamily(
      depsOf(request),
      await readerOf(request),
      normaliseTitleCode(request.params.titleCode),
    );
  },

  async previewFamilyInvitation(request) {
    const preview = await previewInvitation(
      depsOf(request),
      await readerOf(request),
      request.body.token,
    );
    return { ...preview, features: [...preview.features] };
  },

  async acceptFamilyInvitation(request) {
    const subscription = await acceptInvitation(
      depsOf(request),
      await readerOf(request),
      request.body.token,
    );
    return { ...subscription, features: [...subscription.features] };
  },

  async declineFamilyInvitation(request) {
    const preview = await declineInvitation(
      depsOf(request),
      await readerOf(request),
      request.body.token,
    );
    return { ...preview, features: [...preview.features] };
  },
};
