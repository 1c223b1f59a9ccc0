// Development only (registered when demo data is seeded): the latest 50 messages of the outbox,
// newest first, so a developer, the tests and TestCafe can read the SMS codes that were "sent";
// and the latest 50 page views the embedded analytics collector kept (/dev/events).
import type { FastifyInstance } from 'fastify';

import { latestEvents } from '../domain/analytics/events';
import { latestMessages } from '../messaging/outbox';

export function registerDevOutbox(app: FastifyInstance): void {
  app.get('/dev/outbox', async (request, reply) => {
    const messages = await latestMessages(request.server.services.db, 50);
    return reply.header('cache-control', 'no-store').send(messages);
  });
  app.get('/dev/events', async (request, reply) => {
    const events = await latestEvents(request.server.services.db, 50);
    return reply.header('cache-control', 'no-store').send(events);
  });
}
