// Documents the API answers as files (the invoice and receipt PDFs): saved as an attachment under
// the document's own name, and never cached anywhere, since they hold personal data.
import type { FastifyReply } from 'fastify';

export function sendPdf(
  reply: FastifyReply,
  file: { readonly fileName: string; readonly content: Buffer },
) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.content);
}
