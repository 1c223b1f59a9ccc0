// Account handlers: create (first login), read and modify a billing account.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { createAccount, getAccount, modifyAccount } from '../domain/accounts/accounts';
import type { OperationHandler } from '../http/contract';

type CreateAccount = FastifyRequest<{
  Body: { accountBalance: number; spidId: string; firstTitleCode: string };
}>;
type GetAccount = FastifyRequest<{ Params: { id: string } }>;
type ModifyAccount = FastifyRequest<{ Body: Parameters<typeof modifyAccount>[1] }>;

export const handlers: Record<string, OperationHandler> = {
  async createAccount(request, reply: FastifyReply) {
    const account = await createAccount(
      request.server.services.db,
      (request as CreateAccount).body,
    );
    return reply.code(201).send({ ariaAccountNo: account.ariaAccountNo });
  },

  async getAccount(request) {
    return getAccount(request.server.services.db, (request as GetAccount).params.id);
  },

  async modifyAccount(request) {
    return modifyAccount(request.server.services.db, (request as ModifyAccount).body);
  },
};
