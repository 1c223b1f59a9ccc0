// Actions of the session sagas (login, callback, logout, the 401/406 re-login).
import { createAction } from '@reduxjs/toolkit';

/** Start a login; return to `returnUrl` (path, query and hash) afterwards. */
export const loginRequested = createAction<{ returnUrl: string }>('session/loginRequested');
export const loginFailed = createAction<{ message: string }>('session/loginFailed');
/** Exchange the code and state of /callback. */
export const callbackReceived = createAction<{ code: string; state: string }>(
  'session/callbackReceived',
);
export const callbackFailed = createAction<{ code: string }>('session/callbackFailed');
export const logoutRequested = createAction('session/logoutRequested');
/** Clears user, account, subscription and title (spec §4). */
export const loggedOut = createAction('session/loggedOut');
export const bootstrapRequested = createAction('session/bootstrapRequested');
export const bootstrapped = createAction<{ authenticated: boolean }>('session/bootstrapped');
export const bootstrapFailed = createAction('session/bootstrapFailed');
