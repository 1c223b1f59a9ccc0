// Segment messages: what the signed-in reader is shown for a segment, and closing one.
// Membership comes from the server's records for the session's identity (domain/segments).
import { dismissMessage, messagesFor } from '../domain/segments/segments';
import { titleOfBody } from '../domain/titles';
import type { Handlers } from '../http/operations';
import { requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

export const handlers: Handlers = {
  async postSegmentMessage(request) {
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    const titleCode = normaliseTitleCode(request.body.titleCode);
    const publication = titleOfBody(titleCode);
    const messages = await messagesFor(db, {
      spidId: session.spidId,
      titleCode,
      segmentId: request.params.id,
      context: request.body.context,
      language: request.body.language ?? publication.language,
      now: clock.now(),
    });
    return { segmentId: request.params.id, messages };
  },

  async dismissSegmentMessage(request) {
    const session = await requireSession(request);
    return dismissMessage(
      request.server.services,
      session.spidId,
      request.params.id,
      request.params.messageId,
    );
  },
};
