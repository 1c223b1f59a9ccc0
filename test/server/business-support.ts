// Helpers of the business seat tests (business-admin.test.ts, business-verification.test.ts): the
// admin's and the invitee's calls, the demo agreement's facts, and the links and codes the
// outbox holds.
import { expect } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';

import type { TestSession } from './session-support';
import type { TestApp } from './support';

export const ADMIN = 'bedrift-admin@demo.minside.no';
export const EMPLOYEE = 'bedrift-ansatt@demo.minside.no';
export const PENDING = 'ny.ansatt@demo.minside.no';
export const COMPANY = 'Kystbyen Regnskap AS';
export const OTHER_COMPANY = 'Fjellheim Bygg AS';

const PROBLEM_JSON = /^application\/problem\+json/;

export type Kind = 'ADD' | 'UPDATE' | 'REMOVE';

export const getAgreement = (session: TestSession, titleCode = 'FVN') =>
  session.request({ url: `/api/business/${titleCode}` });

export const change = (
  session: TestSession,
  changes: readonly { kind: Kind; email: string }[],
  options: { dryRun?: boolean; titleCode?: string } = {},
) =>
  session.request({
    method: 'POST',
    url: `/api/business/${options.titleCode ?? 'FVN'}/users`,
    payload: { changes, ...(options.dryRun !== undefined ? { dryRun: options.dryRun } : {}) },
  });

export const adds = (...emails: string[]) =>
  emails.map((email) => ({ kind: 'ADD' as const, email }));

/** The result of each change, in order. */
export const resultsOf = (response: LightMyRequestResponse): string[] =>
  (response.json() as { results: { result: string }[] }).results.map((r) => r.result);

export const verify = (session: TestSession, payload: { token?: string; code?: string }) =>
  session.request({ method: 'POST', url: '/api/business/verification', payload });

export const sendCode = (session: TestSession, token: string) =>
  session.request({ method: 'POST', url: '/api/business/verification/code', payload: { token } });

export function expectProblem(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({
    status,
    type: expect.stringMatching(PROBLEM_JSON),
  });
  expect(response.json()).toMatchObject({ status, code });
}

interface OutboxRow extends Record<string, unknown> {
  recipient: string;
  body: string;
}

/** The e-mails to `recipient`, newest first. */
export async function mailsTo(t: TestApp, recipient: string): Promise<string[]> {
  const rows = await t.db.query<OutboxRow>(
    `select recipient, body from outbox where channel = 'email' and recipient = $1
      order by id desc`,
    [recipient],
  );
  return rows.map((r) => r.body);
}

/** The token of the newest invitation link e-mailed to `recipient`. */
export async function invitationToken(t: TestApp, recipient: string): Promise<string> {
  const [mail] = (await mailsTo(t, recipient)).filter((body) => body.includes('invitasjon='));
  const match = /\/bedrift\?invitasjon=([A-Za-z0-9_-]+)/.exec(mail ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

/** The newest 6-digit code e-mailed to `recipient`. */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [mail] = (await mailsTo(t, recipient)).filter((body) => /Koden din er \d{6}/.test(body));
  const match = /Koden din er (\d{6})\./.exec(mail ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

export const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The agreement id of a company. */
export async function agreementId(t: TestApp, companyName: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'select id from business_agreements where company_name = $1',
    [companyName],
  );
  return Number(row!.id);
}

/** The live seats of a company: address → status. */
export async function seatsOf(t: TestApp, companyName: string): Promise<Record<string, string>> {
  const rows = await t.db.query<{ email: string; status: string }>(
    `select s.email, s.status from business_seats s
       join business_agreements a on a.id = s.agreement_id
      where a.company_name = $1 and s.status <> 'removed' order by s.email`,
    [companyName],
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.status]));
}

/** Sets the number of seats of a company (customer service's setting). */
export async function setMaxSeats(t: TestApp, companyName: string, max: number) {
  await t.db.query('update business_agreements set max_seats = $2 where company_name = $1', [
    companyName,
    max,
  ]);
}

/**
 * Makes a demo user the admin of a company: their FVN subscription says admin and administers
 * the company's agreement (as the billing system would have it).
 */
export async function makeAdmin(t: TestApp, email: string, companyName: string) {
  const [row] = await t.db.query<{ subscription_no: string }>(
    `select s.subscription_no from subscriptions s
       join accounts a on a.aria_account_no = s.aria_account_no
       join identity_users u on u.spid_id = a.spid_id
      where u.email = $1 and s.title_code = 'FVN' order by s.created_at desc limit 1`,
    [email],
  );
  await t.db.query(
    `update subscriptions set subscription_info1 = 'admin' where subscription_no = $1`,
    [row!.subscription_no],
  );
  await t.db.query(
    `insert into business_agreement_admins (subscription_no, agreement_id) values ($1, $2)`,
    [row!.subscription_no, await agreementId(t, companyName)],
  );
}

/** The FVN subscription of a demo user (the current one): its status and info. */
export async function fvnSubscriptionOf(t: TestApp, email: string) {
  const [row] = await t.db.query<{
    subscription_no: string;
    status_code: number;
    expiry_date: string | null;
    subscription_info1: string | null;
    share_kind: string | null;
    business_agreement_id: number | null;
  }>(
    `select s.subscription_no, s.status_code, s.expiry_date, s.subscription_info1, s.share_kind,
            s.business_agreement_id
       from subscriptions s join accounts a on a.aria_account_no = s.aria_account_no
       join identity_users u on u.spid_id = a.spid_id
      where u.email = $1 and s.title_code = 'FVN'
      order by s.created_at desc, s.subscription_no desc limit 1`,
    [email],
  );
  return row;
}
