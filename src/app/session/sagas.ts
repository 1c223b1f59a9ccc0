// The session sagas: bootstrap on load, login, the /callback exchange, logout, and the one
// automatic re-login after a 401/406. They only orchestrate; the rules are in the server.
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, putResolve, select, take, takeLeading } from 'redux-saga/effects';

import { accountEndpoints } from '../api/account';
import { sessionExpired } from '../api/baseApi';
import {
  identityEndpoints,
  type LoginResult,
  type LoginTokenResponse,
  type Session,
} from '../api/identity';
import { type ApiResult, flowProblem } from '../api/problem';

import type { Platform } from './platform';
import {
  bootstrapFailed,
  bootstrapped,
  bootstrapRequested,
  callbackFailed,
  callbackReceived,
  loggedOut,
  loginFailed,
  loginRequested,
  logoutRequested,
  sessionFromPage,
} from './sessionActions';
import { stopSpinner } from './spinnerSlice';
import { selectTitle } from './titleSlice';

/** How long after an automatic re-login another one is refused (no login loops). */
export const RELOGIN_GUARD_MS = 60_000;
export const RELOGIN_KEY = 'minside.relogin-at';

export const LOGIN_ERRORS = {
  noToken: 'No login token received',
  noIdentity: 'Identity not initialized',
} as const;

export function* bootstrapSaga(action: ReturnType<typeof bootstrapRequested>): SagaIterator {
  const fromPage = action.payload.session;
  if (fromPage) yield put(sessionFromPage(fromPage));
  let result: ApiResult<Session> = fromPage
    ? { data: fromPage }
    : yield putResolve(
        identityEndpoints.endpoints.getSession.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
  if (!result.data) {
    yield put(bootstrapFailed());
    return;
  }
  const { user, account, titleCode } = result.data;
  // requirements §4: if the account is missing, it is created with balance 0, the identity id and the
  // first title code. (The server also does this at login; this covers any account lost since.)
  if (result.data.authenticated && user && !account) {
    yield putResolve(
      accountEndpoints.endpoints.createAccount.initiate({
        createAccountRequest: {
          accountBalance: 0,
          spidId: user.schibstedId,
          firstTitleCode: titleCode,
        },
      }),
    );
    result = yield putResolve(
      identityEndpoints.endpoints.getSession.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
  }
  yield put(bootstrapped({ authenticated: result.data?.authenticated ?? false }));
}

export function* loginSaga(action: ReturnType<typeof loginRequested>): SagaIterator {
  const platform: Platform = yield getContext('platform');
  const result: ApiResult<LoginTokenResponse> = yield putResolve(
    identityEndpoints.endpoints.getLoginToken.initiate(
      { returnUrl: action.payload.returnUrl },
      { subscribe: false, forceRefetch: true },
    ),
  );
  if (!result.data?.loginToken) {
    yield put(loginFailed({ message: LOGIN_ERRORS.noToken }));
    yield put(stopSpinner());
    return;
  }
  if (!result.data.state || !result.data.authorizeUrl) {
    yield put(loginFailed({ message: LOGIN_ERRORS.noIdentity }));
    yield put(stopSpinner());
    return;
  }
  yield call([platform, platform.redirect], result.data.authorizeUrl);
}

export function* callbackSaga(action: ReturnType<typeof callbackReceived>): SagaIterator {
  const platform: Platform = yield getContext('platform');
  const result: ApiResult<LoginResult> = yield putResolve(
    identityEndpoints.endpoints.handleCode.initiate({
      loginCallbackRequest: { code: action.payload.code, state: action.payload.state },
    }),
  );
  if (!result.data) {
    yield put(callbackFailed({ code: flowProblem(result.error).code }));
    return;
  }
  yield call([platform.storage, platform.storage.removeItem], RELOGIN_KEY);
  yield put(bootstrapped({ authenticated: true }));
  yield call([platform, platform.navigate], result.data.returnUrl, { replace: true });
}

export function* logoutSaga(): SagaIterator {
  const platform: Platform = yield getContext('platform');
  const title: ReturnType<typeof selectTitle> = yield select(selectTitle);
  const result: ApiResult<{ redirectUrl: string }> = yield putResolve(
    identityEndpoints.endpoints.logout.initiate(),
  );
  // A 401 means the session had already ended: logged out all the same.
  yield put(loggedOut());
  yield put(identityEndpoints.util.resetApiState());
  yield call([platform, platform.redirect], result.data?.redirectUrl ?? title?.pageUrl ?? '/');
}

/**
 * requirements §4: on a 401 or 406, the first time only, send the user to login with the current path,
 * query and hash. Only the first expiry of the page is taken (several failing at once start one
 * login), and a page that just came back from such a login does not start another (no loop).
 */
export function* sessionExpiredSaga(): SagaIterator {
  yield take(sessionExpired);
  const platform: Platform = yield getContext('platform');
  const last = Number(platform.storage.getItem(RELOGIN_KEY) ?? 0);
  const now = platform.now();
  if (now - last < RELOGIN_GUARD_MS) {
    yield put(loginFailed({ message: 'session-expired-again' }));
    yield put(stopSpinner());
    return;
  }
  yield call([platform.storage, platform.storage.setItem], RELOGIN_KEY, String(now));
  yield put(loginRequested({ returnUrl: platform.currentPath() }));
}

export function* sessionSaga(): SagaIterator {
  yield takeLeading(bootstrapRequested, bootstrapSaga);
  yield takeLeading(loginRequested, loginSaga);
  yield takeLeading(callbackReceived, callbackSaga);
  yield takeLeading(logoutRequested, logoutSaga);
  yield call(sessionExpiredSaga);
}
