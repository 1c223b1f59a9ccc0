// The router: every registered route behind the guard sequence, the /t/ SMS links, the
// /order-timeout alias and /404 for anything else.
import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';

import { IsPageContext } from '../hooks/useIsPage';
import { loadNamespaces } from '../lib/i18n/i18n';
import { withPreloadError } from '../lib/preloadError';
import {
  navigationCompleted,
  navigationRequested,
  selectNavigation,
} from '../session/navigationSlice';
import { setNavigate } from '../session/platform';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Notice } from '../ui/Notice';

import { preloadedScreen } from './preloadScreen';
import {
  ORDER_TIMEOUT_REDIRECT,
  registeredRoutes,
  type RouteDefinition,
  orderTimeoutTarget,
  smsLinkTarget,
} from './routes';
import { screenFor } from './screenFor';

const screens = new Map<string, LazyExoticComponent<ComponentType>>(
  registeredRoutes.map((r) => [r.path, lazy(withPreloadError(r.screen!))]),
);
function Completed({ route, location }: { route: RouteDefinition; location: string }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(navigationCompleted({ location, path: route.path, track: route.track }));
  }, [dispatch, location, route.path, route.track]);
  return null;
}

function GuardedScreen({ route }: { route: RouteDefinition }) {
  const dispatch = useAppDispatch();
  const { t, i18n } = useTranslation();
  const here = useLocation();
  // A hash-only change (a skip link, an anchor) is no new navigation; the hash still travels
  // with the return target of a login.
  const key = here.pathname + here.search;
  const hashRef = useRef(here.hash);
  hashRef.current = here.hash;
  const location = key + here.hash;
  const { allowed, cancelled } = useAppSelector(selectNavigation);
  const sameKey = (value: string | null) => value !== null && value.split('#')[0] === key;
  useEffect(() => {
    dispatch(
      navigationRequested({
        location: key + hashRef.current,
        guard: route.guard,
        path: route.path,
      }),
    );
  }, [dispatch, key, route.guard, route.path]);

  // The screen of an allowed location renders in a transition, so React renders it in slices
  // and lets the browser in between. The guard's answer arrives through the store, and React
  // renders a store's update at once, in one task: on a phone the whole first screen was one
  // long task after the layout's first render.
  const allowedHere = sameKey(allowed);
  const [shownKey, setShownKey] = useState(() => (allowedHere ? key : null));
  useEffect(() => {
    if (allowedHere) startTransition(() => setShownKey(key));
  }, [allowedHere, key]);

  if (sameKey(cancelled)) {
    return (
      <Notice color="danger" role="alert">
        <p>{t('errors.navigation-failed')}</p>
        <button
          type="button"
          className="ds-button"
          onClick={() =>
            dispatch(navigationRequested({ location, guard: route.guard, path: route.path }))
          }
        >
          {t('errors.retry')}
        </button>
      </Notice>
    );
  }
  if (!allowedHere || shownKey !== key) return null;
  const Screen = preloadedScreen(route.path) ?? screens.get(route.path)!;
  // Rendering <Screen /> requests its chunk; its texts are requested at the same time.
  void loadNamespaces(i18n, route.namespaces);
  return (
    <Suspense fallback={null}>
      <Screen />
      <Completed route={route} location={location} />
    </Suspense>
  );
}

function SmsLink() {
  const params = useParams();
  const here = useLocation();
  return <Navigate replace to={smsLinkTarget(params['*'] ?? '', here.search, here.hash)} />;
}

/** Any unknown path: /404, which names the address the reader asked for. */
export function UnknownPath() {
  const here = useLocation();
  return <Navigate replace to="/404" state={{ requested: here.pathname + here.search }} />;
}

function OrderTimeout() {
  const here = useLocation();
  return <Navigate replace to={orderTimeoutTarget(here.search)} />;
}

/** Gives the sagas the router's navigate function. */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((path, options) => {
      void navigate(path, options?.replace ? { replace: true } : undefined);
    });
  }, [navigate]);
  return null;
}

/** A path's screen is registered (its query and hash aside); `/betal-faktura/1` matches its pattern. */
export const isRegisteredPath = (path: string): boolean =>
  screenFor(path.split(/[?#]/)[0] ?? '') !== undefined;

export function AppRoutes() {
  const { pathname } = useLocation();
  // Only the route that answers the path goes to the router (screenFor.ts).
  const route = useMemo(() => screenFor(pathname), [pathname]);
  return (
    <IsPageContext.Provider value={isRegisteredPath}>
      <NavigateBridge />
      <Routes>
        {route && (
          <Route key={route.path} path={route.path} element={<GuardedScreen route={route} />} />
        )}
        <Route path={ORDER_TIMEOUT_REDIRECT.from} element={<OrderTimeout />} />
        <Route path="/t/*" element={<SmsLink />} />
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </IsPageContext.Provider>
  );
}
