// «Last ned PDF»: a same-origin link with `download` to the document the server writes, named by
// which invoice or receipt it is (the name begins with the visible text), in bokmål and nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';

import { PdfLink } from '../../../src/app/ui/PdfLink';
import { renderWithState } from '../render';

describe('PdfLink', () => {
  it('links an invoice by its number', async () => {
    await renderWithState(<PdfLink invoiceNo="800000012" />);
    const link = screen.getByRole('link', { name: 'Last ned PDF av faktura 800000012' });
    expect(link).toHaveAttribute('href', '/api/invoice/800000012/pdf');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent(/^Last ned PDF$/);
  });

  it('links a receipt by the order, named by its reference, never its id', async () => {
    await renderWithState(<PdfLink orderId="ord_a/b" reference="7M3KQ2XA" />, { language: 'nn' });
    const link = screen.getByRole('link', { name: 'Last ned PDF av kvittering 7M3KQ2XA' });
    expect(link).toHaveAttribute('href', '/api/orders/ord_a%2Fb/receipt/pdf');
    expect(link.getAttribute('aria-label')).not.toContain('ord_');
  });
});
