// The one notice of a refusal by the rate limits: a warning alert, with how long to wait when the
// Retry-After said it (minutes and the clock time, the clock time later today, the day and time
// another day), a general wait when not, in nb and nn; and the same words as a text and a key.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { createRef } from 'react';

import {
  RATE_LIMIT_KEY,
  RateLimitNotice,
  useRateLimitText,
} from '../../../src/app/ui/RateLimitNotice';
import { renderApp } from '../render';

/** 8 March 2026 10:00 in Oslo (CET). */
const AT = Date.UTC(2026, 2, 8, 9, 0);

function Words({ retryAfter }: { readonly retryAfter: number | null }) {
  const text = useRateLimitText();
  return <p>{text(retryAfter, AT)}</p>;
}

describe('RateLimitNotice', () => {
  it('says to wait a while when the server did not say how long', async () => {
    await renderApp(<RateLimitNotice />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Du har prøvd mange ganger på kort tid. Vent litt før du prøver igjen.',
    );
    expect(alert).toHaveClass('ds-alert');
    expect(alert).toHaveAttribute('data-color', 'warning');
  });

  it('says the minutes and the clock time of a short wait', async () => {
    await renderApp(<RateLimitNotice retryAfter={125} at={AT} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har prøvd mange ganger på kort tid. Vent 3 min (til kl. 10:02) før du prøver igjen.',
    );
  });

  it('says the clock time of a long wait later today, and the day of one on another day', async () => {
    await renderApp(
      <>
        <Words retryAfter={3 * 3600} />
        <Words retryAfter={20 * 3600} />
      </>,
    );
    expect(
      screen.getByText('Du har prøvd mange ganger på kort tid. Du kan prøve igjen fra kl. 13:00.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du har prøvd mange ganger på kort tid. Du kan prøve igjen fra 9. mars 2026 kl. 06:00.',
      ),
    ).toBeVisible();
  });

  it('needs when the refusal came to say the wait', async () => {
    await renderApp(<RateLimitNotice retryAfter={125} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Vent litt før du prøver igjen.');
  });

  it('is worded in nynorsk', async () => {
    await renderApp(<RateLimitNotice retryAfter={600} at={AT} />, 'nn');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har prøvd mange gonger på kort tid. Vent 10 min (til kl. 10:10) før du prøver igjen.',
    );
  });

  it('can be an error that takes the focus', async () => {
    const ref = createRef<HTMLDivElement>();
    await renderApp(<RateLimitNotice color="danger" tabIndex={-1} ref={ref} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-color', 'danger');
    ref.current?.focus();
    expect(alert).toHaveFocus();
  });

  it('has the words without a wait under a key any namespace resolves', async () => {
    const { i18n } = await renderApp(<p />);
    expect(i18n.t(RATE_LIMIT_KEY)).toBe(
      'Du har prøvd mange ganger på kort tid. Vent litt før du prøver igjen.',
    );
  });
});
