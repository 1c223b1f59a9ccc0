// Delivery complaints (/tilbakemelding): the codes, what the screen is offered, filing for the
// reader's own paper subscription with every refusal named, one complaint per day also under
// concurrency, the count of complaints on an address, the e-mails through the outbox, and the
// rate limit; a paper was due on each day (not before the subscription started, not on a day a
// delivery change stopped it) and the address filed is the one the paper went to (a delivery
// change's temporary address). The clock is TEST_NOW, Tuesday 10 March 2026 09:00 in Oslo: FVN's paper comes
// Monday–Saturday, so of the 14 days 25 February – 10 March the Sundays 1 and 8 March are out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import {
  addressKey,
  checkComplaintDates,
  COMPLAINT_RATE_LIMIT,
  epaperUrlOf,
} from '../../src/server/domain/complaints/complaints';
import {
  customerServiceEmail,
  readerConfirmationEmail,
} from '../../src/server/domain/complaints/messages';
import { recordDeliveryChange } from '../../src/server/domain/delivery/changeStore';
import { eligibilityOf } from '../../src/server/domain/delivery/paper';
import { importSubscription } from '../../src/server/domain/subscriptions/lifecycle';
import { latestMessages } from '../../src/server/messaging/outbox';
import { COMPLAINT_COMMENT_MAX } from '../../src/shared/complaints/complaints';
import { SubscriptionStatus } from '../../src/shared/subscription/status';
import { addDays } from '../../src/shared/time/oslo';

import { sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW, type TestApp } from './support';

const PAPER = 'papir@demo.minside.no';
const DIGITAL = 'digital@demo.minside.no';

interface Receipt {
  complaint: {
    reference: string;
    filedAt: string;
    dates: string[];
    code: string;
    description: string;
    comment: string | null;
  };
  epaperUrl: string;
  receiptEmail: string | null;
  repeated: boolean;
}

interface Overview {
  subscriptionNo: string;
  titleCode: string;
  eligibility: string;
  startDate: string;
  windowDays: number;
  commentMaxLength: number;
  epaperUrl: string;
  deliveryDays: { date: string; alreadyFiled: boolean; deliveryStopped: boolean }[];
  complaints: Receipt['complaint'][];
}

interface ProblemBody {
  status: number;
  code: string;
  errors?: { field: string; message: string }[];
}

async function subscriptionNoOf(t: TestApp, email: string, titleCode: string): Promise<string> {
  const [row] = await t.db.query<{ subscription_no: string }>(
    `select s.subscription_no from subscriptions s
       join accounts a on a.aria_account_no = s.aria_account_no
       join identity_users u on u.spid_id = a.spid_id
      where u.email = $1 and s.title_code = $2`,
    [email, titleCode],
  );
  if (!row) throw new Error(`No ${titleCode} subscription for ${email}`);
  return row.subscription_no;
}

const overview = async (reader: TestSession, subscriptionNo: string) =>
  reader.request({ url: `/api/subscription/${subscriptionNo}/complaints` });

const file = (reader: TestSession, subscriptionNo: string, payload: object) =>
  reader.request({
    method: 'POST',
    url: `/api/subscription/${subscriptionNo}/complaints`,
    payload,
  });

async function complaintRows(t: TestApp, subscriptionNo: string) {
  return t.db.query<{ reference: string; address_count: number; address_key: string }>(
    `select reference, address_count, address_key from complaints where subscription_no = $1
      order by id`,
    [subscriptionNo],
  );
}

async function emailsTo(t: TestApp, recipient: string) {
  return (await latestMessages(t.db, 500)).filter(
    (m) => m.channel === 'email' && m.recipient === recipient,
  );
}

describe('delivery complaints', () => {
  const t = buildTestApp();
  let paper: TestSession;
  let fvn: string;
  let fir: string;
  beforeAll(async () => {
    paper = await sessionFor(t, PAPER);
    fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    fir = await subscriptionNoOf(t, PAPER, 'FIR');
  });

  it('lists the delivery complaint codes in form order', async () => {
    const response = await t.app.inject({ url: '/api/complaintcodes' });
    expect(response.statusCode).toBe(200);
    const { complaintCodes } = response.json() as { complaintCodes: { code: string }[] };
    expect(complaintCodes.length).toBeGreaterThanOrEqual(5);
    expect(complaintCodes[0]).toEqual({
      code: 'UTEBLITT',
      description: 'Avisen kom ikke',
      category: 'delivery',
    });
    expect(new Set(complaintCodes.map((c) => c.code)).size).toBe(complaintCodes.length);
  });

  it("offers a paper subscriber the title's delivery days of the last 14, today first, with the demo complaint", async () => {
    const response = await overview(paper, fvn);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Overview;
    expect(body).toMatchObject({
      subscriptionNo: fvn,
      titleCode: 'FVN',
      eligibility: 'PAPER',
      windowDays: 14,
      commentMaxLength: COMPLAINT_COMMENT_MAX,
      epaperUrl: 'https://www.fvn.no/eavis',
    });
    const days = body.deliveryDays.map((d) => d.date);
    expect(days[0]).toBe('2026-03-10');
    expect(days.at(-1)).toBe('2026-02-25');
    expect(days).not.toContain('2026-03-08');
    expect(days).not.toContain('2026-03-01');
    expect(days).toHaveLength(12);
    // The seeded complaint: filed five days ago (Thursday 5 March) about that day's paper.
    expect(body.complaints).toEqual([
      expect.objectContaining({
        dates: ['2026-03-05'],
        code: 'UTEBLITT',
        description: 'Avisen kom ikke',
      }),
    ]);
    expect(body.deliveryDays.find((d) => d.date === '2026-03-05')?.alreadyFiled).toBe(true);
    expect(body.deliveryDays.filter((d) => d.alreadyFiled)).toHaveLength(1);
  });

  it('follows the title: Firda comes Tuesday–Saturday', async () => {
    const body = (await overview(paper, fir)).json() as Overview;
    // Its demo complaint, filed on Monday 2 March, is about Saturday's paper.
    expect(body.complaints.map((c) => [c.dates, c.code])).toEqual([[['2026-02-28'], 'SKADET']]);
    expect(body.epaperUrl).toBe('https://www.firda.no/eavis');
    expect(body.deliveryDays.map((d) => d.date)).toEqual([
      '2026-03-10',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
      '2026-02-28',
      '2026-02-27',
      '2026-02-26',
      '2026-02-25',
    ]);
  });

  describe('refuses, naming the field, and files nothing', () => {
    const refusals: [string, object, number, string, string][] = [
      [
        'an unknown code',
        { dates: ['2026-03-09'], code: 'TULL' },
        400,
        'COMPLAINT_CODE_UNKNOWN',
        'code',
      ],
      [
        'a day after today',
        { dates: ['2026-03-11'], code: 'SEN' },
        400,
        'COMPLAINT_DATE_IN_FUTURE',
        'dates.0',
      ],
      [
        'a day 14 days back',
        { dates: ['2026-03-09', '2026-02-24'], code: 'SEN' },
        400,
        'COMPLAINT_DATE_TOO_OLD',
        'dates.1',
      ],
      [
        'a Sunday (no paper)',
        { dates: ['2026-03-08'], code: 'SEN' },
        400,
        'COMPLAINT_DATE_NOT_DELIVERY_DAY',
        'dates.0',
      ],
      [
        'a day that does not exist',
        { dates: ['2026-02-30'], code: 'SEN' },
        400,
        'VALIDATION_FAILED',
        'dates.0',
      ],
      [
        'a day that is no date',
        { dates: ['i går'], code: 'SEN' },
        400,
        'VALIDATION_FAILED',
        'dates.0',
      ],
      ['no day', { dates: [], code: 'SEN' }, 400, 'VALIDATION_FAILED', 'dates'],
      [
        'the same day twice',
        { dates: ['2026-03-09', '2026-03-09'], code: 'SEN' },
        400,
        'VALIDATION_FAILED',
        'dates',
      ],
      ['no code', { dates: ['2026-03-09'] }, 400, 'VALIDATION_FAILED', 'code'],
      [
        'a comment over the limit',
        { dates: ['2026-03-09'], code: 'SEN', comment: 'x'.repeat(COMPLAINT_COMMENT_MAX + 1) },
        400,
        'VALIDATION_FAILED',
        'comment',
      ],
      [
        'a control character in the comment',
        { dates: ['2026-03-09'], code: 'SEN', comment: 'Ingen avis\u0000' },
        400,
        'VALIDATION_FAILED',
        'comment',
      ],
      [
        'a field of its own',
        { dates: ['2026-03-09'], code: 'SEN', subscriptionNo: '1' },
        400,
        'VALIDATION_FAILED',
        'subscriptionNo',
      ],
      [
        'a day complained about already',
        { dates: ['2026-03-09', '2026-03-05'], code: 'SEN' },
        409,
        'COMPLAINT_ALREADY_FILED',
        'dates.1',
      ],
    ];
    it.each(refusals)('%s', async (_name, payload, status, code, field) => {
      const before = await complaintRows(t, fvn);
      const mails = (await latestMessages(t.db, 500)).length;
      const response = await file(paper, fvn, payload);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = response.json() as ProblemBody;
      expect(problem.code).toBe(code);
      expect(problem.errors?.map((e) => e.field)).toContain(field);
      expect(await complaintRows(t, fvn)).toEqual(before);
      expect((await latestMessages(t.db, 500)).length).toBe(mails);
    });

    it("a Monday for Firda, whose paper doesn't come on Mondays", async () => {
      const response = await file(paper, fir, { dates: ['2026-03-09'], code: 'UTEBLITT' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'COMPLAINT_DATE_NOT_DELIVERY_DAY',
        errors: [{ field: 'dates.0' }],
      });
    });

    it('a digital subscriber: 403 PAPER_SUBSCRIPTION_REQUIRED, and the page says NOT_PAPER', async () => {
      const digital = await sessionFor(t, DIGITAL);
      const own = await subscriptionNoOf(t, DIGITAL, 'FVN');
      const page = (await overview(digital, own)).json() as Overview;
      expect(page).toMatchObject({ eligibility: 'NOT_PAPER', deliveryDays: [], complaints: [] });
      const response = await file(digital, own, { dates: ['2026-03-09'], code: 'UTEBLITT' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PAPER_SUBSCRIPTION_REQUIRED' });
      expect(await complaintRows(t, own)).toEqual([]);
    });

    it("another reader's subscription is not found, to read or to complain about", async () => {
      const digital = await sessionFor(t, DIGITAL);
      const read = await overview(digital, fvn);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
      const before = await complaintRows(t, fvn);
      const filed = await file(digital, fvn, { dates: ['2026-03-09'], code: 'UTEBLITT' });
      expect(filed.statusCode).toBe(404);
      expect(filed.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
      expect(await complaintRows(t, fvn)).toEqual(before);
    });

    it('without a session 401, and without the SPA header 403 CSRF_REJECTED', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/subscription/${fvn}/complaints`,
        headers: spaHeaders(),
        payload: { dates: ['2026-03-09'], code: 'UTEBLITT' },
      });
      expect(anonymous.statusCode).toBe(401);
      const forged = await t.app.inject({
        method: 'POST',
        url: `/api/subscription/${fvn}/complaints`,
        headers: { cookie: paper.headers.cookie!, host: 'fvn.localhost' },
        payload: { dates: ['2026-03-09'], code: 'UTEBLITT' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    });
  });

  it('files a complaint: stored with the address, e-mailed to customer service and the reader, today’s e-paper in the receipt', async () => {
    const response = await file(paper, fvn, {
      dates: ['2026-03-09', '2026-03-10'],
      code: 'UTEBLITT',
      comment: '  Ingen avis to dager på rad.  ',
    });
    expect(response.statusCode).toBe(201);
    const receipt = response.json() as Receipt;
    expect(receipt).toMatchObject({
      complaint: {
        dates: ['2026-03-10', '2026-03-09'],
        code: 'UTEBLITT',
        description: 'Avisen kom ikke',
        comment: 'Ingen avis to dager på rad.',
        filedAt: new Date(TEST_NOW).toISOString(),
      },
      epaperUrl: 'https://www.fvn.no/eavis',
      receiptEmail: PAPER,
      repeated: false,
    });
    expect(receipt.complaint.reference).toMatch(/^KLAGE-[0-9A-HJKMNP-TV-Z]{8}$/);

    const [stored] = await t.db.query<Record<string, unknown>>(
      `select title_code, code, comment, address_co_name, address_street, address_street_no,
              address_postal, address_place, address_count, receipt_email
         from complaints where reference = $1`,
      [receipt.complaint.reference],
    );
    // The seeded complaint of 5 March was on the same address: this is its second in 30 days.
    expect(stored).toEqual({
      title_code: 'FVN',
      code: 'UTEBLITT',
      comment: 'Ingen avis to dager på rad.',
      address_co_name: 'Per Papir',
      address_street: 'Dronningens gate',
      address_street_no: '15',
      address_postal: '4610',
      address_place: 'Kristiansand S',
      address_count: 2,
      receipt_email: PAPER,
    });

    const [toCentre] = await emailsTo(t, 'kundesenter@fvn.no');
    expect(toCentre?.body).toContain(
      `Leveringsklage ${receipt.complaint.reference}: Avisen kom ikke – Fædrelandsvennen`,
    );
    expect(toCentre?.body).toContain(
      'Leveringsadresse: Per Papir, Dronningens gate 15, 4610 Kristiansand S',
    );
    expect(toCentre?.body).toContain('Dager: tirsdag 10. mars 2026, mandag 9. mars 2026');
    expect(toCentre?.body).toContain('Kommentar fra abonnenten:\n> Ingen avis to dager på rad.');
    expect(toCentre?.body).toContain(
      'Gjentatte klager: 2. klage på denne adressen siste 30 dager.',
    );
    expect(toCentre?.body).not.toContain('gi beskjed til distributøren');

    const [toReader] = await emailsTo(t, PAPER);
    expect(toReader?.body).toContain('Vi har fått klagen din på levering av Fædrelandsvennen');
    expect(toReader?.body).toContain('Hei Per,');
    expect(toReader?.body).toContain(`Referanse: ${receipt.complaint.reference}`);
    expect(toReader?.body).toContain(
      'Dagens e-avis kan du lese med en gang: https://www.fvn.no/eavis',
    );
    expect(toReader?.body).toContain('Kundeservice følger opp klagen.');

    // The page now has it first, and its days are taken.
    const page = (await overview(paper, fvn)).json() as Overview;
    expect(page.complaints[0]).toEqual(receipt.complaint);
    expect(page.deliveryDays.filter((d) => d.alreadyFiled).map((d) => d.date)).toEqual([
      '2026-03-10',
      '2026-03-09',
      '2026-03-05',
    ]);
  });

  it('a third complaint on the address in 30 days is a repeated one: customer service tells the distributor', async () => {
    const response = await file(paper, fvn, { dates: ['2026-03-07'], code: 'SEN' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json() as Receipt;
    expect(receipt.repeated).toBe(true);
    expect((await complaintRows(t, fvn)).map((r) => r.address_count)).toEqual([1, 2, 3]);
    const [toCentre] = await emailsTo(t, 'kundesenter@fvn.no');
    expect(toCentre?.body).toContain('(3. klage på adressen)');
    expect(toCentre?.body).toContain('3. klage på denne adressen siste 30 dager.');
    expect(toCentre?.body).toContain('gi beskjed til distributøren');
    const [toReader] = await emailsTo(t, PAPER);
    expect(toReader?.body).toContain('ber distributøren rette det opp');
  });

  it('counts complaints on an address per title: the paper of another title counts on its own', async () => {
    const response = await file(paper, fir, { dates: ['2026-03-10'], code: 'SKADET' });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).repeated).toBe(false);
    // The demo complaint on Firda (28 February) is the first on the address for that title.
    expect((await complaintRows(t, fir)).map((r) => r.address_count)).toEqual([1, 2]);
    expect(await emailsTo(t, 'kundesenter@firda.no')).toHaveLength(1);
  });
});

describe('two identical complaints at once', () => {
  const t = buildTestApp();

  it('files one: one row, one set of days, one pair of e-mails; the other is 409', async () => {
    const paper = await sessionFor(t, PAPER);
    const fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    const payload = { dates: ['2026-03-09', '2026-03-10'], code: 'UTEBLITT', comment: 'Igjen.' };
    const answers = await Promise.all([file(paper, fvn, payload), file(paper, fvn, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'COMPLAINT_ALREADY_FILED' });
    const rows = await t.db.query(
      `select d.delivery_date::text as date from complaint_dates d
         join complaints c on c.id = d.complaint_id
        where c.subscription_no = $1 and c.comment = 'Igjen.'`,
      [fvn],
    );
    expect(rows).toHaveLength(2);
    expect(await complaintRows(t, fvn)).toHaveLength(2); // the seeded one and this one
    expect(await emailsTo(t, 'kundesenter@fvn.no')).toHaveLength(1);
    expect(await emailsTo(t, PAPER)).toHaveLength(1);
  });
});

describe('a paper was due, at the address it went to', () => {
  // FVN's paper of papir@ was stopped Monday 2 – Tuesday 3 March and went to the cabin Wednesday
  // 4 – Friday 6 March (the seeded complaint of Thursday 5 March is older than these changes).
  const cabin = {
    coName: 'Per Papir',
    street: 'Hytteveien',
    streetNumber: '3',
    postalCode: '4640',
    place: 'Søgne',
  };
  const t = buildTestApp();
  let paper: TestSession;
  let fvn: string;
  beforeAll(async () => {
    paper = await sessionFor(t, PAPER);
    fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    const ariaAccountNo = await demoAccountNo(t.db, PAPER);
    const change = { subscriptionNo: fvn, ariaAccountNo, titleCode: 'FVN' };
    const at = new Date('2026-02-20T10:00:00+01:00');
    await recordDeliveryChange(t.db, {
      ...change,
      type: 'STOP',
      from: '2026-03-02',
      to: '2026-03-03',
      address: null,
      at,
    });
    await recordDeliveryChange(t.db, {
      ...change,
      type: 'TRANSFER',
      from: '2026-03-04',
      to: '2026-03-06',
      address: cabin,
      at,
    });
  });

  const storedAddress = async (reference: string) => {
    const [row] = await t.db.query<Record<string, unknown>>(
      `select address_street, address_street_no, address_postal, address_place, address_count
         from complaints where reference = $1`,
      [reference],
    );
    return row;
  };

  it('shows the stopped days as such, and the start of the subscription', async () => {
    const body = (await overview(paper, fvn)).json() as Overview;
    // The demo subscription is 400 days old: every day of the window is after its start.
    expect(body.startDate).toBe(addDays('2026-03-10', -400));
    expect(body.deliveryDays).toHaveLength(12);
    expect(body.deliveryDays.filter((d) => d.deliveryStopped).map((d) => d.date)).toEqual([
      '2026-03-03',
      '2026-03-02',
    ]);
  });

  it('refuses a day the delivery was stopped: 400 COMPLAINT_DATE_DELIVERY_STOPPED on that day', async () => {
    const response = await file(paper, fvn, { dates: ['2026-03-09', '2026-03-03'], code: 'SEN' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      code: 'COMPLAINT_DATE_DELIVERY_STOPPED',
      errors: [{ field: 'dates.1' }],
    });
    expect(await complaintRows(t, fvn)).toHaveLength(1); // the seeded one
  });

  it('files a day at the temporary address on that address, which has its own count', async () => {
    const response = await file(paper, fvn, { dates: ['2026-03-06'], code: 'UTEBLITT' });
    expect(response.statusCode).toBe(201);
    const { complaint } = response.json() as Receipt;
    expect(await storedAddress(complaint.reference)).toEqual({
      address_street: 'Hytteveien',
      address_street_no: '3',
      address_postal: '4640',
      address_place: 'Søgne',
      address_count: 1,
    });
    const [toCentre] = await emailsTo(t, 'kundesenter@fvn.no');
    expect(toCentre?.body).toContain(
      'Leveringsadresse: Per Papir, Hytteveien 3, 4640 Søgne (midlertidig adresse)',
    );
    expect(toCentre?.body).not.toContain('Annen adresse');
  });

  it("files days at two addresses on the most recent day's, and tells customer service the other", async () => {
    const response = await file(paper, fvn, { dates: ['2026-03-04', '2026-03-09'], code: 'SEN' });
    expect(response.statusCode).toBe(201);
    const { complaint } = response.json() as Receipt;
    // Monday 9 March's paper went home: the seeded complaint of 5 March was the first there.
    expect(await storedAddress(complaint.reference)).toEqual({
      address_street: 'Dronningens gate',
      address_street_no: '15',
      address_postal: '4610',
      address_place: 'Kristiansand S',
      address_count: 2,
    });
    const [toCentre] = await emailsTo(t, 'kundesenter@fvn.no');
    expect(toCentre?.body).toContain(
      'Leveringsadresse: Per Papir, Dronningens gate 15, 4610 Kristiansand S\n',
    );
    expect(toCentre?.body).toContain(
      'Annen adresse onsdag 4. mars 2026: Per Papir, Hytteveien 3, 4640 Søgne (midlertidig adresse)',
    );
  });

  it('does not offer or accept a day before the subscription started', async () => {
    const ariaAccountNo = await demoAccountNo(t.db, PAPER);
    const [plan] = await t.db.query<{ id: number }>(
      `select id from plans where title_code = 'SET' and product_type = 'COMBO' limit 1`,
    );
    // Started on Thursday 5 March, in the morning.
    const subscriptionNo = await importSubscription(t.db, {
      ariaAccountNo,
      titleCode: 'SET',
      planId: plan!.id,
      status: SubscriptionStatus.ACTIVE,
      paymentProvider: 'BANKGIRO',
      card: null,
      eligibleForSharing: true,
      subscriptionInfo1: null,
      renewalDate: '2026-04-05',
      expiryDate: null,
      pendingPlanId: null,
      createdAt: new Date('2026-03-05T07:30:00+01:00'),
    });
    const reader = await sessionFor(t, PAPER, 'SET');
    const page = (await overview(reader, subscriptionNo)).json() as Overview;
    expect(page.startDate).toBe('2026-03-05');
    expect(page.deliveryDays.map((d) => d.date)).toEqual([
      '2026-03-10',
      '2026-03-09',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
    ]);
    const before = await file(reader, subscriptionNo, {
      dates: ['2026-03-05', '2026-03-04'],
      code: 'UTEBLITT',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      code: 'COMPLAINT_DATE_BEFORE_START',
      errors: [{ field: 'dates.1' }],
    });
    expect(await complaintRows(t, subscriptionNo)).toEqual([]);
    // Its first day can be complained about.
    const first = await file(reader, subscriptionNo, { dates: ['2026-03-05'], code: 'UTEBLITT' });
    expect(first.statusCode).toBe(201);
  });
});

describe('rate limit', () => {
  const t = buildTestApp();

  it(`refuses the ${COMPLAINT_RATE_LIMIT + 1}th attempt in an hour with 429 and Retry-After`, async () => {
    const paper = await sessionFor(t, PAPER);
    const fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    // Refused attempts count too (each one could have been a complaint).
    for (let i = 0; i < COMPLAINT_RATE_LIMIT; i += 1) {
      const response = await file(paper, fvn, { dates: ['2026-03-11'], code: 'SEN' });
      expect(response.statusCode).toBe(400);
    }
    const limited = await file(paper, fvn, { dates: ['2026-03-09'], code: 'SEN' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await complaintRows(t, fvn)).toHaveLength(1);
    // Another reader is not held back.
    const other = await sessionFor(t, DIGITAL);
    const own = await subscriptionNoOf(t, DIGITAL, 'FVN');
    expect((await file(other, own, { dates: ['2026-03-09'], code: 'SEN' })).statusCode).toBe(403);
  });
});

describe('a configured window and the calendar at a public holiday', () => {
  const t = buildTestApp({
    clock: fixedClock('2026-04-07T09:00:00+02:00'), // Tuesday after Easter
    config: { complaintWindowDays: 7 },
  });

  it('offers only the configured days, refuses older ones, and skips Easter', async () => {
    const paper = await sessionFor(t, PAPER);
    const fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    const page = (await overview(paper, fvn)).json() as Overview;
    expect(page.windowDays).toBe(7);
    // 1–7 April: Maundy Thursday 2, Good Friday 3, Easter Sunday 5 and Monday 6 are holidays.
    expect(page.deliveryDays.map((d) => d.date)).toEqual([
      '2026-04-07',
      '2026-04-04',
      '2026-04-01',
    ]);
    const holiday = await file(paper, fvn, { dates: ['2026-04-06'], code: 'UTEBLITT' });
    expect(holiday.json()).toMatchObject({ code: 'COMPLAINT_DATE_NOT_DELIVERY_DAY' });
    const old = await file(paper, fvn, { dates: ['2026-03-31'], code: 'UTEBLITT' });
    expect(old.json()).toMatchObject({ code: 'COMPLAINT_DATE_TOO_OLD' });
    // The demo complaint, filed on Maundy Thursday, is about the paper before it (1 April).
    expect(page.deliveryDays.filter((d) => d.alreadyFiled).map((d) => d.date)).toEqual([
      '2026-04-01',
    ]);
    const filed = await file(paper, fvn, { dates: ['2026-04-04'], code: 'UTEBLITT' });
    expect(filed.statusCode).toBe(201);
  });
});

describe('a paper subscription that has ended', () => {
  const t = buildTestApp();

  it('cannot have a complaint (409 SUBSCRIPTION_STATE_CONFLICT), and the page says NOT_ACTIVE', async () => {
    const ariaAccountNo = await demoAccountNo(t.db, PAPER);
    const [plan] = await t.db.query<{ id: number }>(
      `select id from plans where title_code = 'SET' and product_type = 'COMBO' limit 1`,
    );
    const subscriptionNo = await importSubscription(t.db, {
      ariaAccountNo,
      titleCode: 'SET',
      planId: plan!.id,
      status: SubscriptionStatus.CANCELLED,
      paymentProvider: 'BANKGIRO',
      card: null,
      eligibleForSharing: true,
      subscriptionInfo1: null,
      renewalDate: null,
      expiryDate: '2026-03-01',
      pendingPlanId: null,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    const paper = await sessionFor(t, PAPER, 'SET');
    const page = (await overview(paper, subscriptionNo)).json() as Overview;
    expect(page).toMatchObject({ eligibility: 'NOT_ACTIVE', deliveryDays: [] });
    const response = await file(paper, subscriptionNo, { dates: ['2026-03-09'], code: 'SEN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });
});

describe('the rules as functions', () => {
  it('eligibility: paper with access, digital, paper without access', () => {
    expect(eligibilityOf({ planProductType: 'COMBO', instStatusCode: 1 })).toBe('PAPER');
    expect(eligibilityOf({ planProductType: 'COMBO', instStatusCode: 2 })).toBe('PAPER');
    expect(eligibilityOf({ planProductType: 'DIGITAL', instStatusCode: 1 })).toBe('NOT_PAPER');
    expect(eligibilityOf({ planProductType: 'COMBO', instStatusCode: -1 })).toBe('NOT_ACTIVE');
  });

  it('the day checks at the edges of the window', () => {
    const now = new Date(TEST_NOW);
    expect(() => checkComplaintDates('FVN', ['2026-03-10', '2026-02-25'], now, 14)).not.toThrow();
    expect(() => checkComplaintDates('FVN', ['2026-02-24'], now, 14)).toThrow(/14 days ago/);
    // Just before midnight in Oslo it is still the 10th; a minute later the 11th may be filed.
    const late = new Date('2026-03-10T23:59:00+01:00');
    expect(() => checkComplaintDates('FVN', ['2026-03-11'], late, 14)).toThrow(/after today/);
    const next = new Date('2026-03-11T00:01:00+01:00');
    expect(() => checkComplaintDates('FVN', ['2026-03-11'], next, 14)).not.toThrow();
  });

  it('counts an address regardless of name, case and spacing', () => {
    const address = {
      coName: 'Per Papir',
      street: 'Dronningens gate',
      streetNumber: '15',
      postalCode: '4610',
      place: 'Kristiansand S',
    };
    expect(
      addressKey({ ...address, coName: 'Kari Papir', street: ' dronningens  GATE' }, '1'),
    ).toBe(addressKey(address, '2'));
    expect(addressKey({ ...address, flatNumber: 'H0201' }, '1')).not.toBe(addressKey(address, '1'));
    expect(addressKey(null, '100000003')).toBe('account:100000003');
  });

  it("builds the e-paper link from the registry's base URL", () => {
    expect(epaperUrlOf('FVN')).toBe('https://www.fvn.no/eavis');
    expect(epaperUrlOf('SET')).toMatch(/^https:\/\/www\.[a-z.-]+\/eavis$/);
  });

  it('confirms in nynorsk on a nynorsk title', () => {
    const message = {
      reference: 'KLAGE-7',
      titleCode: 'SET',
      subscriptionNo: '500000099',
      planName: 'Papir + digital',
      customerNumber: '7000099',
      reader: {
        firstName: 'Nils',
        lastName: 'Nynorsk',
        email: 'n@demo.minside.no',
        phoneNumber: null,
      },
      address: 'Nils Nynorsk, Storgata 1, 6800 Førde',
      dates: ['2026-03-10', '2026-03-09'],
      code: 'UTEBLITT',
      description: 'Avisen kom ikke',
      comment: null,
      addressCount: 1,
      repeatDays: 30,
      repeated: false,
      epaperUrl: 'https://www.example.no/eavis',
    };
    const mail = readerConfirmationEmail(message);
    expect(mail.subject).toMatch(/^Vi har fått klaga di på levering av /);
    expect(mail.body).toContain('Gjeld dagane: tysdag 10. mars 2026, måndag 9. mars 2026');
    expect(mail.body).toContain('Klage: Avisa kom ikkje');
    expect(mail.body).toContain(
      'Dagens e-avis kan du lese med ein gong: https://www.example.no/eavis',
    );
    expect(mail.body).toContain('Kundeservice følgjer opp klaga.');
    expect(mail.body).not.toContain('Kommentar');
    // Customer service reads bokmål whatever the title's language.
    const toCentre = customerServiceEmail(message);
    expect(toCentre.body).toContain('Dager: tirsdag 10. mars 2026, mandag 9. mars 2026');
    expect(toCentre.body).toContain('Kommentar: (ingen)');
    expect(toCentre.body).toContain('1. klage på denne adressen siste 30 dager.');
  });

  it('quotes the comment, so it cannot pass for a line of the message (found in review)', () => {
    const message = {
      titleCode: 'FVN',
      reference: 'KLAGE-7',
      subscriptionNo: '100000002',
      planName: 'Papir',
      customerNumber: '100000002',
      reader: {
        firstName: 'Per',
        lastName: 'Papir',
        email: 'p@demo.minside.no',
        phoneNumber: null,
      },
      address: 'Per Papir, Dronningens gate 15, 4610 Kristiansand S',
      dates: ['2026-03-10'],
      code: 'UTEBLITT',
      description: 'Avisen kom ikke',
      comment: 'Ingen avis.\nReferanse: KLAGE-1\r\nGjentatte klager: 9. klage',
      addressCount: 1,
      repeatDays: 30,
      repeated: false,
      epaperUrl: 'https://www.fvn.no/eavis',
    };
    for (const mail of [customerServiceEmail(message), readerConfirmationEmail(message)]) {
      const lines = mail.body.split('\n');
      expect(lines).toContain('> Ingen avis.');
      expect(lines).toContain('> Referanse: KLAGE-1');
      expect(lines).toContain('> Gjentatte klager: 9. klage');
      expect(lines.filter((line) => line.startsWith('Referanse:'))).toEqual(['Referanse: KLAGE-7']);
      expect(lines.some((line) => line.startsWith('Gjentatte klager: 9'))).toBe(false);
    }
  });

  it('answers only codes the contract lists', () => {
    const contract = readFileSync(join(process.cwd(), 'openapi/minside.yaml'), 'utf8');
    const start = contract.indexOf('Known codes:');
    const known = new Set(
      contract.slice(start, contract.indexOf('errors:', start)).match(/[A-Z][A-Z0-9_]+/g),
    );
    for (const code of [
      'PAPER_SUBSCRIPTION_REQUIRED',
      'COMPLAINT_CODE_UNKNOWN',
      'COMPLAINT_DATE_IN_FUTURE',
      'COMPLAINT_DATE_TOO_OLD',
      'COMPLAINT_DATE_NOT_DELIVERY_DAY',
      'COMPLAINT_DATE_BEFORE_START',
      'COMPLAINT_DATE_DELIVERY_STOPPED',
      'COMPLAINT_ALREADY_FILED',
      'SUBSCRIPTION_STATE_CONFLICT',
      'SUBSCRIPTION_NOT_FOUND',
      'RATE_LIMITED',
    ])
      expect([code, known.has(code)]).toEqual([code, true]);
  });

  it('keeps the comment limit of the contract', () => {
    const contract = readFileSync(join(process.cwd(), 'openapi/minside.yaml'), 'utf8');
    const request = contract.slice(contract.indexOf('    ComplaintRequest:'));
    const comment = request.slice(request.indexOf('        comment:'));
    expect(comment).toMatch(new RegExp(`maxLength: ${COMPLAINT_COMMENT_MAX}\\b`));
  });
});
