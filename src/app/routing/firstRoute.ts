// The route that answers a path when the page loads (main.tsx).
import type { RouteDefinition } from './routes';
import { screenFor } from './screenFor';

export const firstRoute = (pathname: string): RouteDefinition | undefined => screenFor(pathname);
