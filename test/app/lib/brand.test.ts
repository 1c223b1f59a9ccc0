// Tests for the runtime branding helpers: brand stylesheet, root title class, colour scheme, logo
// and wordmark paths and favicon.
import { afterEach, describe, expect, it } from '@jest/globals';

import {
  applyBrand,
  applyFavicon,
  brandStylesheetHref,
  faviconHref,
  logoPath,
  titleClassName,
  wordmarkPath,
} from '../../../src/app/lib/theme/brand';

const fvn = { titleCode: 'FVN', titleDomain: 'fvn.no' };
const adr = { titleCode: 'ADR', titleDomain: 'adressa.no' };

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-color-scheme');
});

describe('paths', () => {
  it('derives the brand stylesheet from the lower-case title code', () => {
    expect(brandStylesheetHref('FVN')).toBe('/brands/fvn.css');
    expect(brandStylesheetHref('adr')).toBe('/brands/adr.css');
  });

  it('derives the root class and the logo path from the title domain', () => {
    expect(titleClassName('fvn.no')).toBe('title-fvn-no');
    expect(titleClassName('minside.ba.no')).toBe('title-minside-ba-no');
    expect(logoPath('fvn.no')).toBe('/logos/fvn.no.svg');
  });

  it('derives the generated wordmark from the lower-case title code', () => {
    expect(wordmarkPath('FVN')).toBe('/wordmarks/fvn.svg');
    expect(wordmarkPath('adr')).toBe('/wordmarks/adr.svg');
  });

  it('joins the page URL and the favicon file name', () => {
    expect(faviconHref('https://www.fvn.no/')).toBe('https://www.fvn.no/favicon.ico');
    expect(faviconHref('https://www.fvn.no')).toBe('https://www.fvn.no/favicon.ico');
  });
});

describe('applyBrand', () => {
  const brandLinks = () => document.head.querySelectorAll('link#brand-theme');

  it('adds the brand stylesheet, the title class and the light colour scheme', () => {
    document.documentElement.classList.add('keep-me');
    applyBrand(document, fvn);

    const [link] = brandLinks();
    expect(brandLinks()).toHaveLength(1);
    expect(link?.getAttribute('rel')).toBe('stylesheet');
    expect(link?.getAttribute('href')).toBe('/brands/fvn.css');
    expect(document.documentElement.classList.contains('title-fvn-no')).toBe(true);
    expect(document.documentElement.classList.contains('keep-me')).toBe(true);
    expect(document.documentElement.getAttribute('data-color-scheme')).toBe('light');
  });

  it('switches title by updating the same link and replacing the title class', () => {
    applyBrand(document, fvn);
    const first = brandLinks()[0];
    applyBrand(document, adr);

    expect(brandLinks()).toHaveLength(1);
    expect(brandLinks()[0]).toBe(first);
    expect(first?.getAttribute('href')).toBe('/brands/adr.css');
    expect([...document.documentElement.classList]).toEqual(['title-adressa-no']);
  });

  it('reuses a brand link that is already in the page', () => {
    document.head.innerHTML = '<link rel="stylesheet" id="brand-theme" href="/brands/pol.css">';
    applyBrand(document, fvn);
    expect(brandLinks()).toHaveLength(1);
    expect(brandLinks()[0]?.getAttribute('href')).toBe('/brands/fvn.css');
  });

  it('is idempotent', () => {
    applyBrand(document, fvn);
    applyBrand(document, fvn);
    expect(brandLinks()).toHaveLength(1);
    expect([...document.documentElement.classList]).toEqual(['title-fvn-no']);
  });
});

describe('applyFavicon', () => {
  const icons = () => document.head.querySelectorAll('link[rel="icon"]');

  it('creates the icon link when missing', () => {
    applyFavicon(document, 'https://www.fvn.no/');
    expect(icons()).toHaveLength(1);
    expect(icons()[0]?.getAttribute('href')).toBe('https://www.fvn.no/favicon.ico');
  });

  it('updates an existing icon link', () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.ico">';
    applyFavicon(document, 'https://www.adressa.no/');
    expect(icons()).toHaveLength(1);
    expect(icons()[0]?.getAttribute('href')).toBe('https://www.adressa.no/favicon.ico');
  });
});
