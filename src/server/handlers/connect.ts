// Connecting an existing subscription (/koble-bruker): search (202, the same answer whether or
// not anything matched), verify the SMS code, assign with the connect token. Everything acts
// for the session user only; the rules live in domain/connect.
import { assignAccount, searchAccount, verifyCode } from '../domain/connect/connect';
import type { Handlers } from '../http/operations';
import { requireSession } from '../http/security';
import { withTitleCode } from '../http/title-code';

export const handlers: Handlers = {
  async searchAccount(request, reply) {
    const session = await requireSession(request);
    const { email, phone, titleCode } = withTitleCode(request.body);
    const { db, clock } = request.server.services;
    const accepted = await searchAccount(db, clock, {
      sessionSpidId: session.spidId,
      email,
      phone,
      titleCode,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return reply.code(202).send(accepted);
  },

  async verifyCode(request) {
    const session = await requireSession(request);
    const { verificationId, code } = request.body;
    const { db, clock } = request.server.services;
    return verifyCode(db, clock, { sessionSpidId: session.spidId, verificationId, code });
  },

  async assignAccount(request) {
    const session = await requireSession(request);
    const { connectToken } = request.body;
    const { db, clock } = request.server.services;
    return assignAccount(db, clock, { sessionSpidId: session.spidId, connectToken });
  },
};
