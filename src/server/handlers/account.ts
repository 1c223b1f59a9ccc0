// Account handlers: create (first login), read and modify the session user's billing account,
// and read its profile (contact details and delivery address).
// Every id in a request is checked against the session: another user's account is 403.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { createAccount, getAccount, getProfile, modifyAccount } from '../domain/accounts/accounts';
import type { OperationHandler } from '../http/contract';
import { forbid, requireOwnAccount, requireSession } from '../http/security';

type CreateAccount = FastifyRequest<{
  Body: { accountBalance: number; spidId: string; firstTitleCode: string };
}>;
type GetAccount = FastifyRequest<{ Params: { id: string } }>;
type ModifyAccount = FastifyRequest<{ Body: Parameters<typeof modifyAccount>[1] }>;

export const handlers: Record<string, OperationHandler> = {
  async createAccount(request, reply: FastifyReply) {
    const session = await requireSession(request);
    const body = (request as CreateAccount).body;
    if (body.spidId !== session.spidId) await forbid(request, `create account for ${body.spidId}`);
    const account = await createAccount(request.server.services.db, body);
    return reply
      .code(201)
      .header('location', `/api/account/${account.ariaAccountNo}`)
      .send({ ariaAccountNo: account.ariaAccountNo });
  },

  async getAccount(request) {
    const { id } = (request as GetAccount).params;
    await requireOwnAccount(request, id);
    return getAccount(request.server.services.db, id);
  },

  async getAccountProfile(request) {
    const { id } = (request as GetAccount).params;
    await requireOwnAccount(request, id);
    // Owner only: the session's claims are the account holder's identity data.
    const { claims } = await requireSession(request);
    return getProfile(request.server.services.db, id, claims);
  },

  async modifyAccount(request) {
    const body = (request as ModifyAccount).body;
    await requireOwnAccount(request, body.ariaAccountNo);
    return modifyAccount(request.server.services.db, body);
  },
};
