// The notice: a Designsystemet alert in a colour, static or announced, with an optional heading.
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';

import { Notice } from '../../../src/app/ui/Notice';

describe('Notice', () => {
  it('is static information by default, a text wrapped in a paragraph', () => {
    render(<Notice>Prøveperioden varer i 14 dager.</Notice>);
    expect(screen.queryByRole('alert')).toBeNull();
    const text = screen.getByText('Prøveperioden varer i 14 dager.');
    expect(text.tagName).toBe('P');
    expect(text.parentElement).toHaveClass('ds-alert');
    expect(text.parentElement).toHaveAttribute('data-color', 'info');
  });

  it('announces a refusal with its heading and can take the focus', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <Notice color="danger" role="alert" tabIndex={-1} ref={ref} heading="Betalingen ble avvist">
        Ingenting er trukket.
      </Notice>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-color', 'danger');
    expect(screen.getByRole('heading', { name: 'Betalingen ble avvist', level: 2 })).toBeVisible();
    expect(alert).toHaveTextContent('Ingenting er trukket.');
    ref.current!.focus();
    expect(alert).toHaveFocus();
  });

  it('is a region named by its own heading when asked to be one', () => {
    render(
      <Notice region aria-labelledby="own-price-heading">
        <h2 id="own-price-heading" className="ds-heading" data-size="xs">
          Din pris
        </h2>
        <p>Du betaler 299 kr i måneden.</p>
      </Notice>,
    );
    const region = screen.getByRole('region', { name: 'Din pris' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveClass('ds-alert');
    expect(region).toHaveAttribute('data-color', 'info');
    expect(region).toHaveTextContent('Du betaler 299 kr i måneden.');
  });

  it('keeps rich content as it is', () => {
    render(
      <Notice color="warning">
        <p>Første</p>
        <p>Andre</p>
      </Notice>,
    );
    expect(screen.getByText('Første').parentElement).toHaveAttribute('data-color', 'warning');
  });
});
