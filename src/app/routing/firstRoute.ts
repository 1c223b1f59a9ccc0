// The route that answers a path when the page loads (main.tsx), in a module of its own so that
// start-up evaluates the router's matching before the rest of the router.
import { matchPath } from 'react-router';

import { registeredRoutes, type RouteDefinition } from './routes';

export const firstRoute = (pathname: string): RouteDefinition | undefined =>
  registeredRoutes.find((r) => matchPath(r.path, pathname));
