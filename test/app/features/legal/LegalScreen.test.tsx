// The legal and privacy pages: every page's text in both languages, with the title's
// name, organisation number and customer centre filled in, the date it was updated, a table of
// contents on the long ones, links to built Min Side pages and plain text for pages not built.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import LegalScreen from '../../../../src/app/features/legal/LegalScreen';
import { legalPages, TOC_MIN_SECTIONS } from '../../../../src/app/features/legal/pages';
import { IsPageContext } from '../../../../src/app/hooks/useIsPage';
import { parseMarkdown } from '../../../../src/app/lib/markdown/markdown';
import { isRegisteredPath } from '../../../../src/app/routing/AppRoutes';
import { subscriberState } from '../../fixtures';
import { renderWithState } from '../../render';

const renderPage = (path: string, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(
    <IsPageContext.Provider value={isRegisteredPath}>
      <LegalScreen />
    </IsPageContext.Provider>,
    { preloadedState: subscriberState(null), language, namespaces: ['legal'], route: path },
  );

describe('every legal page', () => {
  const cases = Object.entries(legalPages).flatMap(([path, key]) =>
    (['nb', 'nn'] as const).map((language) => ({ path, key, language })),
  );

  it.each(cases)(
    '$path ($language): its title, date and the title’s own details',
    async ({ path, key, language }) => {
      const source = (await import(`../../../../locales/${language}/legal/${key}.md`)) as {
        default: string;
      };
      const doc = parseMarkdown(source.default);
      const h1 = doc.blocks.find((b) => b.kind === 'heading' && b.level === 1);
      await renderPage(path, language);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent(h1?.kind === 'heading' ? h1.text : 'no heading');
      expect(screen.getByText(/Sist oppdatert 1\. november 2026/)).toBeVisible();
      const article = screen.getByRole('article');
      expect(article).not.toHaveTextContent(/\{\{\w+\}\}/);
      const sections = doc.blocks.filter((b) => b.kind === 'heading' && b.level === 2).length;
      expect(sections).toBeGreaterThanOrEqual(3);
      const toc = screen.queryByRole('navigation', {
        name: language === 'nn' ? 'Innhald' : 'Innhold',
      });
      expect(!!toc).toBe(sections >= TOC_MIN_SECTIONS);
      // Both languages have the same sections.
      const other = (await import(
        `../../../../locales/${language === 'nb' ? 'nn' : 'nb'}/legal/${key}.md`
      )) as {
        default: string;
      };
      expect(
        parseMarkdown(other.default).blocks.filter((b) => b.kind === 'heading' && b.level === 2),
      ).toHaveLength(sections);
    },
  );
});

describe('/personvern', () => {
  it('names the title and its organisation number, with a table of contents that leads to each section', async () => {
    await renderPage('/personvern');
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent('Fædrelandsvennen');
    expect(article).toHaveTextContent(/org\.nr\. \d{3} \d{3} \d{3}/);
    const toc = screen.getByRole('navigation', { name: 'Innhold' });
    const first = within(toc).getAllByRole('link')[0]!;
    const target = first.getAttribute('href')!.slice(1);
    expect(document.getElementById(target)?.tagName).toBe('H2');
  });

  it('links built pages, leaves pages not built as text, and opens other sites safely', async () => {
    await renderPage('/personvern');
    const article = await screen.findByRole('article');
    const links = within(article).getAllByRole('link');
    const hrefs = links.map((l) => l.getAttribute('href'));
    expect(hrefs).toContain('/personverninnstillinger');
    for (const href of hrefs.filter((h) => h?.startsWith('/')))
      expect([href, isRegisteredPath(href!)]).toEqual([href, true]);
    const external = links.filter((l) => l.getAttribute('href')?.startsWith('https://'));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
