// The reader's privacy choices per title (/personverninnstillinger, /samtykke1-3, the consent
// dialog) and the copy of their data (/schibstedTakeoutGateway): the session's identity only
// (domain/privacy holds the rules).
import { readConsents, saveConsents } from '../domain/privacy/consents';
import { cancelDeletion, requestDeletion, waitingDeletion } from '../domain/privacy/deletion';
import { downloadExport, latestExport, requestExport } from '../domain/privacy/export';
import type { Handlers } from '../http/operations';
import { clearCookie, requireSession, sessionCookieName } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

export const handlers: Handlers = {
  async getConsents(request) {
    const session = await requireSession(request);
    return readConsents(
      request.server.services.db,
      session.spidId,
      normaliseTitleCode(request.params.titleCode),
    );
  },

  async saveConsents(request) {
    const session = await requireSession(request);
    return saveConsents(
      request.server.services,
      session.spidId,
      normaliseTitleCode(request.params.titleCode),
      request.body,
    );
  },

  async getDataExport(request) {
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    return { latest: await latestExport(db, session.spidId, clock.now()) };
  },

  async requestDataExport(request, reply) {
    const session = await requireSession(request);
    const { claims } = session;
    const copy = await requestExport(
      request.server.services,
      {
        spidId: session.spidId,
        name: claims.name,
        email: claims.email,
        phoneNumber: claims.phoneNumber,
        birthDate: claims.birthDate,
      },
      normaliseTitleCode(request.body.titleCode),
    );
    reply.code(201);
    return copy;
  },

  async downloadDataExport(request, reply) {
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    const content = await downloadExport(db, session.spidId, request.params.exportId, clock.now());
    const day = String(content.generatedAt).slice(0, 10);
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="minside-data-${day}.json"`);
    return content;
  },

  async getDeletionRequest(request) {
    const session = await requireSession(request);
    return { waiting: await waitingDeletion(request.server.services.db, session.spidId) };
  },

  async requestDeletion(request, reply) {
    const session = await requireSession(request);
    const requested = await requestDeletion(
      request.server.services,
      { spidId: session.spidId, email: session.claims.email },
      normaliseTitleCode(request.body.titleCode),
    );
    // Every session of the reader has ended, this one too.
    clearCookie(reply, request, sessionCookieName(request));
    request.log.info({ spidId: session.spidId, eraseAt: requested.eraseAt }, 'deletion requested');
    reply.code(202);
    return requested;
  },

  async cancelDeletion(request) {
    const session = await requireSession(request);
    const cancelled = await cancelDeletion(request.server.services, {
      spidId: session.spidId,
      email: session.claims.email,
    });
    request.log.info({ spidId: session.spidId }, 'deletion called off');
    return cancelled;
  },
};
