// The way back to Min side: a link to / in the common words, in nb and nn, or a button where it
// is a screen's way on.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { HomeLink } from '../../../src/app/ui/HomeLink';
import { renderApp } from '../render';

describe('HomeLink', () => {
  it('is a link to Min side in the common words', async () => {
    await renderApp(
      <MemoryRouter>
        <HomeLink />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Tilbake til Min side' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('class', 'ds-link');
  });

  it('is worded in nynorsk', async () => {
    await renderApp(
      <MemoryRouter>
        <HomeLink />
      </MemoryRouter>,
      'nn',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toHaveAttribute('href', '/');
  });

  it('is a button where it is the screen’s way on', async () => {
    await renderApp(
      <MemoryRouter>
        <HomeLink className="ds-button" data-variant="secondary" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Tilbake til Min side' });
    expect(link).toHaveAttribute('class', 'ds-button');
    expect(link).toHaveAttribute('data-variant', 'secondary');
  });
});
