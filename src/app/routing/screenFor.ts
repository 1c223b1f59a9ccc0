// Which screen answers a path, with each screen's pattern compiled once. React Router flattens,
// ranks and compiles every route's pattern again on each render of <Routes> (about a fifth of the
// first render of a page on a phone with 60 routes); AppRoutes gives it only the route this finds.
// Same rules as React Router's: case-insensitive, a trailing slash allowed, `:name` one segment,
// the path decoded before it is matched.
import { registeredRoutes, type RouteDefinition } from './routes';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression of a route pattern like `/betal-faktura/:ariaInvoiceNo`. */
export function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

const screens = registeredRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));

function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The registered screen whose pattern the path matches, if any. */
export function screenFor(pathname: string): RouteDefinition | undefined {
  const path = decoded(pathname);
  return screens.find(({ pattern }) => pattern.test(path))?.route;
}
