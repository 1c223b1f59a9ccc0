// Development only (registered when demo data is seeded): the latest 50 messages of the outbox,
// newest first, so a developer, the tests and TestCafe can read the SMS codes that were "sent";
// an e-mail's HTML part as the reader's mail program gets it (/dev/outbox/:id.html);
// and the latest 50 page views the embedded analytics collector kept (/dev/events).
import type { FastifyInstance } from 'fastify';

import { latestEvents } from '../domain/analytics/events';
import { latestMessages, messageHtml } from '../messaging/outbox';

export function registerDevOutbox(app: FastifyInstance): void {
  app.get('/dev/outbox', async (request, reply) => {
    const messages = await latestMessages(request.server.services.db, 50);
    return reply.header('cache-control', 'no-store').send(messages);
  });
  app.get<{ Params: { id: string } }>('/dev/outbox/:id.html', async (request, reply) => {
    const html = /^\d{1,18}$/.test(request.params.id)
      ? await messageHtml(request.server.services.db, request.params.id)
      : null;
    if (html === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // A mail program shows the letter's own inline styles and nothing else: no scripts.
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
  app.get('/dev/events', async (request, reply) => {
    const events = await latestEvents(request.server.services.db, 50);
    return reply.header('cache-control', 'no-store').send(events);
  });
}
