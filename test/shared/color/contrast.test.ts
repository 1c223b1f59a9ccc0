// Tests for the WCAG contrast helpers.

import {
  contrastRatio,
  parseHexColor,
  relativeLuminance,
} from '../../../src/shared/color/contrast';

describe('parseHexColor', () => {
  it('parses long and short forms, with or without #', () => {
    expect(parseHexColor('#ff8000')).toEqual([255, 128, 0]);
    expect(parseHexColor('FF8000')).toEqual([255, 128, 0]);
    expect(parseHexColor('#f80')).toEqual([255, 136, 0]);
  });

  it('rejects malformed colours', () => {
    expect(() => parseHexColor('#12345')).toThrow('Invalid hex colour');
    expect(() => parseHexColor('red')).toThrow('Invalid hex colour');
    expect(() => parseHexColor('')).toThrow('Invalid hex colour');
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black against white', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
  });

  it('is about 4.48 for #777777 against white', () => {
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
  });

  it('is 1 for a colour against itself', () => {
    expect(contrastRatio('#3366cc', '#3366cc')).toBe(1);
  });

  it('does not depend on argument order', () => {
    expect(contrastRatio('#fff', '#0b5394')).toBe(contrastRatio('#0b5394', '#fff'));
  });
});
