// The user's billing account (requirements §3 Account): balance 0 for a new one.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import { type Account, accountEndpoints } from '../api/account';
import { identityEndpoints } from '../api/identity';

import { loggedOut, sessionFromPage } from './sessionActions';

export interface AccountState {
  readonly ariaAccountNo: string;
  readonly spidId: string;
  readonly accountBalance: number;
  readonly firstTitleCode: string;
}

export const initialAccountState: AccountState = {
  ariaAccountNo: '',
  spidId: '',
  accountBalance: 0,
  firstTitleCode: '',
};

const fromAccount = (account: Account | null): AccountState =>
  account
    ? {
        ariaAccountNo: account.ariaAccountNo,
        spidId: account.spidId,
        accountBalance: account.accountBalance,
        firstTitleCode: account.firstTitleCode,
      }
    : initialAccountState;

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialAccountState)
      .addMatcher(
        isAnyOf(identityEndpoints.endpoints.getSession.matchFulfilled, sessionFromPage),
        (_state, { payload }) => fromAccount(payload.account),
      )
      .addMatcher(identityEndpoints.endpoints.handleCode.matchFulfilled, (_state, { payload }) =>
        fromAccount(payload.session.account),
      )
      // Connecting a subscription (/koble-bruker) answers the account it now belongs to.
      .addMatcher(accountEndpoints.endpoints.assignAccount.matchFulfilled, (_state, { payload }) =>
        fromAccount(payload),
      );
  },
});

export const selectAccount = (state: { account: AccountState }) => state.account;
