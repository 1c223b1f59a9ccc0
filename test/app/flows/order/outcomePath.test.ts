// Where a finished purchase sends the reader: by the order's kind, and an invoice payment always
// back to its invoice (whose page shows the outcome).
import { describe, expect, it } from '@jest/globals';

import { outcomePath } from '../../../../src/app/flows/order/outcome';

import { orderWith } from './fixtures';

describe('outcomePath', () => {
  const id = 'ord_3f9a1c2b7d4e5f60';
  it.each([
    ['new', '/kvittering'],
    ['reactivation', '/abonnement-reaktivert'],
    ['upgrade', '/receipt2'],
  ] as const)('sends a completed %s order to %s', (kind, path) => {
    expect(outcomePath('completed', orderWith({ kind, orderId: id }))).toBe(`${path}?ordre=${id}`);
  });

  it.each(['completed', 'declined', 'cancelled', 'timeout', 'error'] as const)(
    'sends an invoice payment that ended %s back to the invoice',
    (outcome) => {
      const order = orderWith({ kind: 'invoice', orderId: id, ariaInvoiceNo: '800000012' });
      expect(outcomePath(outcome, order)).toBe(`/betal-faktura/800000012?ordre=${id}`);
    },
  );

  it('sends a declined order to /feil-kjop and a timeout to /bestilling-feilet', () => {
    expect(outcomePath('declined', orderWith({ orderId: id }))).toBe(`/feil-kjop?ordre=${id}`);
    expect(outcomePath('timeout', orderWith())).toBe('/bestilling-feilet?arsak=tidsavbrudd');
  });
});
