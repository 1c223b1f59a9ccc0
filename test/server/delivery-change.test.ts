// Paper delivery changes (/endre-avislevering): the calendar the screen is offered, STOP,
// TRANSFER and PERMANENT for the reader's own paper subscription with every refusal named, the
// cut-off minute by minute (also across the DST change), public holidays and Sundays, overlaps
// (also two requests at once), edit and withdraw until the cut-off, the postal-code register,
// and the credit of stopped issues on the next invoice. The clock starts at TEST_NOW, Tuesday
// 10 March 2026 09:00 in Oslo; FVN's paper comes Monday–Saturday with a 14:00 cut-off the day
// before, Firda's (FIR) Tuesday–Saturday with a 12:00 cut-off and credited stopped issues.
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';

import { deliveryDaysBetween } from '../../src/server/domain/delivery/calendar';
import { claimStopCredits } from '../../src/server/domain/delivery/changePrices';
import { DELIVERY_CHANGE_RATE_LIMIT } from '../../src/server/domain/delivery/changes';
import { deliveryChangeOn } from '../../src/server/domain/delivery/changeStore';
import { applyDueMoves } from '../../src/server/domain/delivery/movesJob';
import { postalPlace } from '../../src/server/domain/delivery/postalCodes';
import { getSubscription } from '../../src/server/domain/subscriptions/subscriptions';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { SubscriptionStatus as S } from '../../src/shared/subscription/status';
import { addDays, addMonths } from '../../src/shared/time/oslo';

import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW, type TestApp } from './support';

const PAPER = 'papir@demo.minside.no';
const DIGITAL = 'digital@demo.minside.no';

interface Change {
  id: string;
  type: string;
  fromDate: string;
  toDate: string | null;
  openEnd: boolean;
  status: string;
  cutOff: string;
  editable: boolean;
  issues: number;
  creditOre: number;
  address: Record<string, string> | null;
}

interface Overview {
  subscriptionNo: string;
  titleCode: string;
  eligibility: string;
  calendar: {
    earliestStart: string;
    cutOff: string;
    cutOffTime: string;
    cutOffDaysBefore: number;
    weekdays: number[];
    lastDate: string;
    deliveryDays: string[];
  } | null;
  price: { stopCredit: string; creditPerIssueOre: number | null; paperSharePercent: number | null };
  address: Record<string, string> | null;
  planned: Change[];
  current: Change[];
  history: Change[];
}

interface ProblemBody {
  status: number;
  code: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

const CABIN = {
  coName: 'Per Papir',
  street: 'Hytteveien',
  streetNumber: '7',
  postalCode: '4640',
};

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

const url = (subscriptionNo: string, id?: string) =>
  `/api/subscription/${subscriptionNo}/delivery-changes${id ? `/${id}` : ''}`;

describe('delivery changes', () => {
  const t = buildTestApp();
  let paper: TestSession;
  let fvn: string;
  let fir: string;

  const overview = async (subscriptionNo = fvn) => {
    const response = await paper.request({ url: url(subscriptionNo) });
    expect(response.statusCode).toBe(200);
    return response.json() as Overview;
  };
  const create = (payload: object, subscriptionNo = fvn, reader = paper) =>
    reader.request({ method: 'POST', url: url(subscriptionNo), payload });
  const refusal = (response: { statusCode: number; json(): unknown }) => ({
    ...(response.json() as ProblemBody),
    status: response.statusCode,
  });
  let seeded: string[] = [];
  /** Withdraws every change a test made (not the demo data's), so the next one starts clean. */
  async function clean() {
    await t.db.query(
      `update delivery_changes set withdrawn_at = now()
        where withdrawn_at is null and not (id::text = any($1::text[]))`,
      [seeded],
    );
  }

  beforeAll(async () => {
    paper = await sessionFor(t, PAPER);
    fvn = await subscriptionNoOf(t, PAPER, 'FVN');
    fir = await subscriptionNoOf(t, PAPER, 'FIR');
    seeded = (await t.db.query<{ id: string }>('select id::text as id from delivery_changes')).map(
      (r) => r.id,
    );
  });
  /** Moves the clock; a session lives on the clock, so the reader signs in again. */
  async function at(iso: string) {
    t.clock.set(iso);
    paper = await sessionFor(t, PAPER);
  }

  beforeEach(async () => {
    await at(TEST_NOW);
    await clean();
    // A fresh rate-limit window for every test.
    await t.db.query(`delete from rate_limits where key like 'delivery-change:%'`);
  });

  it('offers the calendar, the price effect and the demo changes of a paper subscription', async () => {
    const body = await overview();
    expect(body).toMatchObject({
      subscriptionNo: fvn,
      titleCode: 'FVN',
      eligibility: 'PAPER',
      price: { stopCredit: 'NONE', creditPerIssueOre: null, paperSharePercent: null },
      address: expect.objectContaining({ street: 'Dronningens gate', postalCode: '4610' }),
    });
    expect(body.calendar).toMatchObject({
      earliestStart: '2026-03-11',
      cutOff: '2026-03-10T13:00:00.000Z',
      cutOffTime: '14:00',
      cutOffDaysBefore: 1,
      weekdays: [1, 2, 3, 4, 5, 6],
      lastDate: '2027-03-10',
    });
    const days = body.calendar!.deliveryDays;
    expect(days.slice(0, 5)).toEqual([
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-16',
    ]);
    expect(days).not.toContain('2026-05-17'); // Constitution Day (a Sunday too)
    expect(days).not.toContain('2026-05-14'); // Ascension Day
    expect(days).not.toContain('2026-04-03'); // Good Friday
    // The seeded cabin transfer (first delivery day 30 days ahead) and the stop 40 days ago.
    expect(body.planned).toEqual([
      expect.objectContaining({
        type: 'TRANSFER',
        fromDate: '2026-04-09',
        toDate: '2026-04-18',
        status: 'PLANNED',
        editable: true,
        cutOff: '2026-04-08T12:00:00.000Z',
        address: expect.objectContaining({ street: 'Hytteveien', place: 'Søgne' }),
      }),
    ]);
    expect(body.history).toEqual([
      expect.objectContaining({
        type: 'STOP',
        fromDate: '2026-01-29',
        toDate: '2026-02-04',
        status: 'PAST',
        editable: false,
        issues: 6,
        creditOre: 0,
      }),
    ]);
  });

  it('prices a stop from the paper’s share of the billed period’s price where the title credits stopped issues', async () => {
    const body = await overview(fir);
    expect(body.price.stopCredit).toBe('PER_ISSUE');
    expect(body.price.paperSharePercent).toBe(50);
    const [price] = await t.db.query<{ price_ore: number }>(
      `select p.price_ore from subscriptions s join plans p on p.id = s.plan_id
        where s.subscription_no = $1`,
      [fir],
    );
    const perIssue = body.price.creditPerIssueOre!;
    // The paid year up to the renewal date (the demo's paid giro invoice): half its price over
    // Firda's Tuesday–Saturday issues less public holidays.
    const renewal = (await getSubscription(t.db, fir))!.renewalDate!;
    const issues = deliveryDaysBetween('FIR', addMonths(renewal, -12), addDays(renewal, -1));
    expect(issues.length).toBeGreaterThan(240);
    expect(issues.length).toBeLessThan(260);
    expect(perIssue).toBe(Math.floor((0.5 * Number(price!.price_ore)) / issues.length));
    expect(body.calendar!.cutOffTime).toBe('12:00');
    const planned = body.planned[0]!;
    expect(planned.type).toBe('STOP');
    expect(planned.creditOre).toBe(planned.issues * perIssue);
    expect(body.history[0]!.creditOre).toBe(body.history[0]!.issues * perIssue);
  });

  it('registers a vacation stop, a cabin transfer and a move', async () => {
    const stop = await create({ type: 'STOP', fromDate: '2026-06-01', toDate: '2026-06-13' });
    expect(stop.statusCode).toBe(201);
    expect(stop.json()).toMatchObject({
      type: 'STOP',
      fromDate: '2026-06-01',
      toDate: '2026-06-13',
      openEnd: false,
      status: 'PLANNED',
      editable: true,
      issues: 12,
      creditOre: 0,
      address: null,
    });
    const transfer = await create({
      type: 'TRANSFER',
      fromDate: '2026-07-01',
      toDate: '2026-07-14',
      address: { ...CABIN, place: 'Feil sted', flatNumber: ' ' },
    });
    expect(transfer.statusCode).toBe(201);
    // The place comes from the postal-code register; an empty optional field is left out.
    expect((transfer.json() as Change).address).toEqual({ ...CABIN, place: 'Søgne' });
    const move = await create({
      type: 'PERMANENT',
      fromDate: '2026-08-03',
      address: { coName: 'Per Papir', street: 'Elvegata', streetNumber: '2B', postalCode: '6800' },
    });
    expect(move.statusCode).toBe(201);
    expect(move.json()).toMatchObject({ toDate: null, openEnd: false, issues: 0 });
    const openStop = await create({ type: 'STOP', fromDate: '2026-09-01', openEnd: true });
    expect(openStop.statusCode).toBe(201);
    expect(openStop.json()).toMatchObject({ toDate: null, openEnd: true, issues: 0 });

    const body = await overview();
    expect(body.planned.map((c) => [c.type, c.fromDate])).toEqual([
      ['TRANSFER', '2026-04-09'],
      ['STOP', '2026-06-01'],
      ['TRANSFER', '2026-07-01'],
      ['PERMANENT', '2026-08-03'],
      ['STOP', '2026-09-01'],
    ]);
  });

  describe('the cut-off', () => {
    it('takes tomorrow the minute before the cut-off and not the minute after', async () => {
      await at('2026-03-10T13:59:00+01:00');
      expect(
        (await create({ type: 'STOP', fromDate: '2026-03-11', toDate: '2026-03-11' })).statusCode,
      ).toBe(201);
      await clean();
      await at('2026-03-10T14:00:00+01:00');
      const late = await create({ type: 'STOP', fromDate: '2026-03-11', toDate: '2026-03-11' });
      expect(refusal(late)).toMatchObject({
        status: 400,
        code: 'DELIVERY_CHANGE_TOO_EARLY',
        errors: [
          {
            field: 'fromDate',
            message:
              'Endringen må være registrert innen fristen dagen før. Tidligste mulige dag er 12.03.2026',
          },
        ],
      });
      await at('2026-03-10T14:01:00+01:00');
      expect((await overview()).calendar!.earliestStart).toBe('2026-03-12');
      expect(
        (await create({ type: 'STOP', fromDate: '2026-03-12', toDate: '2026-03-12' })).statusCode,
      ).toBe(201);
    });

    it('holds across the change to summer time', async () => {
      // Sunday 29 March 2026: clocks go forward at 02:00; Monday's cut-off is 14:00 CEST (12:00Z).
      await at('2026-03-29T13:59:00+02:00');
      expect((await overview()).calendar).toMatchObject({
        earliestStart: '2026-03-30',
        cutOff: '2026-03-29T12:00:00.000Z',
      });
      expect(
        (await create({ type: 'STOP', fromDate: '2026-03-30', toDate: '2026-03-31' })).statusCode,
      ).toBe(201);
      await clean();
      await at('2026-03-29T14:00:00+02:00');
      const late = await create({ type: 'STOP', fromDate: '2026-03-30', toDate: '2026-03-31' });
      expect(refusal(late)).toMatchObject({ status: 400, code: 'DELIVERY_CHANGE_TOO_EARLY' });
      expect(late.json()).toMatchObject({ detail: expect.stringContaining('31.03.2026') });
    });

    it('skips a Sunday and public holidays for the next possible day', async () => {
      // Saturday 14 March after the cut-off: no Sunday paper, so Monday 16 March is next, whose
      // cut-off is Sunday 14:00.
      await at('2026-03-14T15:00:00+01:00');
      expect((await overview()).calendar).toMatchObject({
        earliestStart: '2026-03-16',
        cutOff: '2026-03-15T13:00:00.000Z',
      });
      // Wednesday 1 April after the cut-off: Maundy Thursday and Good Friday have no paper.
      await at('2026-04-01T14:30:00+02:00');
      expect((await overview()).calendar!.earliestStart).toBe('2026-04-04');
    });
  });

  describe('refuses, naming the field, and registers nothing', () => {
    const refusals: [string, object, number, string, string, string][] = [
      [
        'a Sunday for a title without a Sunday paper',
        { type: 'STOP', fromDate: '2026-03-15', toDate: '2026-03-20' },
        400,
        'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
        'fromDate',
        'Avisen kommer ikke ut 15.03.2026',
      ],
      [
        'a public holiday as the last day (Christmas Day 2026, a Friday)',
        { type: 'STOP', fromDate: '2026-12-21', toDate: '2026-12-25' },
        400,
        'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
        'toDate',
        'Avisen kommer ikke ut 25.12.2026',
      ],
      [
        'an end after the calendar’s last date (a year ahead)',
        { type: 'STOP', fromDate: '2027-03-09', toDate: '2028-03-01' },
        400,
        'DELIVERY_CHANGE_TOO_FAR',
        'toDate',
        'Endringen kan ikke vare lenger enn til 10.03.2027',
      ],
      [
        'a temporary address ending the day after the last date',
        { type: 'TRANSFER', fromDate: '2027-03-02', toDate: '2027-03-11', address: CABIN },
        400,
        'DELIVERY_CHANGE_TOO_FAR',
        'toDate',
        'Endringen kan ikke vare lenger enn til 10.03.2027',
      ],
      [
        'a start more than a year ahead',
        { type: 'STOP', fromDate: '2027-03-15', toDate: '2027-03-20' },
        400,
        'DELIVERY_CHANGE_TOO_FAR',
        'fromDate',
        'Endringen kan ikke starte senere enn 10.03.2027',
      ],
      [
        'a public holiday as the first day (Ascension Day)',
        { type: 'STOP', fromDate: '2026-05-14', toDate: '2026-05-16' },
        400,
        'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
        'fromDate',
        'Avisen kommer ikke ut 14.05.2026',
      ],
      [
        'an end before the start',
        { type: 'STOP', fromDate: '2026-05-12', toDate: '2026-05-11' },
        400,
        'DELIVERY_CHANGE_END_BEFORE_START',
        'toDate',
        'Sluttdatoen kan ikke være før startdatoen',
      ],
      [
        'a stop without an end',
        { type: 'STOP', fromDate: '2026-05-12' },
        400,
        'DELIVERY_CHANGE_END_REQUIRED',
        'toDate',
        '',
      ],
      [
        'a temporary address until further notice',
        { type: 'TRANSFER', fromDate: '2026-05-12', openEnd: true, address: CABIN },
        400,
        'DELIVERY_CHANGE_END_REQUIRED',
        'toDate',
        '',
      ],
      [
        'a vacation transfer without an address',
        { type: 'TRANSFER', fromDate: '2026-05-12', toDate: '2026-05-16' },
        400,
        'DELIVERY_ADDRESS_REQUIRED',
        'address',
        '',
      ],
      [
        'an address without a name',
        {
          type: 'TRANSFER',
          fromDate: '2026-05-12',
          toDate: '2026-05-16',
          address: { ...CABIN, coName: '  ' },
        },
        400,
        'VALIDATION_FAILED',
        'address.coName',
        'Navn er påkrevd på leveringsadresse',
      ],
      [
        'an address without a street',
        { type: 'PERMANENT', fromDate: '2026-05-12', address: { ...CABIN, street: '' } },
        400,
        'VALIDATION_FAILED',
        'address.street',
        'Adresse er påkrevd',
      ],
      [
        'an address without a street number',
        { type: 'PERMANENT', fromDate: '2026-05-12', address: { ...CABIN, streetNumber: '' } },
        400,
        'VALIDATION_FAILED',
        'address.streetNumber',
        'Gatenummer er påkrevd',
      ],
      [
        'an unknown postal code',
        { type: 'PERMANENT', fromDate: '2026-05-12', address: { ...CABIN, postalCode: '0000' } },
        400,
        'POSTAL_CODE_UNKNOWN',
        'address.postalCode',
        'Postnummeret 0000 finnes ikke',
      ],
      [
        'a postal code that is not four digits',
        { type: 'PERMANENT', fromDate: '2026-05-12', address: { ...CABIN, postalCode: '46a0' } },
        400,
        'VALIDATION_FAILED',
        'address.postalCode',
        '',
      ],
      [
        'a move with an end',
        { type: 'PERMANENT', fromDate: '2026-05-12', toDate: '2026-05-16', address: CABIN },
        400,
        'VALIDATION_FAILED',
        'toDate',
        '',
      ],
      [
        'a stop with an address',
        { type: 'STOP', fromDate: '2026-05-12', toDate: '2026-05-16', address: CABIN },
        400,
        'VALIDATION_FAILED',
        'address',
        '',
      ],
      [
        'a period longer than a year',
        { type: 'STOP', fromDate: '2026-05-12', toDate: '2027-05-13' },
        400,
        'DELIVERY_CHANGE_TOO_FAR',
        'toDate',
        '',
      ],
    ];
    it.each(refusals)('%s', async (_name, payload, status, code, field, message) => {
      const before = await t.db.query('select id from delivery_changes');
      const response = await create(payload);
      const body = refusal(response);
      expect(body).toMatchObject({ status, code });
      expect(body.errors?.[0]?.field).toBe(field);
      if (message) expect(body.errors?.[0]?.message).toBe(message);
      expect(await t.db.query('select id from delivery_changes')).toHaveLength(before.length);
    });

    it('a malformed body is a 400, never a 5xx', async () => {
      for (const payload of [
        { type: 'PAUSE', fromDate: '2026-05-12' },
        { type: 'STOP', fromDate: '12.05.2026', toDate: '2026-05-16' },
        { type: 'STOP', fromDate: '2026-02-30', toDate: '2026-05-16' },
        { type: 'STOP', fromDate: '2026-05-12', toDate: '2026-05-16', extra: 1 },
        { type: 'TRANSFER', fromDate: '2026-05-12', toDate: '2026-05-16', address: 'Hytta' },
      ]) {
        expect((await create(payload)).statusCode).toBe(400);
      }
      const badId = await paper.request({ method: 'DELETE', url: url(fvn, '1e5') });
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('overlaps', () => {
    it('refuses an overlapping change, naming its type and dates', async () => {
      const response = await create({
        type: 'STOP',
        fromDate: '2026-04-14',
        toDate: '2026-04-25',
      });
      expect(refusal(response)).toMatchObject({
        status: 409,
        code: 'DELIVERY_CHANGE_OVERLAP',
        errors: [
          {
            field: 'fromDate',
            message: 'Endringen overlapper med midlertidig adresse 09.04.2026–18.04.2026',
          },
        ],
      });
      // The day after the transfer ends is free; a move inside it is not.
      expect(
        (await create({ type: 'STOP', fromDate: '2026-04-20', toDate: '2026-04-25' })).statusCode,
      ).toBe(201);
      const move = await create({ type: 'PERMANENT', fromDate: '2026-04-22', address: CABIN });
      expect(refusal(move)).toMatchObject({
        code: 'DELIVERY_CHANGE_OVERLAP',
        errors: [{ message: 'Endringen overlapper med stopp i leveringen 20.04.2026–25.04.2026' }],
      });
    });

    it('of two overlapping requests at once, registers one and refuses the other', async () => {
      const [a, b] = await Promise.all([
        create({ type: 'STOP', fromDate: '2026-10-05', toDate: '2026-10-10' }),
        create({
          type: 'TRANSFER',
          fromDate: '2026-10-08',
          toDate: '2026-10-15',
          address: CABIN,
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const [rows] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from delivery_changes
          where subscription_no = $1 and withdrawn_at is null and from_date >= '2026-10-01'`,
        [fvn],
      );
      expect(rows!.n).toBe(1);
    });
  });

  describe('edit and withdraw', () => {
    it('edits and withdraws a planned change until its cut-off, then it is locked', async () => {
      const created = (
        await create({ type: 'STOP', fromDate: '2026-03-17', toDate: '2026-03-21' })
      ).json() as Change;
      const edited = await paper.request({
        method: 'PUT',
        url: url(fvn, created.id),
        payload: { type: 'TRANSFER', fromDate: '2026-03-18', toDate: '2026-03-21', address: CABIN },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id: created.id,
        type: 'TRANSFER',
        fromDate: '2026-03-18',
        address: expect.objectContaining({ place: 'Søgne' }),
      });
      // Its own dates do not overlap it.
      const same = await paper.request({
        method: 'PUT',
        url: url(fvn, created.id),
        payload: { type: 'STOP', fromDate: '2026-03-18', toDate: '2026-03-21' },
      });
      expect(same.statusCode).toBe(200);

      // 14:00 on 17 March is the cut-off of 18 March.
      await at('2026-03-17T14:00:00+01:00');
      const late = await paper.request({
        method: 'PUT',
        url: url(fvn, created.id),
        payload: { type: 'STOP', fromDate: '2026-03-19', toDate: '2026-03-21' },
      });
      expect(refusal(late)).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_LOCKED' });
      const lateWithdraw = await paper.request({ method: 'DELETE', url: url(fvn, created.id) });
      expect(refusal(lateWithdraw)).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_LOCKED' });
      const body = await overview();
      expect(body.planned.find((c) => c.id === created.id)).toMatchObject({ editable: false });
      await at('2026-03-18T08:00:00+01:00');
      expect((await overview()).current.map((c) => c.id)).toContain(created.id);
    });

    it('ends a stop that has started, from the earliest possible day on', async () => {
      const created = (
        await create({ type: 'STOP', fromDate: '2026-03-12', toDate: '2026-03-20' })
      ).json() as Change;
      expect(created).toMatchObject({ editable: true, endEditable: false });
      // Friday 13 March 09:00: the stop has started; the earliest day is Saturday 14 March.
      await at('2026-03-13T09:00:00+01:00');
      const current = (await overview()).current.find((c) => c.id === created.id);
      expect(current).toMatchObject({ status: 'CURRENT', editable: false, endEditable: true });
      const put = (payload: object) =>
        paper.request({ method: 'PUT', url: url(fvn, created.id), payload });
      // Paper again from tomorrow: too late for Friday, in time for Saturday.
      expect(
        refusal(await put({ type: 'STOP', fromDate: '2026-03-12', toDate: '2026-03-12' })),
      ).toMatchObject({
        status: 400,
        code: 'DELIVERY_CHANGE_TOO_EARLY',
        errors: [{ field: 'toDate', message: expect.stringContaining('14.03.2026') }],
      });
      expect(
        refusal(await put({ type: 'STOP', fromDate: '2026-03-11', toDate: '2026-03-13' })),
      ).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_LOCKED' });
      // Until further notice would run into the planned cabin transfer.
      expect(
        refusal(await put({ type: 'STOP', fromDate: '2026-03-12', openEnd: true })),
      ).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_OVERLAP' });
      const ended = await put({ type: 'STOP', fromDate: '2026-03-12', toDate: '2026-03-13' });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ toDate: '2026-03-13', openEnd: false, issues: 2 });
      // Over from tomorrow: its end can no longer move once Saturday's cut-off has passed.
      await at('2026-03-13T14:00:00+01:00');
      expect((await overview()).current.find((c) => c.id === created.id)).toMatchObject({
        endEditable: false,
      });
      expect(
        refusal(await put({ type: 'STOP', fromDate: '2026-03-12', toDate: '2026-03-20' })),
      ).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_LOCKED' });
    });

    it('withdraws a change into the history, and its days are free again', async () => {
      const created = (
        await create({ type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' })
      ).json() as Change;
      const withdrawn = await paper.request({ method: 'DELETE', url: url(fvn, created.id) });
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN', editable: false });
      const again = await paper.request({ method: 'DELETE', url: url(fvn, created.id) });
      expect(refusal(again)).toMatchObject({ status: 409, code: 'DELIVERY_CHANGE_LOCKED' });
      const body = await overview();
      expect(body.planned.map((c) => c.id)).not.toContain(created.id);
      expect(body.history.find((c) => c.id === created.id)).toMatchObject({ status: 'WITHDRAWN' });
      expect(
        (await create({ type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' })).statusCode,
      ).toBe(201);
    });
  });

  describe('authorisation', () => {
    it('answers a digital subscription with NOT_PAPER and refuses its changes with 403', async () => {
      const digital = await sessionFor(t, DIGITAL);
      const subscriptionNo = await subscriptionNoOf(t, DIGITAL, 'FVN');
      const read = await digital.request({ url: url(subscriptionNo) });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        eligibility: 'NOT_PAPER',
        calendar: null,
        planned: [],
        history: [],
      });
      const write = await create(
        { type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' },
        subscriptionNo,
        digital,
      );
      expect(refusal(write)).toMatchObject({ status: 403, code: 'PAPER_SUBSCRIPTION_REQUIRED' });
    });

    it('does not find another account’s subscription or another subscription’s change', async () => {
      const digital = await sessionFor(t, DIGITAL);
      expect(refusal(await digital.request({ url: url(fvn) }))).toMatchObject({
        status: 404,
        code: 'SUBSCRIPTION_NOT_FOUND',
      });
      expect(
        refusal(
          await create(
            { type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' },
            fvn,
            digital,
          ),
        ),
      ).toMatchObject({ status: 404, code: 'SUBSCRIPTION_NOT_FOUND' });
      const firChange = (await overview(fir)).planned[0]!;
      expect(
        refusal(await digital.request({ method: 'DELETE', url: url(fvn, firChange.id) })),
      ).toMatchObject({ status: 404 });
      // The reader's own FIR change under the FVN subscription is not found either.
      expect(
        refusal(await paper.request({ method: 'DELETE', url: url(fvn, firChange.id) })),
      ).toMatchObject({ status: 404, code: 'DELIVERY_CHANGE_NOT_FOUND' });
      expect((await overview(fir)).planned[0]).toMatchObject({ status: 'PLANNED' });
    });

    it('refuses without a session', async () => {
      const response = await t.app.inject({ url: url(fvn) });
      expect(response.statusCode).toBe(401);
    });

    it(`allows ${DELIVERY_CHANGE_RATE_LIMIT} changes an hour`, async () => {
      for (let i = 0; i < DELIVERY_CHANGE_RATE_LIMIT; i += 1)
        await create({ type: 'STOP', fromDate: '2026-03-15', toDate: '2026-03-16' });
      const response = await create({ type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' });
      expect(refusal(response)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    });
  });

  describe('postal codes', () => {
    it('looks a postal code up in the register', async () => {
      const response = await t.app.inject({ url: '/api/postal-codes/4640' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ postalCode: '4640', place: 'Søgne' });
      expect(postalPlace('1592')).toBe('Våler i Østfold');
      const unknown = await t.app.inject({ url: '/api/postal-codes/0000' });
      expect(refusal(unknown)).toMatchObject({ status: 404, code: 'POSTAL_CODE_UNKNOWN' });
      expect((await t.app.inject({ url: '/api/postal-codes/46a0' })).statusCode).toBe(400);
    });
  });

  describe('for the complaint form', () => {
    it('tells how the paper of a day is delivered', async () => {
      expect(await deliveryChangeOn(t.db, fvn, '2026-01-30')).toEqual({
        type: 'STOP',
        address: null,
      });
      expect(await deliveryChangeOn(t.db, fvn, '2026-04-10')).toMatchObject({
        type: 'TRANSFER',
        address: { street: 'Hytteveien', place: 'Søgne' },
      });
      expect(await deliveryChangeOn(t.db, fvn, '2026-03-10')).toBeNull();
    });
  });

  describe('a move', () => {
    it('becomes the delivery address on its first day, once', async () => {
      const move = (
        await create({
          type: 'PERMANENT',
          fromDate: '2026-03-16',
          address: {
            coName: 'Per Papir',
            street: 'Elvegata',
            streetNumber: '2B',
            postalCode: '6800',
          },
        })
      ).json() as Change;
      expect(await applyDueMoves(t.db, t.clock.now())).toBe(0);
      await at('2026-03-16T06:00:00+01:00');
      expect(await applyDueMoves(t.db, t.clock.now())).toBe(1);
      expect(await applyDueMoves(t.db, t.clock.now())).toBe(0);
      const body = await overview();
      expect(body.address).toMatchObject({
        street: 'Elvegata',
        postalCode: '6800',
        place: 'Førde',
      });
      expect(body.history.find((c) => c.id === move.id)).toMatchObject({ status: 'PAST' });
      const [event] = await t.db.query<{ actor: string }>(
        `select actor from account_events where actor = $1`,
        [`delivery-change:${move.id}`],
      );
      expect(event).toBeDefined();
    });

    const ELVEGATA = {
      coName: 'Per Papir',
      street: 'Elvegata',
      streetNumber: '2B',
      postalCode: '6800',
    };

    it('is refused over a stop or temporary address of another of the reader’s paper subscriptions, and such a change over a move', async () => {
      // FVN has the demo's cabin transfer 09.04–18.04; the address is the account's, so a move
      // of Firda inside it would move FVN's paper too.
      const inside = await create(
        { type: 'PERMANENT', fromDate: '2026-04-14', address: ELVEGATA },
        fir,
      );
      expect(refusal(inside)).toMatchObject({
        status: 409,
        code: 'DELIVERY_CHANGE_OTHER_SUBSCRIPTION',
        detail: expect.stringContaining(
          'Fædrelandsvennen har midlertidig adresse 09.04.2026–18.04.2026',
        ),
      });
      const after = await create(
        { type: 'PERMANENT', fromDate: '2026-04-21', address: ELVEGATA },
        fir,
      );
      expect(after.statusCode).toBe(201);
      // And the other way round: a stop of FVN over Firda's move day.
      const stop = await create({ type: 'STOP', fromDate: '2026-04-20', toDate: '2026-04-25' });
      expect(refusal(stop)).toMatchObject({
        status: 409,
        code: 'DELIVERY_CHANGE_OTHER_SUBSCRIPTION',
        detail: expect.stringContaining('Firda har en flytting fra 21.04.2026'),
      });
      const openStop = await create({ type: 'STOP', fromDate: '2026-04-20', openEnd: true });
      expect(refusal(openStop).code).toBe('DELIVERY_CHANGE_OTHER_SUBSCRIPTION');
      expect(
        (await create({ type: 'STOP', fromDate: '2026-04-22', toDate: '2026-04-25' })).statusCode,
      ).toBe(201);
    });

    it('of two requests at once for two subscriptions, registers one and refuses the other', async () => {
      const [move, stop] = await Promise.all([
        create({ type: 'PERMANENT', fromDate: '2026-05-05', address: ELVEGATA }, fir),
        create({ type: 'STOP', fromDate: '2026-05-04', toDate: '2026-05-09' }),
      ]);
      expect([move.statusCode, stop.statusCode].sort()).toEqual([201, 409]);
      const refused = move.statusCode === 409 ? move : stop;
      expect(refusal(refused).code).toBe('DELIVERY_CHANGE_OTHER_SUBSCRIPTION');
    });

    it('is not applied when its subscription is no longer a paper one with access', async () => {
      const before = (await overview()).address;
      const fvnMove = (
        await create({ type: 'PERMANENT', fromDate: '2026-03-16', address: ELVEGATA })
      ).json() as Change;
      const firMove = (
        await create({ type: 'PERMANENT', fromDate: '2026-03-17', address: ELVEGATA }, fir)
      ).json() as Change;
      const [digital] = await t.db.query<{ id: string }>(
        `select id::text as id from plans where title_code = 'FIR' and product_type = 'DIGITAL'
          order by id limit 1`,
      );
      const [kept] = await t.db.query<{ plan_id: string; status_code: number }>(
        `select plan_id::text as plan_id, status_code from subscriptions
          where subscription_no = $1`,
        [fvn],
      );
      const [keptFir] = await t.db.query<{ plan_id: string }>(
        'select plan_id::text as plan_id from subscriptions where subscription_no = $1',
        [fir],
      );
      try {
        // FVN cancelled meanwhile, Firda made digital.
        await t.db.query('update subscriptions set status_code = $2 where subscription_no = $1', [
          fvn,
          S.CANCELLED,
        ]);
        await t.db.query('update subscriptions set plan_id = $2 where subscription_no = $1', [
          fir,
          digital!.id,
        ]);
        await at('2026-03-17T06:00:00+01:00');
        expect(await applyDueMoves(t.db, t.clock.now())).toBe(0);
        expect(await applyDueMoves(t.db, t.clock.now())).toBe(0);
        const body = await overview();
        expect(body.eligibility).toBe('NOT_ACTIVE');
        expect(body.address).toEqual(before);
        expect(body.history.find((c) => c.id === fvnMove.id)).toMatchObject({
          status: 'PAST',
          notApplied: 'NOT_ACTIVE',
        });
        const skipped = await t.db.query<{ id: string; skip_reason: string }>(
          `select id::text as id, skip_reason from delivery_changes
            where id = any($1::bigint[]) order by id`,
          [[fvnMove.id, firMove.id]],
        );
        expect(skipped).toEqual([
          { id: fvnMove.id, skip_reason: 'NOT_ACTIVE' },
          { id: firMove.id, skip_reason: 'NOT_PAPER' },
        ]);
        expect(
          await t.db.query(`select 1 from account_events where actor = any($1::text[])`, [
            [`delivery-change:${fvnMove.id}`, `delivery-change:${firMove.id}`],
          ]),
        ).toEqual([]);
      } finally {
        await t.db.query(
          'update subscriptions set status_code = $2, plan_id = $3 where subscription_no = $1',
          [fvn, kept!.status_code, kept!.plan_id],
        );
        await t.db.query('update subscriptions set plan_id = $2 where subscription_no = $1', [
          fir,
          keptFir!.plan_id,
        ]);
      }
    });

    it('waits while its subscription is suspended, and is applied once it is resumed', async () => {
      const move = (
        await create({ type: 'PERMANENT', fromDate: '2026-03-16', address: ELVEGATA })
      ).json() as Change;
      await t.db.query('update subscriptions set status_code = $2 where subscription_no = $1', [
        fvn,
        S.SUSPENDED,
      ]);
      try {
        await at('2026-03-17T06:00:00+01:00');
        expect(await applyDueMoves(t.db, t.clock.now())).toBe(0);
        const [row] = await t.db.query<{ skip_reason: string | null; applied_at: unknown }>(
          'select skip_reason, applied_at from delivery_changes where id = $1',
          [move.id],
        );
        expect(row).toEqual({ skip_reason: null, applied_at: null });
      } finally {
        await t.db.query('update subscriptions set status_code = $2 where subscription_no = $1', [
          fvn,
          S.ACTIVE,
        ]);
      }
      expect(await applyDueMoves(t.db, t.clock.now())).toBe(1);
      expect((await overview()).address).toMatchObject({ street: 'Elvegata', place: 'Førde' });
    });
  });

  describe('the credit of stopped issues', () => {
    it('takes the stopped issues off the next renewal, once', async () => {
      const subscription = (await getSubscription(t.db, fir))!;
      const { price, planned, current, history } = await overview(fir);
      const stops = [...planned, ...current, ...history].filter(
        (c) => c.type === 'STOP' && c.status !== 'WITHDRAWN',
      );
      // The demo's two stops, both in the paid year: what the screen said is what is credited.
      expect(stops).toHaveLength(2);
      const credit = stops.reduce((sum, c) => sum + c.creditOre, 0);
      expect(credit).toBe(stops.reduce((sum, c) => sum + c.issues, 0) * price.creditPerIssueOre!);
      expect(credit).toBeGreaterThan(0);
      t.clock.set(`${subscription.renewalDate}T08:00:00+02:00`);
      const run = await runDueJobs(t.db, t.clock);
      expect(run.effects.length).toBeGreaterThan(0);
      const effects = await t.db.query<{ amount_ore: number; reason: string }>(
        `select amount_ore, reason from billing_effects where subscription_no = $1
          order by id desc limit 1`,
        [fir],
      );
      expect(effects[0]).toEqual({ reason: 'renewal', amount_ore: subscription.price - credit });
      // Running the jobs again credits nothing twice, and nothing is left to claim.
      expect((await runDueJobs(t.db, t.clock)).effects).toEqual([]);
      expect(
        await t.db.transaction((tx) =>
          claimStopCredits(tx, subscription, addDays(subscription.renewalDate!, 365), 1_000_000),
        ),
      ).toBe(0);
      // FVN credits nothing.
      const fvnSubscription = (await getSubscription(t.db, fvn))!;
      expect(
        await t.db.transaction((tx) =>
          claimStopCredits(tx, fvnSubscription, '2026-12-01', 1_000_000),
        ),
      ).toBe(0);
    });
  });
});
