// The embedded analytics collector: one page view per call, on the title of the request's host.
import { collectEvent } from '../domain/analytics/events';
import type { Handlers } from '../http/operations';
import { publicationForRequest } from '../http/security';

export const handlers: Handlers = {
  async collectPageView(request, reply) {
    await collectEvent(request.server.services, {
      titleCode: publicationForRequest(request).titleCode,
      address: request.ip,
      event: request.body,
    });
    reply.code(202);
    return { accepted: true as const };
  },
};
