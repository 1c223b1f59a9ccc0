// The profile (/endre-profil) on the server: PUT account takes a Norwegian or
// international phone number by the SPA's own rule (src/shared/profile/phone.ts) and stores it in
// E.164; the fields the identity provider owns are refused; the birth date is given once; every
// change is audited with the names of the fields that changed; and invoice descriptions are in the
// title's language (nynorsk on FIR).
import { describe, expect, it } from '@jest/globals';

import { invoiceDescription } from '../../src/server/domain/invoices/descriptions';
import { settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { isValidPhoneNumber } from '../../src/shared/profile/phone';

import { newIdentitySession, sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

/** An identity the provider knows no name or birth date of: Min Side owns them. */
const NAMELESS = { given_name: '', family_name: '' };

async function newReader(spidId: string, identity: Parameters<typeof newIdentitySession>[3] = {}) {
  const session = await newIdentitySession(t, spidId, 'FVN', identity);
  const created = await session.request({
    method: 'POST',
    url: '/api/account',
    payload: { accountBalance: 0, spidId, firstTitleCode: 'FVN' },
  });
  expect(created.statusCode).toBe(201);
  return { session, ariaAccountNo: (created.json() as { ariaAccountNo: string }).ariaAccountNo };
}

const put = (session: TestSession, payload: object) =>
  session.request({ method: 'PUT', url: '/api/account', payload });

async function storedPhone(ariaAccountNo: string): Promise<string | null> {
  const [row] = await t.db.query<{ phone_number: string | null }>(
    'select phone_number from account_profiles where aria_account_no = $1',
    [ariaAccountNo],
  );
  return row?.phone_number ?? null;
}

interface AuditRow {
  kind: string;
  actor: string;
  detail: Record<string, unknown>;
  [column: string]: unknown;
}

const auditOf = (ariaAccountNo: string) =>
  t.db.query<AuditRow>(
    'select kind, actor, detail from account_events where aria_account_no = $1 order by id',
    [ariaAccountNo],
  );

describe('the phone number', () => {
  it.each([
    ['912 34 567', '+4791234567'],
    ['+47 912 34 567', '+4791234567'],
    ['0047 912 34 567', '+4791234567'],
    ['22 22 22 22', '+4722222222'],
    ['(+47) 400-00-033', '+4740000033'],
  ])('takes the Norwegian number %j and stores it as %j', async (typed, stored) => {
    const { session, ariaAccountNo } = await newReader(`phone-no-${stored}-${typed.length}`);
    const response = await put(session, { ariaAccountNo, phoneNumber: typed });
    expect(response.statusCode).toBe(200);
    expect(await storedPhone(ariaAccountNo)).toBe(stored);
  });

  it.each([
    ['+46 70 123 45 67', '+46701234567'],
    ['+1 (212) 555-0100', '+12125550100'],
    ['+44 7911 123456', '+447911123456'],
    ['+358 40 1234567', '+358401234567'],
  ])('takes the international number %j and stores it as %j', async (typed, stored) => {
    const { session, ariaAccountNo } = await newReader(`phone-intl-${stored}`);
    const response = await put(session, { ariaAccountNo, phoneNumber: typed });
    expect(response.statusCode).toBe(200);
    expect(await storedPhone(ariaAccountNo)).toBe(stored);
    // The profile answers it in E.164, as stored.
    const profile = await session.request({ url: `/api/account/${ariaAccountNo}/profile` });
    expect(profile.json()).toMatchObject({ phoneNumber: stored });
  });

  it.each([
    ['12345678', 'a Norwegian number cannot start with 1'],
    ['1234', 'too short'],
    ['912 34 5678', 'one digit too many for Norway'],
    ['+46 12', 'too short for Sweden'],
    ['+999 1234 5678', 'no such country code'],
    ['+1 212 555 01', 'too short for the US'],
    ['004612', 'too short after the international prefix'],
  ])('refuses %j (%s) with PHONE_INVALID and changes nothing', async (typed) => {
    const { session, ariaAccountNo } = await newReader(`phone-bad-${typed.replace(/\D/g, '')}`);
    const response = await put(session, { ariaAccountNo, phoneNumber: typed, email: 'x@y.no' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PHONE_INVALID',
      errors: [{ field: 'phoneNumber' }],
    });
    expect(await storedPhone(ariaAccountNo)).toBeNull();
    expect(await auditOf(ariaAccountNo)).toEqual([]);
  });

  it.each([['912 34 567 ext. 12'], ['1-800-FLOWERS'], ['+47 912 34 567 (jobb)'], ['']])(
    'refuses %j by the contract (VALIDATION_FAILED on the field)',
    async (typed) => {
      const { session, ariaAccountNo } = await newReader(`phone-shape-${typed.length}`);
      const response = await put(session, { ariaAccountNo, phoneNumber: typed });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field: 'phoneNumber' }] });
    },
  );

  it('is refused by the server exactly when the form refuses it (one shared rule)', async () => {
    const { session, ariaAccountNo } = await newReader('phone-same-rule');
    const inputs = [
      '91234567',
      '41234567',
      '01234567',
      '81234567',
      '+4741234567',
      '+4701234567',
      '+46701234567',
      '+46 8 123 456 78',
      '+45 80 00 12 34',
      '+12125550100',
      '+1212555010',
      '+86 138 0013 8000',
      '+49 30 123456',
      '+49 1',
      '+683 4002',
      '+0 12345678',
    ];
    for (const typed of inputs) {
      const response = await put(session, { ariaAccountNo, phoneNumber: typed });
      expect({ typed, accepted: response.statusCode === 200 }).toEqual({
        typed,
        accepted: isValidPhoneNumber(typed),
      });
    }
  });
});

describe('fields the identity provider owns', () => {
  it.each([['firstName'], ['lastName']])(
    'refuses %s when the provider has the name, and changes nothing else either',
    async (field) => {
      const session = await sessionFor(t, 'papir@demo.minside.no');
      const ariaAccountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
      const before = await auditOf(ariaAccountNo);
      const phoneBefore = await storedPhone(ariaAccountNo);
      const response = await put(session, {
        ariaAccountNo,
        [field]: 'Mallory',
        phoneNumber: '+4791234599',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'IDENTITY_OWNED_FIELD',
        errors: [{ field }],
      });
      expect(await storedPhone(ariaAccountNo)).not.toBe('+4791234599');
      expect(await storedPhone(ariaAccountNo)).toBe(phoneBefore);
      expect(await auditOf(ariaAccountNo)).toEqual(before);
      const profile = await session.request({ url: `/api/account/${ariaAccountNo}/profile` });
      expect(profile.json()).toMatchObject({ firstName: 'Per', lastName: 'Papir' });
    },
  );

  it("says what the provider owns, the login e-mail and where to change them (the title's client)", async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no', 'FIR');
    const ariaAccountNo = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const profile = await t.app.inject({
      url: `/api/account/${ariaAccountNo}/profile`,
      headers: { ...session.headers, host: 'fir.localhost', origin: 'http://fir.localhost' },
    });
    expect(profile.json()).toMatchObject({
      firstName: 'Dag',
      birthDate: '1979-09-30',
      identity: {
        ownedFields: ['firstName', 'lastName', 'birthDate'],
        loginEmail: 'digital@demo.minside.no',
        accountUrl:
          'http://localhost:8080/idp/account?client_id=minside-firda&return_to=http%3A%2F%2Ffir.localhost',
      },
    });
  });

  it('shows the provider’s name over one saved before the provider had it', async () => {
    const { ariaAccountNo, session } = await newReader('renamed', NAMELESS);
    expect((await put(session, { ariaAccountNo, firstName: 'Gammel' })).statusCode).toBe(200);
    const named = await newIdentitySession(t, 'renamed', 'FVN', { given_name: 'Ny' });
    const profile = await named.request({ url: `/api/account/${ariaAccountNo}/profile` });
    expect(profile.json()).toMatchObject({ firstName: 'Ny' });
    expect((await put(named, { ariaAccountNo, firstName: 'Gammel' })).statusCode).toBe(403);
  });

  it('lets Min Side keep a name the provider does not have', async () => {
    const { session, ariaAccountNo } = await newReader('nameless', NAMELESS);
    const response = await put(session, { ariaAccountNo, firstName: 'Kari', lastName: 'Nord' });
    expect(response.statusCode).toBe(200);
    const profile = await session.request({ url: `/api/account/${ariaAccountNo}/profile` });
    expect(profile.json()).toMatchObject({
      firstName: 'Kari',
      lastName: 'Nord',
      identity: { ownedFields: [], loginEmail: 'nameless@demo.minside.no' },
    });
  });
});

describe('the birth date', () => {
  it('is given once when the provider has none, then read-only (409)', async () => {
    const { session, ariaAccountNo } = await newReader('born-once');
    const first = await put(session, { ariaAccountNo, birthDate: '1990-05-17' });
    expect(first.statusCode).toBe(200);
    const again = await put(session, { ariaAccountNo, birthDate: '1991-05-17' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'BIRTH_DATE_ALREADY_SET',
      errors: [{ field: 'birthDate' }],
    });
    const profile = await session.request({ url: `/api/account/${ariaAccountNo}/profile` });
    expect(profile.json()).toMatchObject({
      birthDate: '1990-05-17',
      identity: { ownedFields: ['firstName', 'lastName'] },
    });
    expect(await auditOf(ariaAccountNo)).toEqual([
      { kind: 'birth-date-given', actor: 'user:born-once', detail: { birthDate: '1990-05-17' } },
    ]);
  });

  it('is the provider’s when it has one, and cannot be given then', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const ariaAccountNo = await demoAccountNo(t.db, 'ung@demo.minside.no');
    const response = await put(session, { ariaAccountNo, birthDate: '1990-01-01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'BIRTH_DATE_ALREADY_SET' });
  });

  it('given together with a phone: a refused birth date keeps the phone unchanged too', async () => {
    const { session, ariaAccountNo } = await newReader('born-future');
    const response = await put(session, {
      ariaAccountNo,
      phoneNumber: '91234567',
      birthDate: '2099-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BIRTH_DATE_INVALID' });
    expect(await storedPhone(ariaAccountNo)).toBeNull();
    expect(await auditOf(ariaAccountNo)).toEqual([]);
  });
});

describe('the audit trail of profile changes', () => {
  it('records who changed which fields, never their values', async () => {
    const { session, ariaAccountNo } = await newReader('audited', NAMELESS);
    const response = await put(session, {
      ariaAccountNo,
      firstName: 'Kari',
      phoneNumber: '912 34 567',
      email: 'kari@example.no',
    });
    expect(response.statusCode).toBe(200);
    const rows = await auditOf(ariaAccountNo);
    expect(rows).toEqual([
      {
        kind: 'profile-changed',
        actor: 'user:audited',
        detail: { fields: ['firstName', 'phoneNumber', 'email'] },
      },
    ]);
    const written = JSON.stringify(rows);
    for (const value of ['Kari', '91234567', 'kari@example.no'])
      expect(written).not.toContain(value);
  });

  it('records only what changed, and nothing for a save that changes nothing', async () => {
    const { session, ariaAccountNo } = await newReader('resaver');
    await put(session, { ariaAccountNo, phoneNumber: '912 34 567', email: 'a@example.no' });
    // The same number written otherwise is the same number.
    await put(session, { ariaAccountNo, phoneNumber: '+47 91 23 45 67', email: 'a@example.no' });
    await put(session, { ariaAccountNo, phoneNumber: '91234567', email: 'b@example.no' });
    const address = {
      coName: 'Kari',
      street: 'Gata',
      streetNumber: '1',
      postalCode: '4611',
      place: 'Kristiansand S',
    };
    await put(session, { ariaAccountNo, address });
    await put(session, { ariaAccountNo, address });
    await put(session, { ariaAccountNo, address: { ...address, floor: '2' } });
    expect((await auditOf(ariaAccountNo)).map((row) => row.detail)).toEqual([
      { fields: ['phoneNumber', 'email'] },
      { fields: ['email'] },
      { fields: ['address'] },
      { fields: ['address'] },
    ]);
  });

  it('records one change when the same save arrives twice at once', async () => {
    const { session, ariaAccountNo } = await newReader('twice-at-once');
    const payload = { ariaAccountNo, phoneNumber: '+46701234567' };
    const answers = await Promise.all([put(session, payload), put(session, payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await auditOf(ariaAccountNo)).toEqual([
      {
        kind: 'profile-changed',
        actor: 'user:twice-at-once',
        detail: { fields: ['phoneNumber'] },
      },
    ]);
  });

  it('records two changes at once one after the other, each against the other', async () => {
    const { session, ariaAccountNo } = await newReader('two-at-once');
    const answers = await Promise.all([
      put(session, { ariaAccountNo, phoneNumber: '+4791234567' }),
      put(session, { ariaAccountNo, phoneNumber: '+4741234567' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await auditOf(ariaAccountNo)).toHaveLength(2);
    expect(['+4791234567', '+4741234567']).toContain(await storedPhone(ariaAccountNo));
  });

  it('records nothing for a refused change', async () => {
    const { session, ariaAccountNo } = await newReader('refused');
    await put(session, { ariaAccountNo, firstName: 'Mallory' });
    await put(session, { ariaAccountNo, phoneNumber: '12345678' });
    expect(await auditOf(ariaAccountNo)).toEqual([]);
  });
});

describe('invoice descriptions in the reader’s language', () => {
  it.each([
    ['renewal', 'Digital (månedlig), fornyelse', 'Digital (månadleg), fornying'],
    [
      'trial-conversion',
      'Digital (månedlig), første periode etter prøvetiden',
      'Digital (månadleg), første periode etter prøvetida',
    ],
    [
      'reactivation-offer',
      'Digital (månedlig), reaktivering, 3 måneder for prisen av 1',
      'Digital (månadleg), reaktivering, 3 månader for prisen av 1',
    ],
    [
      'upgrade',
      'Digital (månedlig), oppgradering, mellomlegg',
      'Digital (månadleg), oppgradering, mellomlegg',
    ],
  ])('describes %s in bokmål and nynorsk', (reason, nb, nn) => {
    const invoice = { planName: 'Digital', period: 'Månedlig' as const, reason };
    expect(invoiceDescription(invoice, 'nb')).toBe(nb);
    expect(invoiceDescription(invoice, 'nn')).toBe(nn);
  });

  it('writes a nynorsk title’s invoice (FIR) and its card or Vipps charge in nynorsk, a bokmål title’s in bokmål', async () => {
    const email = 'digital@demo.minside.no';
    const ariaAccountNo = await demoAccountNo(t.db, email);
    // The yearly FIR subscription (Vipps) renews after the monthly FVN one (card) has.
    const [fir] = await t.db.query<{ renewal_date: string }>(
      `select renewal_date::text as renewal_date from subscriptions
        where aria_account_no = $1 and title_code = 'FIR'`,
      [ariaAccountNo],
    );
    t.clock.set(`${fir!.renewal_date}T08:00:00+01:00`);
    await runDueJobs(t.db, t.clock);
    await settleOpenCharges({
      db: t.db,
      payments: t.app.services.payments,
      now: () => t.clock.now(),
    });
    const invoicesOn = async (titleCode: string) => {
      const session = await sessionFor(t, email, titleCode);
      const response = await t.app.inject({
        url: `/api/invoices/${ariaAccountNo}/${titleCode}`,
        headers: {
          ...session.headers,
          host: `${titleCode.toLowerCase()}.localhost`,
          origin: `http://${titleCode.toLowerCase()}.localhost`,
        },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { invoices: { description: string }[] }).invoices;
    };
    expect((await invoicesOn('FIR')).map((i) => i.description)).toEqual([
      'Digital (årleg), fornying',
    ]);
    // FVN renews monthly: every renewal up to FIR's yearly one.
    expect(new Set((await invoicesOn('FVN')).map((i) => i.description))).toEqual(
      new Set(['Premium digital (månedlig), fornyelse']),
    );
    // What the reader sees at Vipps or on the card statement, too.
    const charges = await t.db.query<{ description: string; merchant: string }>(
      `select description, merchant from sandbox_payments where kind = 'recurring' order by created_at`,
    );
    expect(charges).toEqual(
      expect.arrayContaining([
        { description: 'Digital (årleg), fornying', merchant: 'Firda' },
        { description: 'Premium digital (månedlig), fornyelse', merchant: 'Fædrelandsvennen' },
      ]),
    );
  });
});
