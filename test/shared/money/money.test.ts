import { expect, it } from '@jest/globals';

import { formatKroner, kroner } from '../../../src/shared/money/money';

it('formats øre as Norwegian kroner', () => {
  expect(formatKroner(9900)).toBe('kr 99,00');
  expect(formatKroner(100)).toBe('kr 1,00');
  expect(formatKroner(5)).toBe('kr 0,05');
  expect(formatKroner(649000)).toBe('kr 6\u00a0490,00');
  expect(formatKroner(-2550)).toBe('-kr 25,50');
});

it('refuses fractions of øre', () => {
  expect(() => formatKroner(99.5)).toThrow('whole øre');
});

it('converts kroner to øre without floating-point drift', () => {
  expect(kroner(0.29)).toBe(29);
  expect(kroner(279)).toBe(27900);
});
