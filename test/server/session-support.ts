// Sessions for server tests that are about what a logged-in user may do, not about logging in
// (the login itself is proven end to end in identity.test.ts): a session row is created for a
// demo identity as a completed login would, and requests carry the cookie and the CSRF headers.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import { createSession } from '../../src/server/identity/sessions';

import type { TestApp } from './support';

export interface TestSession {
  readonly spidId: string;
  /** Headers of a same-origin SPA request on the title's host, with the session cookie. */
  readonly headers: Record<string, string>;
  /** Injects a request as this user (method defaults to GET). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export const spaHeaders = (titleCode = 'FVN') => {
  const host = `${titleCode.toLowerCase()}.localhost`;
  return { host, origin: `http://${host}`, 'x-minside-request': '1' };
};

interface IdentityRow {
  spid_id: string;
  given_name: string;
  family_name: string;
  phone_number: string;
  birth_date: string | null;
}

/** A session of a demo identity, by e-mail. */
export async function sessionFor(
  t: TestApp,
  email: string,
  titleCode = 'FVN',
): Promise<TestSession> {
  const [user] = await t.db.query<IdentityRow & Record<string, unknown>>(
    'select spid_id, given_name, family_name, phone_number, birth_date from identity_users where email = $1',
    [email],
  );
  if (!user) throw new Error(`No demo identity ${email}`);
  return sessionOf(t, user, email, titleCode);
}

/**
 * A session of an identity the provider knows but Min Side has never seen (first login); what
 * the provider knows of the person may be changed with `identity` (e.g. no name at all).
 */
export function newIdentitySession(
  t: TestApp,
  spidId: string,
  titleCode = 'FVN',
  identity: Partial<Omit<IdentityRow, 'spid_id'>> = {},
): Promise<TestSession> {
  const user = {
    spid_id: spidId,
    given_name: 'Ny',
    family_name: 'Bruker',
    phone_number: '',
    birth_date: null,
    ...identity,
  };
  return sessionOf(t, user, `${spidId}@demo.minside.no`, titleCode);
}

async function sessionOf(
  t: TestApp,
  user: IdentityRow,
  email: string,
  titleCode: string,
): Promise<TestSession> {
  const id = await createSession(t.db, t.clock, {
    spidId: user.spid_id,
    titleCode,
    claims: {
      sub: user.spid_id,
      email,
      givenName: user.given_name,
      familyName: user.family_name,
      name: `${user.given_name} ${user.family_name}`,
      phoneNumber: user.phone_number,
      birthDate: user.birth_date,
    },
    sealedIdToken: undefined,
    sealedRefreshToken: undefined,
  });
  const headers = { ...spaHeaders(titleCode), cookie: `minside=${id}` };
  return {
    spidId: user.spid_id,
    headers,
    request: (options) => t.app.inject({ ...options, headers: { ...headers, ...options.headers } }),
  };
}
