// Account handlers: create (first login), read and modify the session user's billing account,
// and read its profile (contact details and delivery address).
// Every id in a request is checked against the session: another user's account is 403.
import { osloDateOf } from '../../shared/time/oslo';
import {
  createAccount,
  getAccount,
  getProfile,
  modifyOwnAccount,
} from '../domain/accounts/accounts';
import type { Handlers } from '../http/operations';
import { forbid, requireOwnAccount, requireSession } from '../http/security';

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
    return getProfile(request.server.services.db, id, claims);
  },

  async modifyAccount(request) {
    await requireOwnAccount(request, request.body.ariaAccountNo);
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    return modifyOwnAccount(
      db,
      request.body,
      { spidId: session.spidId, identityBirthDate: session.claims.birthDate },
      osloDateOf(clock.now()),
    );
  },
};
