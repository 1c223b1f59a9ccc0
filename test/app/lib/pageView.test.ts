// Page views never carry an invitation link's single-use token to the analytics tracker.
import { describe, expect, it } from '@jest/globals';

import { pageViewEvent, withoutSecrets } from '../../../src/app/lib/analytics/pageView';
import { fvn } from '../fixtures';

describe('page views', () => {
  it('leave the values of secret query parameters out of the location', () => {
    expect(withoutSecrets('/verifiser-familiemedlem?token=fi_abc123')).toBe(
      '/verifiser-familiemedlem?token=redacted',
    );
    expect(withoutSecrets('/bedrift?invitasjon=bi_x&source=sms#top')).toBe(
      '/bedrift?invitasjon=redacted&source=sms#top',
    );
    expect(withoutSecrets('/?fane=1#abonnement')).toBe('/?fane=1#abonnement');
    expect(withoutSecrets('/kundeservice')).toBe('/kundeservice');
  });

  it('send the location without the token', () => {
    const event = pageViewEvent(
      {
        title: fvn,
        path: '/verifiser-familiemedlem',
        location: '/verifiser-familiemedlem?token=fi_abc123',
      },
      '',
    );
    expect(event.origin.url).toBe('/verifiser-familiemedlem?token=redacted');
    expect(JSON.stringify(event)).not.toContain('fi_abc123');
  });
});
