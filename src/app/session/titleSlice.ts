// The title this page belongs to (requirements §3 Title). Put into the page by the server; loaded
// through the API when missing (the development server).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { titleEndpoints, type Title } from '../api/title';

import { loggedOut } from './sessionActions';

export interface TitleState {
  readonly title: Title | null;
}

export const initialTitleState: TitleState = { title: null };

export const titleSlice = createSlice({
  name: 'title',
  initialState: initialTitleState,
  reducers: {
    titleLoaded: (_state, action: PayloadAction<Title>) => ({ title: action.payload }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialTitleState)
      .addMatcher(titleEndpoints.endpoints.getTitle.matchFulfilled, (_state, { payload }) => ({
        title: payload,
      }));
  },
});

export const { titleLoaded } = titleSlice.actions;
export const selectTitle = (state: { title: TitleState }) => state.title.title;
