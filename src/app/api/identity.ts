// Identity endpoints in use: the session bootstrap, login and logout. The session is never
// cached across a login or logout.
import { identityApi } from './identity.gen';

export const identityEndpoints = identityApi.enhanceEndpoints({
  endpoints: {
    getSession: { keepUnusedDataFor: 0 },
    getLoginToken: { keepUnusedDataFor: 0 },
  },
});

export type { Session, User, LoginTokenResponse, LoginResult } from './identity.gen';
