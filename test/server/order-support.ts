// What the order suites share: a first-time reader (an account, and a birth date given once on
// the profile unless the test is about its absence), the tester's click on the sandbox's hosted
// payment page, and the problem+json assertion.
import { expect } from '@jest/globals';

import { newIdentitySession, type TestSession } from './session-support';
import type { TestApp } from './support';

type Response = Awaited<ReturnType<TestSession['request']>>;

export function expectProblem(response: Response, status: number, code: string) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
}

/** A new order of FVN's default digital plan, monthly (the first month for 1 kr). */
export const digitalMonthly = {
  kind: 'new',
  titleCode: 'FVN',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  period: 'Månedlig',
} as const;

let readers = 0;

/**
 * A reader Min Side has never seen, with a new account on FVN; `birthDate` (null: none) is given
 * on the profile as the order page would.
 */
export async function newReader(
  t: TestApp,
  birthDate: string | null = '1990-01-15',
): Promise<{ s: TestSession; accountNo: string }> {
  const s = await newIdentitySession(t, `ny-${(readers += 1)}-${Date.now()}`);
  const created = await s.request({
    method: 'POST',
    url: '/api/account',
    payload: { accountBalance: 0, spidId: s.spidId, firstTitleCode: 'FVN' },
  });
  expect(created.statusCode).toBe(201);
  const accountNo = created.json().ariaAccountNo as string;
  if (birthDate) {
    const given = await s.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: accountNo, birthDate },
    });
    expect(given.statusCode).toBe(200);
  }
  return { s, accountNo };
}

/** What the tester clicks on the sandbox's hosted page (approve, decline, timeout, cancel). */
export const onPaymentPage = (t: TestApp, redirectUrl: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { host: new URL(redirectUrl).host, origin: new URL(redirectUrl).origin },
    payload: { action },
  });
