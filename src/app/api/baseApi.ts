// The one RTK Query API of the SPA. Generated `<tag>.gen.ts` files inject their endpoints into it
// (npm run codegen); hand-written `<tag>.ts` files beside them add cache tags and re-export the
// hooks in use. All calls go to the product's own backend under /api/ with the session cookie.
import { createAction } from '@reduxjs/toolkit';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  fetchBaseQuery,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

/** Sent on every call: the server refuses state-changing calls without it (CSRF defence). */
export const CSRF_HEADER = 'x-minside-request';

/** A call answered 401 or 406: the session is gone (requirements §4: send the user to login, once). */
export const sessionExpired = createAction<{ endpoint: string }>('session/expired');

/** Calls whose 401 is an answer, not an expired session (the SPA handles them itself). */
const ANSWERS_401 = new Set(['logout', 'handleCode', 'handleLoginToken', 'getLoginToken']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api/',
  credentials: 'same-origin',
  prepareHeaders(headers) {
    headers.set(CSRF_HEADER, '1');
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const status = result.error?.status;
  if ((status === 401 || status === 406) && !ANSWERS_401.has(api.endpoint)) {
    api.dispatch(sessionExpired({ endpoint: api.endpoint }));
  }
  return result;
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
