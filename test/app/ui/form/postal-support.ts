// The postal-code register as the server answers it (GET /api/postal-codes/{postalCode}), for
// the tests of forms with delivery-address fields: a few real codes of Posten/Bring's register;
// any other code is 404 POSTAL_CODE_UNKNOWN, as the server answers a code the register lacks.
import { type ApiRoute, json, problem } from '../../render';

export const TEST_REGISTER: Readonly<Record<string, string>> = {
  '4610': 'Kristiansand S',
  '4611': 'Kristiansand S',
  '4640': 'Søgne',
  '6800': 'Førde',
};

/** The lookups among recorded calls: the postal codes asked for, in order. */
export const postalLookups = (calls: readonly Request[]) =>
  calls
    .map((request) => /\/api\/postal-codes\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1])
    .filter((code): code is string => !!code);

export const postalRoute =
  (answer?: (code: string) => Response | Promise<Response> | undefined): ApiRoute =>
  (request) => {
    const match = /^\/api\/postal-codes\/([^/]+)$/.exec(new URL(request.url).pathname);
    if (request.method !== 'GET' || !match) return undefined;
    const code = decodeURIComponent(match[1]!);
    const custom = answer?.(code);
    if (custom) return custom;
    const place = TEST_REGISTER[code];
    return place ? json({ postalCode: code, place }) : problem(404, 'POSTAL_CODE_UNKNOWN');
  };
