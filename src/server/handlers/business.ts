// Business agreements: the admin's view and changes of the seats (/administrer-bedrift) and the
// invited employee's verification (/bedrift). The agreement is always the one the session user's
// own admin subscription administers (domain/business/agreements.ts); the rules are in
// domain/business.
import type { FastifyRequest } from 'fastify';

import { titleCodeForOrigin } from '../../shared/publications/registry';
import { agreementOfAdmin } from '../domain/business/agreements';
import { agreementView, type Admin, changeUsers } from '../domain/business/changes';
import { productionOrigin } from '../domain/business/messages';
import { sendVerificationCode, verifyInvitation } from '../domain/business/verification';
import type { Handlers } from '../http/operations';
import { ProblemError } from '../http/problem';
import { requestOrigin, requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

/** The session user as admin of the title's agreement, else 403 (404 without an agreement). */
async function requireAdmin(request: FastifyRequest, titleCode: string): Promise<Admin> {
  const session = await requireSession(request);
  const lookup = await agreementOfAdmin(
    request.server.services.db,
    session.account?.ariaAccountNo ?? null,
    titleCode,
  );
  if (lookup.kind === 'not-admin') {
    request.log.info({ spidId: session.spidId, titleCode }, 'business admin required');
    throw new ProblemError(
      403,
      'BUSINESS_ADMIN_REQUIRED',
      'Forbidden',
      'Only an admin of a business agreement on this title can do this.',
    );
  }
  if (lookup.kind === 'no-agreement')
    throw new ProblemError(
      404,
      'BUSINESS_AGREEMENT_NOT_FOUND',
      'Not Found',
      'The admin subscription belongs to no business agreement.',
    );
  return { spidId: session.spidId, agreement: lookup.agreement };
}

/**
 * Min Side of the title, where the links in the e-mails go: the origin of this request when it
 * is the title's own (https://minside.fvn.no in production, http://fvn.localhost:8080 locally, so
 * the links of /dev/outbox open on this server), else the title's production address.
 */
function minsideOrigin(request: FastifyRequest, titleCode: string): string {
  const origin = requestOrigin(request);
  return titleCodeForOrigin(origin) === titleCode ? origin : productionOrigin(titleCode);
}

const depsOf = (request: FastifyRequest) => {
  const { db, clock } = request.server.services;
  return { db, clock };
};

export const handlers: Handlers = {
  async getBusinessAgreement(request) {
    const admin = await requireAdmin(request, normaliseTitleCode(request.params.titleCode));
    return agreementView(request.server.services.db, admin.agreement);
  },

  async changeBusinessUsers(request) {
    const titleCode = normaliseTitleCode(request.params.titleCode);
    const admin = await requireAdmin(request, titleCode);
    const { changes, dryRun } = request.body;
    return changeUsers(depsOf(request), admin, {
      changes,
      dryRun: dryRun ?? false,
      origin: minsideOrigin(request, admin.agreement.titleCode),
    });
  },

  async sendBusinessVerificationCode(request, reply) {
    const session = await requireSession(request);
    const sent = await sendVerificationCode(
      depsOf(request),
      { spidId: session.spidId },
      request.body.token,
      request.headers['idempotency-key'],
    );
    return reply.code(202).send(sent);
  },

  async verifyBusinessInvitation(request) {
    const session = await requireSession(request);
    const { token, code } = request.body;
    return verifyInvitation(
      depsOf(request),
      {
        spidId: session.spidId,
        email: session.claims.email,
        emailVerified: session.claims.emailVerified === true,
        name: session.claims.name || null,
      },
      { token, code },
    );
  },
};
