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
