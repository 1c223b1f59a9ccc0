// The frame of a screen: a section named by its level-1 heading (Designsystemet's heading, size
// lg), the screen's classes beside `screen`, its content after the heading; an article for a
// document that stands on its own.
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';

import { Screen } from '../../../src/app/ui/Screen';

describe('Screen', () => {
  it('is a section named by its h1, with the content after the heading', () => {
    render(
      <Screen headingId="profile-heading" heading="Profil">
        <p>Innhold</p>
      </Screen>,
    );
    const region = screen.getByRole('region', { name: 'Profil' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveAttribute('class', 'screen');
    expect(region).toHaveAttribute('aria-labelledby', 'profile-heading');
    const heading = within(region).getByRole('heading', { level: 1, name: 'Profil' });
    expect(heading).toHaveAttribute('id', 'profile-heading');
    expect(heading).toHaveAttribute('class', 'ds-heading');
    expect(heading).toHaveAttribute('data-size', 'lg');
    expect(heading).not.toHaveAttribute('tabindex');
    expect(region.firstElementChild).toBe(heading);
    expect(heading.nextElementSibling).toBe(within(region).getByText('Innhold'));
  });

  it('keeps the feature’s classes beside screen', () => {
    render(
      <Screen headingId="deletion-heading" heading="Slett brukeren" className="privacy deletion">
        <p>Innhold</p>
      </Screen>,
    );
    expect(screen.getByRole('region', { name: 'Slett brukeren' })).toHaveAttribute(
      'class',
      'screen privacy deletion',
    );
  });

  it('is an article for a document that stands on its own', () => {
    render(
      <Screen as="article" headingId="legal-heading" heading="Vilkår" className="legal">
        <p>Innhold</p>
      </Screen>,
    );
    const article = screen.getByRole('article', { name: 'Vilkår' });
    expect(article.tagName).toBe('ARTICLE');
    expect(article).toHaveAttribute('class', 'screen legal');
    expect(screen.queryByRole('region')).toBeNull();
  });
});
