// Navigation through the guard sequence: which location may render, which was cancelled.
import { createAction, createSlice } from '@reduxjs/toolkit';

import type { Guard } from './access';

/**
 * A location (path + query + hash) was entered; the guard sequence decides. `path` is its route's
 * path in the route table (what a suspended subscriber may enter is decided by it).
 */
export const navigationRequested = createAction<{
  location: string;
  guard: Guard;
  path?: string;
}>('navigation/requested');
export const navigationAllowed = createAction<{ location: string }>('navigation/allowed');
export const navigationCancelled = createAction<{ location: string }>('navigation/cancelled');
/** The screen of an allowed location rendered. */
export const navigationCompleted = createAction<{ location: string; path: string; track: boolean }>(
  'navigation/completed',
);

export interface NavigationState {
  readonly allowed: string | null;
  readonly cancelled: string | null;
}

export const initialNavigationState: NavigationState = { allowed: null, cancelled: null };

export const navigationSlice = createSlice({
  name: 'navigation',
  initialState: initialNavigationState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(navigationRequested, (state) => ({ ...state, cancelled: null }))
      .addCase(navigationAllowed, (_state, action) => ({
        allowed: action.payload.location,
        cancelled: null,
      }))
      .addCase(navigationCancelled, (state, action) => ({
        ...state,
        cancelled: action.payload.location,
      }));
  },
});

export const selectNavigation = (state: { navigation: NavigationState }) => state.navigation;
