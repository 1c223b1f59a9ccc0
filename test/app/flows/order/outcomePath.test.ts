// Where a finished purchase sends the reader: by the order's kind, and an invoice payment always
// back to its invoice (whose page shows the outcome).
import { describe, expect, it } from '@jest/globals';

import { orderPath, outcomePath } from '../../../../src/app/flows/order/outcome';

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

  it('sends a declined order to /feil-kjop and a timeout to /bestilling-feilet, with the order', () => {
    expect(outcomePath('declined', orderWith({ orderId: id }))).toBe(`/feil-kjop?ordre=${id}`);
    expect(outcomePath('timeout', orderWith({ orderId: id }))).toBe(
      `/bestilling-feilet?arsak=tidsavbrudd&ordre=${id}`,
    );
    expect(outcomePath('cancelled', orderWith({ orderId: id }))).toBe(
      `/bestilling-feilet?arsak=avbrutt&ordre=${id}`,
    );
    expect(outcomePath('error', null)).toBe('/bestilling-feilet?arsak=feil');
  });
});

describe('orderPath: the screen that reports an order as the server has it', () => {
  const id = 'ord_3f9a1c2b7d4e5f60';
  it.each([
    ['COMPLETED', 'new', `/kvittering?ordre=${id}`],
    ['COMPLETED', 'reactivation', `/abonnement-reaktivert?ordre=${id}`],
    ['COMPLETED', 'upgrade', `/receipt2?ordre=${id}`],
    ['DECLINED', 'reactivation', `/feil-kjop?ordre=${id}`],
    ['CANCELLED', 'new', `/bestilling-feilet?arsak=avbrutt&ordre=${id}`],
    ['EXPIRED', 'upgrade', `/bestilling-feilet?arsak=tidsavbrudd&ordre=${id}`],
    ['PENDING', 'new', `/completepurchase?ordre=${id}`],
  ] as const)('a %s %s order: %s', (status, kind, path) => {
    expect(orderPath(orderWith({ orderId: id, status, kind }))).toBe(path);
  });
});
