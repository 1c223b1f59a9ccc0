// The legal pages' Markdown: front matter, headings with unique anchors, paragraphs
// over several lines, both kinds of list, bold and links, placeholders; nothing else is markup.
import { describe, expect, it } from '@jest/globals';

import { fill, parseInline, parseMarkdown, slug } from '../../../src/app/lib/markdown/markdown';

describe('parseMarkdown', () => {
  it('reads the front matter, headings, paragraphs and lists', () => {
    const doc = parseMarkdown(
      [
        '---',
        'updated: 2026-11-01',
        '---',
        '',
        '# Vilkår for abonnement',
        '',
        'Første linje',
        'fortsetter her.',
        '',
        '## Hva et abonnement er',
        '- digitalt',
        '- papir og',
        '  digitalt',
        '1. først',
        '2. så',
        '## Hva et abonnement er',
      ].join('\n'),
    );
    expect(doc.updated).toBe('2026-11-01');
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, id: 'vilkår-for-abonnement', text: 'Vilkår for abonnement' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Første linje fortsetter her.' }] },
      { kind: 'heading', level: 2, id: 'hva-et-abonnement-er', text: 'Hva et abonnement er' },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'digitalt' }],
          [{ kind: 'text', text: 'papir og digitalt' }],
        ],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'først' }], [{ kind: 'text', text: 'så' }]],
      },
      { kind: 'heading', level: 2, id: 'hva-et-abonnement-er-2', text: 'Hva et abonnement er' },
    ]);
  });

  it('has no date without front matter, and leaves HTML as text', () => {
    const doc = parseMarkdown('<script>alert(1)</script>\n\n#### ikke en overskrift');
    expect(doc.updated).toBeNull();
    expect(doc.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '#### ikke en overskrift' }] },
    ]);
  });
});

describe('inline markup and placeholders', () => {
  it('reads bold and links between text', () => {
    expect(
      parseInline(
        'Se **her** og [personvern](/personvern) eller [Datatilsynet](https://www.datatilsynet.no).',
      ),
    ).toEqual([
      { kind: 'text', text: 'Se ' },
      { kind: 'strong', text: 'her' },
      { kind: 'text', text: ' og ' },
      { kind: 'link', text: 'personvern', href: '/personvern' },
      { kind: 'text', text: ' eller ' },
      { kind: 'link', text: 'Datatilsynet', href: 'https://www.datatilsynet.no' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('fills known placeholders and keeps unknown ones', () => {
    expect(
      fill('{{title}} ({{orgNumber}}) {{other}}', {
        title: 'Fædrelandsvennen',
        orgNumber: '999 000 002',
      }),
    ).toBe('Fædrelandsvennen (999 000 002) {{other}}');
  });

  it('makes anchors of Norwegian headings', () => {
    expect(slug('Hvem vi deler opplysninger med?')).toBe('hvem-vi-deler-opplysninger-med');
    expect(slug('Rettighetene dine – og klage')).toBe('rettighetene-dine-og-klage');
  });
});
