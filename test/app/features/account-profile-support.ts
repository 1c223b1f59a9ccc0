// Shared by the /kontakt and /leveringsadresse tests: the account profile and PUT account as
// routes of the fake API, problem+json answers, and an answer held back until the test lets it
// go (a save in flight, for double submits).
import type { AccountProfile } from '../../../src/app/api/account';
import { type ApiRoute, json } from '../render';

/** Routes for the account A-2001: GET its profile (by default `profile`) and PUT account. */
export function accountRoutes(profile: AccountProfile) {
  const profileRoute =
    (answer: () => Response = () => json(profile)): ApiRoute =>
    (request) =>
      request.method === 'GET' && new URL(request.url).pathname === '/api/account/A-2001/profile'
        ? answer()
        : undefined;
  const putRoute =
    (answer: () => Response | Promise<Response>): ApiRoute =>
    (request) =>
      request.method === 'PUT' && new URL(request.url).pathname === '/api/account'
        ? answer()
        : undefined;
  return { profileRoute, putRoute };
}

export const problem = (status: number, code: string, errors?: object[]) =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, code, ...(errors && { errors }) }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** An answer that stays pending until `release()`, which answers with `response()`. */
export function heldAnswer(response: () => Response) {
  let release: () => void = () => {};
  const answer = () =>
    new Promise<Response>((resolve) => {
      release = () => resolve(response());
    });
  return { answer, release: () => release() };
}

/** The PUT requests among the calls the fake API saw. */
export const puts = (calls: Request[]) => calls.filter((c) => c.method === 'PUT');
