// Development only (registered when demo data is seeded): the latest 50 messages of the outbox,
// newest first, so a developer, the tests and TestCafe can read the SMS codes that were "sent".
import type { FastifyInstance } from 'fastify';

import { latestMessages } from '../messaging/outbox';

export function registerDevOutbox(app: FastifyInstance): void {
  app.get('/dev/outbox', async (request, reply) => {
    const messages = await latestMessages(request.server.services.db, 50);
    return reply.header('cache-control', 'no-store').send(messages);
  });
}
