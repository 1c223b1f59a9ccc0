// Where the session stands: bootstrapped or not, a login error to show, and whether the one
// automatic re-login after a 401/406 has been used up.
import { createSlice } from '@reduxjs/toolkit';

import {
  bootstrapFailed,
  bootstrapped,
  callbackFailed,
  callbackReceived,
  loginFailed,
  loginRequested,
} from './sessionActions';

export interface SessionState {
  readonly status: 'loading' | 'ready' | 'failed';
  /** A catalogue key of the last login failure (errors.*), shown by the layout. */
  readonly loginError: string | null;
  /** The problem code of a failed /callback exchange. */
  readonly callbackError: string | null;
}

export const initialSessionState: SessionState = {
  status: 'loading',
  loginError: null,
  callbackError: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(bootstrapped, (state) => ({ ...state, status: 'ready' }))
      .addCase(bootstrapFailed, (state) => ({ ...state, status: 'failed' }))
      .addCase(loginRequested, (state) => ({ ...state, loginError: null }))
      .addCase(loginFailed, (state, action) => ({ ...state, loginError: action.payload.message }))
      .addCase(callbackReceived, (state) => ({ ...state, callbackError: null }))
      .addCase(callbackFailed, (state, action) => ({
        ...state,
        callbackError: action.payload.code,
      }));
  },
});

export const selectSession = (state: { session: SessionState }) => state.session;
