// Actions of the session sagas (login, callback, logout, the 401/406 re-login).
import { createAction } from '@reduxjs/toolkit';

import type { Session } from '../api/identity';

/** Start a login; return to `returnUrl` (path, query and hash) afterwards. */
export const loginRequested = createAction<{ returnUrl: string }>('session/loginRequested');
export const loginFailed = createAction<{ message: string }>('session/loginFailed');
/** Exchange the code and state of /callback. */
export const callbackReceived = createAction<{ code: string; state: string }>(
  'session/callbackReceived',
);
export const callbackFailed = createAction<{ code: string }>('session/callbackFailed');
export const logoutRequested = createAction('session/logoutRequested');
/** Clears user, account, subscription and title (requirements §4). */
export const loggedOut = createAction('session/loggedOut');
/** Start the session; `session`: the one the server wrote into the page (no call needed). */
export const bootstrapRequested = createAction(
  'session/bootstrapRequested',
  (session?: Session) => ({ payload: { session } }),
);
/** The session the server wrote into the page: taken like GET /api/session's answer. */
export const sessionFromPage = createAction<Session>('session/sessionFromPage');
export const bootstrapped = createAction<{ authenticated: boolean }>('session/bootstrapped');
export const bootstrapFailed = createAction('session/bootstrapFailed');
