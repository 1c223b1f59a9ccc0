// The document's language (<html lang>) is the title's, nb or nn, or the one the reader chose:
// the browser hyphenates long headings («Personverninnstillingar») and a screen reader speaks by
// it. The server sets it on the first page (test/server/spa.test.ts); TitleEffects keeps it.
import { afterEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';

import type { Title } from '../../../src/app/api/title';
import { TitleEffects } from '../../../src/app/layout/TitleEffects';
import { rememberLanguage } from '../../../src/app/lib/i18n/i18n';
import { fvn, subscriberState } from '../fixtures';
import { renderWithState } from '../render';

const firda: Title = {
  ...fvn,
  titleCode: 'FIR',
  titleDomain: 'firda.no',
  name: 'Firda',
  language: 'nn',
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
