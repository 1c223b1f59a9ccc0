import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEventModule from '@testing-library/user-event';

import { TitleView } from '../../../src/app/title/TitleView';
import { json, renderApp, serveApi } from '../render';

const title = (name: string, language: 'nb' | 'nn') => ({
  titleCode: 'X',
  titleDomain: 'x.no',
  pageUrl: 'https://www.x.no/',
  name,
  customerCenterPhoneNumber: '+47 400 00 001',
  customerCenterEmail: 'kundesenter@x.no',
  organizationNumber: '999000001',
  language,
  spidCredential: { clientId: 'minside-x' },
  analyticsEnabled: true,
  videoBaseUrl: 'https://tv.x.no',
  group: 'Sør',
});

describe('TitleView', () => {
  it('resolves the title from the origin and shows its name and document title', async () => {
    const calls = serveApi([
      (r) => (r.url.endsWith('/api/retrieveTitleCode') ? json({ titleCode: 'FVN' }) : undefined),
      (r) => (r.url.endsWith('/api/title/FVN') ? json(title('Fædrelandsvennen', 'nb')) : undefined),
    ]);
    await renderApp(<TitleView origin="http://fvn.localhost:8080" />);
    expect(
      await screen.findByRole('heading', { name: 'Min Side for Fædrelandsvennen' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Min Side - Fædrelandsvennen');
    const lookup = calls.find((c) => c.url.endsWith('/api/retrieveTitleCode'))!;
    expect(lookup.method).toBe('POST');
    expect(await lookup.json()).toEqual({ minsideUrl: 'http://fvn.localhost:8080/' });
  });

  it('switches to nynorsk for a nynorsk title', async () => {
    serveApi([
      (r) => (r.url.endsWith('/api/retrieveTitleCode') ? json({ titleCode: 'FIR' }) : undefined),
      (r) => (r.url.endsWith('/api/title/FIR') ? json(title('Firda', 'nn')) : undefined),
    ]);
    await renderApp(<TitleView origin="http://fir.localhost:8080" />);
    expect(await screen.findByRole('heading', { name: 'Mi side for Firda' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nn');
  });

  it('says so in Norwegian when the title cannot be fetched, and retries on request', async () => {
    let attempts = 0;
    serveApi([
      (r) => (r.url.endsWith('/api/retrieveTitleCode') ? json({ titleCode: 'FVN' }) : undefined),
      (r) => {
        if (!r.url.endsWith('/api/title/FVN')) return undefined;
        attempts += 1;
        return attempts === 1
          ? json(
              {
                type: 'about:blank',
                title: 'Internal Server Error',
                status: 500,
                code: 'INTERNAL_ERROR',
              },
              500,
            )
          : json(title('Fædrelandsvennen', 'nb'));
      },
    ]);
    await renderApp(<TitleView origin="http://fvn.localhost:8080" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke hentet informasjon om avisen',
    );
    const user =
      (userEventModule as unknown as { default?: typeof userEventModule }).default ??
      userEventModule;
    await user.setup().click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Min Side for Fædrelandsvennen' }),
      ).toBeInTheDocument(),
    );
  });
});
