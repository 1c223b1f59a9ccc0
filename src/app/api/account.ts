// Account endpoints in use by the SPA.
import { accountApi } from './account.gen';

export const accountEndpoints = accountApi;
export type { Account } from './account.gen';
