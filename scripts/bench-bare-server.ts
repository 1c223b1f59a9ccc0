// Baseline for `npm run bench:api`: a bare Fastify hello-world (same Fastify version as the
// product, logger off) whose throughput the product's API routes are compared against.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set to a port number');

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

await app.listen({ port, host: process.env.HOST || '127.0.0.1' });
