// Shared by the /kontakt, /leveringsadresse and /endre-profil tests: the account profile and PUT
// account as routes of the fake API, and the PUTs among the calls it saw.
import type { AccountProfile } from '../../../src/app/api/account';
import { type Answer, json, route } from '../render';

/** Routes for the account A-2001: GET its profile (by default `profile`) and PUT account. */
export function accountRoutes(profile: AccountProfile) {
  const profileRoute = (answer: Answer = () => json(profile)) =>
    route('GET', '/api/account/A-2001/profile', answer);
  const putRoute = (answer: Answer) => route('PUT', '/api/account', answer);
  return { profileRoute, putRoute };
}

/** The PUT requests among the calls the fake API saw. */
export const puts = (calls: Request[]) => calls.filter((c) => c.method === 'PUT');
