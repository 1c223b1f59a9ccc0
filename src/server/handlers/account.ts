// Account handlers: create (first login), read and modify the session user's billing account,
// and read its profile (contact details, birth date, delivery address, and what of it the
// identity provider owns).
// Every id in a request is checked against the session: another user's account is 403.
import { osloDateOf } from '../../shared/time/oslo';
import { createAccount, getAccount, modifyOwnAccount } from '../domain/accounts/accounts';
import { getProfile } from '../domain/accounts/profile';
import type { Handlers } from '../http/operations';
import {
  forbid,
  publicationForRequest,
  requestOrigin,
  requireOwnAccount,
  requireSession,
} from '../http/security';

export const handlers: Handlers = {
  async createAccount(request, reply) {
    const session = await requireSession(request);
    const body = request.body;
    if (body.spidId !== session.spidId) await forbid(request, `create account for ${body.spidId}`);
    const account = await createAccount(request.server.services.db, body);
    return reply
      .code(201)
      .header('location', `/api/account/${account.ariaAccountNo}`)
      .send({ ariaAccountNo: account.ariaAccountNo });
  },

  async getAccount(request) {
    const { id } = request.params;
    await requireOwnAccount(request, id);
    return getAccount(request.server.services.db, id);
  },

  async getAccountProfile(request) {
    const { id } = request.params;
    await requireOwnAccount(request, id);
    // Owner only: the session's claims are the account holder's identity data.
    const { claims } = await requireSession(request);
    const { db, identityAccountUrl } = request.server.services;
    const profile = await getProfile(db, id, claims);
    // The provider's account page for the title the reader is on, and back to this site.
    const accountUrl = identityAccountUrl(
      publicationForRequest(request).titleCode,
      requestOrigin(request),
    );
    return { ...profile, identity: { ...profile.identity, accountUrl } };
  },

  async modifyAccount(request) {
    await requireOwnAccount(request, request.body.ariaAccountNo);
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    return modifyOwnAccount(
      db,
      request.body,
      { spidId: session.spidId, identity: session.claims },
      osloDateOf(clock.now()),
    );
  },
};
