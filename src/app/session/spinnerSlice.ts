// The full-page loading indicator (requirements §3/§4): on from the start with the Norwegian "fetching
// information.." text; starting with a message sets it, starting without one empties it;
// stopping turns it off.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The initial message of the spec; shown through the catalogue (spinner.fetching) in nb/nn. */
export const DEFAULT_SPINNER_MESSAGE = 'Henter informasjon..';

export interface SpinnerState {
  readonly showSpinner: boolean;
  readonly spinnerMsg: string;
}

export const initialSpinnerState: SpinnerState = {
  showSpinner: true,
  spinnerMsg: DEFAULT_SPINNER_MESSAGE,
};

export const spinnerSlice = createSlice({
  name: 'spinner',
  initialState: initialSpinnerState,
  reducers: {
    startSpinner: (_state, action: PayloadAction<string | undefined>) => ({
      showSpinner: true,
      spinnerMsg: action.payload ?? '',
    }),
    stopSpinner: (state) => ({ ...state, showSpinner: false }),
  },
});

export const { startSpinner, stopSpinner } = spinnerSlice.actions;
export const selectSpinner = (state: { spinner: SpinnerState }) => state.spinner;
