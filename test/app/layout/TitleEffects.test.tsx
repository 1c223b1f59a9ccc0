// The document's language (<html lang>) is the title's, nb or nn, or the one the reader chose:
// the browser hyphenates long headings («Personverninnstillingar») and a screen reader speaks by
// it. The server sets it on the first page (test/server/spa.test.ts); TitleEffects keeps it. The
// title's favicon is named once the first screen is shown and the page has loaded.
import { afterEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';

import type { Title } from '../../../src/app/api/title';
import { TitleEffects } from '../../../src/app/layout/TitleEffects';
import { rememberLanguage } from '../../../src/app/lib/i18n/i18n';
import { screenShown } from '../../../src/app/lib/screenShown';
import { fvn, subscriberState } from '../fixtures';
import { renderWithState } from '../render';

const firda: Title = {
  ...fvn,
  titleCode: 'FIR',
  titleDomain: 'firda.no',
  name: 'Firda',
  language: 'nn',
  pageUrl: 'https://www.firda.no/',
};

const renderFor = (title: Title) =>
  renderWithState(<TitleEffects />, {
    preloadedState: { ...subscriberState(), title: { title } },
    language: 'nb',
  });

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
});

describe('the document language', () => {
  it('is nynorsk on a nynorsk title', async () => {
    await renderFor(firda);
    await waitFor(() => expect(document.documentElement.lang).toBe('nn'));
  });

  it('is bokmål on a bokmål title', async () => {
    await renderFor(fvn);
    await waitFor(() => expect(document.documentElement.lang).toBe('nb'));
  });

  it('follows the language the reader chose over the title’s', async () => {
    rememberLanguage('nb');
    await renderFor(firda);
    await waitFor(() => expect(document.documentElement.lang).toBe('nb'));
  });
});

describe('the favicon', () => {
  const icon = () => document.head.querySelector('link[rel~="icon"]')?.getAttribute('href');

  it("is the title's, named only once the first screen is shown and the page has loaded", async () => {
    document.head.innerHTML = '';
    await renderFor(firda);
    await waitFor(() => expect(document.documentElement.lang).toBe('nn'));
    // Before the first screen: the page names no icon (the browser asks for none).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(icon()).toBeUndefined();
    screenShown();
    // A second after that, when the browser is idle.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(icon()).toBeUndefined();
    await waitFor(() => expect(icon()).toBe('https://www.firda.no/favicon.ico'), {
      timeout: 3000,
    });
  });
});
