// The one RTK Query API of the SPA. Generated `<tag>.gen.ts` files inject their endpoints into it
// (npm run codegen); hand-written `<tag>.ts` files beside them add cache tags and re-export the
// hooks in use. All calls go to the product's own backend under /api/ with the session cookie.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Sent on every call: the server refuses state-changing calls without it (CSRF defence). */
export const CSRF_HEADER = 'x-minside-request';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api/',
    credentials: 'same-origin',
    prepareHeaders(headers) {
      headers.set(CSRF_HEADER, '1');
      return headers;
    },
  }),
  endpoints: () => ({}),
});
