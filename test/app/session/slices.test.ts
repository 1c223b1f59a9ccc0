import { describe, expect, it } from '@jest/globals';

import { accountSlice, initialAccountState } from '../../../src/app/session/accountSlice';
import { loggedOut } from '../../../src/app/session/sessionActions';
import {
  DEFAULT_SPINNER_MESSAGE,
  initialSpinnerState,
  spinnerSlice,
  startSpinner,
  stopSpinner,
} from '../../../src/app/session/spinnerSlice';
import {
  initialSubscriptionState,
  subscriptionSlice,
} from '../../../src/app/session/subscriptionSlice';
import { initialTitleState, titleSlice } from '../../../src/app/session/titleSlice';
import { initialUserState, userSlice } from '../../../src/app/session/userSlice';

describe('spinner (requirements §3/§4)', () => {
  it('starts on with the Norwegian "fetching information.." message', () => {
    expect(spinnerSlice.reducer(undefined, { type: 'init' })).toEqual({
      showSpinner: true,
      spinnerMsg: 'Henter informasjon..',
    });
    expect(initialSpinnerState.spinnerMsg).toBe(DEFAULT_SPINNER_MESSAGE);
  });

  it('start with a message sets it; start without one empties it; stop turns it off', () => {
    const stopped = spinnerSlice.reducer(initialSpinnerState, stopSpinner());
    expect(stopped.showSpinner).toBe(false);
    expect(spinnerSlice.reducer(stopped, startSpinner('Bestiller…'))).toEqual({
      showSpinner: true,
      spinnerMsg: 'Bestiller…',
    });
    expect(spinnerSlice.reducer(stopped, startSpinner())).toEqual({
      showSpinner: true,
      spinnerMsg: '',
    });
  });
});

describe('initial values of the requirements §3 entities', () => {
  it('user: logged out, phone number empty by default', () => {
    expect(userSlice.reducer(undefined, { type: 'init' })).toEqual(initialUserState);
    expect(initialUserState.phoneNumber).toBe('');
    expect(initialUserState.loggedIn).toBe(false);
  });

  it('account: balance 0', () => {
    expect(accountSlice.reducer(undefined, { type: 'init' })).toEqual(initialAccountState);
    expect(initialAccountState.accountBalance).toBe(0);
  });

  it('logout clears user, account, subscription and title', () => {
    const title = { titleCode: 'FVN' } as never;
    expect(titleSlice.reducer({ title }, loggedOut())).toEqual(initialTitleState);
    expect(
      userSlice.reducer({ ...initialUserState, loggedIn: true, givenName: 'Dag' }, loggedOut()),
    ).toEqual(initialUserState);
    expect(
      accountSlice.reducer({ ...initialAccountState, ariaAccountNo: '100000001' }, loggedOut()),
    ).toEqual(initialAccountState);
    expect(
      subscriptionSlice.reducer(
        { loaded: true, hasSubscription: true, subscription: {} as never },
        loggedOut(),
      ),
    ).toEqual({ ...initialSubscriptionState, loaded: true });
  });
});
