// The screen that answers a path, found with patterns compiled once, is the one React Router's
// own matching picks: for every registered path, with a trailing slash, in other letter case,
// percent-encoded, with a parameter; and none for paths no screen answers.
import { describe, expect, it } from '@jest/globals';
import { matchRoutes } from 'react-router';

import { registeredRoutes } from '../../../src/app/routing/routes';
import { screenFor } from '../../../src/app/routing/screenFor';

/** What <Routes> matched when it was given every registered route (ranked, the path decoded). */
const everyRoute = registeredRoutes.map((route) => ({ path: route.path }));
const routerAnswer = (pathname: string) => matchRoutes(everyRoute, pathname)?.[0]?.route.path;

const samples = [
  ...registeredRoutes.map((route) => route.path.replace(':ariaInvoiceNo', '800000004')),
  ...registeredRoutes.map((route) => `${route.path.replace(':ariaInvoiceNo', '1')}/`),
  ...registeredRoutes.map((route) => route.path.toUpperCase().replace(':ARIAINVOICENO', 'X')),
  '/betal-faktura/800%20000',
  '/kunde%73ervice',
  '/',
  '//',
  '/betal-faktura',
  '/betal-faktura/1/2',
  '/finnes-ikke',
  '/kundeservice/mer',
  '/404',
  '/t/kundeservice',
  '/order-timeout',
  '/%E0%A4%A',
];

describe('screenFor', () => {
  it.each(samples)('%s: the screen React Router would render', (pathname) => {
    expect(screenFor(pathname)?.path).toBe(routerAnswer(pathname));
  });

  it('finds a screen for every registered path, and the invoice of a payment link', () => {
    expect(registeredRoutes.every((route) => screenFor(route.path) === route)).toBe(true);
    expect(screenFor('/betal-faktura/800000004')?.path).toBe('/betal-faktura/:ariaInvoiceNo');
    expect(screenFor('/finnes-ikke')).toBeUndefined();
  });
});
