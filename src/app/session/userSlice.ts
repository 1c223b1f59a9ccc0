// The logged-in user (requirements §3 User). Follows the session bootstrap and the login callback.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import { identityEndpoints, type User } from '../api/identity';

import { loggedOut, sessionFromPage } from './sessionActions';

export interface UserState {
  readonly loggedIn: boolean;
  readonly schibstedId: string;
  readonly sp_id: string;
  readonly displayName: string;
  readonly givenName: string;
  readonly familyName: string;
  /** Empty by default (requirements §3). */
  readonly phoneNumber: string;
  readonly email: string;
  readonly birthDate: string | null;
}

export const initialUserState: UserState = {
  loggedIn: false,
  schibstedId: '',
  sp_id: '',
  displayName: '',
  givenName: '',
  familyName: '',
  phoneNumber: '',
  email: '',
  birthDate: null,
};

const fromUser = (user: User | null): UserState =>
  user ? { loggedIn: true, ...user, phoneNumber: user.phoneNumber ?? '' } : initialUserState;

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialUserState)
      .addMatcher(
        isAnyOf(identityEndpoints.endpoints.getSession.matchFulfilled, sessionFromPage),
        (_state, { payload }) => fromUser(payload.user),
      )
      .addMatcher(identityEndpoints.endpoints.handleCode.matchFulfilled, (_state, { payload }) =>
        fromUser(payload.session.user),
      );
  },
});

export const selectUser = (state: { user: UserState }) => state.user;
export const selectLoggedIn = (state: { user: UserState }) => state.user.loggedIn;
