// Segment messages: POST /api/segment/{id}/message gives a segment's messages to a reader the
// server's own records put in it (subscribers and within them price-change, winback and within
// it reactivation-offer, no-subscription; a suspended or paused reader in none), in the
// language asked for, within their period, for the title or all; a message closed by the reader
// (PUT …/dismissal, idempotent) is not given again, on any device; another reader still sees it. Injected
// clock; PGlite, and PostgreSQL with DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { publishMessage } from '../../src/server/domain/segments/segments';
import { applyCommand } from '../../src/server/domain/subscriptions/lifecycle';

import { expectProblem } from './order-support';
import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

const ask = (
  s: TestSession,
  segment: string,
  body: { titleCode?: string; context?: string; language?: string } = {},
) =>
  s.request({
    method: 'POST',
    url: `/api/segment/${segment}/message`,
    payload: { titleCode: 'FVN', context: 'home', ...body },
  });
const ids = async (s: TestSession, segment: string, body = {}) =>
  ((await ask(s, segment, body)).json().messages as { id: string }[]).map((m) => m.id);
/** The reader's own subscription on FVN. */
async function ownSubscription(email: string): Promise<string> {
  const [row] = await t.db.query<{ subscription_no: string }>(
    `select s.subscription_no from identity_users u join accounts a on a.spid_id = u.spid_id
       join subscriptions s on s.aria_account_no = a.aria_account_no
      where u.email = $1 and s.title_code = 'FVN' and s.share_kind is null`,
    [email],
  );
  return row!.subscription_no;
}
const dismiss = (s: TestSession, segment: string, id: string) =>
  s.request({ method: 'PUT', url: `/api/segment/${segment}/message/${id}/dismissal` });

describe('segment messages', () => {
  it('gives the price notice only to a subscriber whose next renewal costs another amount', async () => {
    // Premium monthly now, yearly from the next renewal (a plan change the reader scheduled).
    const planendring = await sessionFor(t, 'planendring@demo.minside.no');
    const response = await ask(planendring, 'subscribers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      segmentId: 'subscribers',
      messages: [
        {
          id: 'nye-priser-2027',
          heading: 'Ny pris fra neste fornying',
          body: expect.stringContaining('Abonnementet ditt får en annen pris fra neste fornying.'),
          ctaUrl: '/nye-priser',
          ctaLabel: 'Se prisene',
        },
      ],
    });
    const nynorsk = (await ask(planendring, 'subscribers', { language: 'nn' })).json().messages[0];
    expect(nynorsk).toMatchObject({
      heading: 'Ny pris frå neste fornying',
      ctaLabel: 'Sjå prisane',
    });
    // The same price at the next renewal, no renewal (cancelled), or someone else pays.
    for (const email of ['digital', 'oppsagt', 'bedrift-admin', 'student'])
      expect(await ids(await sessionFor(t, `${email}@demo.minside.no`), 'subscribers')).toEqual([]);
  });

  it('decides membership from the server’s records, not the request', async () => {
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    const ingen = await sessionFor(t, 'ingen@demo.minside.no');
    const avsluttet = await sessionFor(t, 'avsluttet@demo.minside.no');
    expect(await ids(digital, 'winback')).toEqual([]);
    expect(await ids(digital, 'price-change')).toEqual([]);
    expect(await ids(ingen, 'subscribers')).toEqual([]);
    expect(await ids(avsluttet, 'winback')).toEqual(['kom-tilbake']);
    expect(await ids(avsluttet, 'reactivation-offer')).toEqual(['kom-tilbake']);
    expect(await ids(avsluttet, 'subscribers')).toEqual([]);
    expectProblem(await ask(digital, 'alle-lesere'), 404, 'SEGMENT_NOT_FOUND');
    expectProblem(await ask(digital, 'subscribers', { titleCode: 'ZZZ' }), 400, 'UNKNOWN_TITLE');
  });

  it('asks no suspended reader back, nor tells them of prices: home says how to pay', async () => {
    const purring = await sessionFor(t, 'purring@demo.minside.no');
    for (const segment of ['subscribers', 'winback', 'no-subscription', 'reactivation-offer'])
      expect(await ids(purring, segment)).toEqual([]);
  });

  it('asks no paused reader back, nor tells them of prices: they have not left', async () => {
    // A message to everyone who has left: a reader who has left is given it, a paused one not.
    await publishMessage(t.db, {
      id: 'vi-savner-deg',
      segmentId: 'winback',
      titleCode: null,
      context: 'home',
      nb: { heading: 'Vi savner deg', body: 'Kom tilbake når du vil.' },
      nn: { heading: 'Vi saknar deg', body: 'Kom tilbake når du vil.' },
      ctaUrl: null,
      startsAt: new Date(t.clock.now().getTime() - 86_400_000),
      endsAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const avsluttet = await sessionFor(t, 'avsluttet@demo.minside.no');
    expect(await ids(avsluttet, 'winback')).toContain('vi-savner-deg');
    const pause = await sessionFor(t, 'pause@demo.minside.no');
    for (const segment of ['subscribers', 'winback', 'no-subscription', 'reactivation-offer'])
      expect(await ids(pause, segment)).toEqual([]);
  });

  it('offers the way back with 3 months for 1 only to a reader who may have it now', async () => {
    const then = t.clock.now().toISOString();
    try {
      const subscriptionNo = await ownSubscription('avsluttet@demo.minside.no');
      // Restarted with the offer, cancelled and ended again: the offer is not theirs for a year.
      await applyCommand(
        t.db,
        subscriptionNo,
        { kind: 'reactivate', withOffer: true },
        { clock: t.clock, actor: 'user' },
      );
      await applyCommand(
        t.db,
        subscriptionNo,
        { kind: 'cancel', reason: 'price' },
        { clock: t.clock, actor: 'user' },
      );
      t.clock.set('2026-07-01T09:00:00+02:00');
      await applyCommand(
        t.db,
        subscriptionNo,
        { kind: 'expire' },
        { clock: t.clock, actor: 'job' },
      );
      const later = await sessionFor(t, 'avsluttet@demo.minside.no');
      expect(await ids(later, 'winback')).toEqual([]);
      expect(await ids(later, 'reactivation-offer')).toEqual([]);
    } finally {
      t.clock.set(then);
    }
  });

  it('shows a message within its period, on its title only', async () => {
    await publishMessage(t.db, {
      id: 'julekampanje',
      segmentId: 'subscribers',
      titleCode: 'FVN',
      context: 'home',
      nb: { heading: 'God jul', body: 'Takk for at du leser.' },
      nn: { heading: 'God jul', body: 'Takk for at du les.' },
      ctaUrl: null,
      startsAt: new Date('2026-03-11T00:00:00+01:00'),
      endsAt: new Date('2026-03-12T00:00:00+01:00'),
    });
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    expect(await ids(digital, 'subscribers')).not.toContain('julekampanje');
    t.clock.set('2026-03-11T08:00:00+01:00');
    const later = await sessionFor(t, 'digital@demo.minside.no');
    expect(await ids(later, 'subscribers')).toContain('julekampanje');
    expect(await ids(later, 'subscribers', { titleCode: 'FIR' })).not.toContain('julekampanje');
    const [message] = (await ask(later, 'subscribers')).json().messages;
    expect(message).toMatchObject({ id: 'julekampanje', ctaUrl: null, ctaLabel: null });
    t.clock.set('2026-03-12T00:00:00+01:00');
    const after = await sessionFor(t, 'digital@demo.minside.no');
    expect(await ids(after, 'subscribers')).not.toContain('julekampanje');
  });

  it('is not given again once the reader closes it, on any device; others still see it', async () => {
    const papir = await sessionFor(t, 'planendring@demo.minside.no');
    const other = await sessionFor(t, 'planendring@demo.minside.no');
    const both = await Promise.all([
      dismiss(papir, 'subscribers', 'nye-priser-2027'),
      dismiss(other, 'subscribers', 'nye-priser-2027'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await ids(other, 'subscribers')).toEqual([]);
    // Again: the same answer, with the first time it was closed.
    const again = await dismiss(papir, 'subscribers', 'nye-priser-2027');
    expect(again.json()).toEqual({
      messageId: 'nye-priser-2027',
      dismissedAt: new Date(TEST_NOW).toISOString(),
    });
    // Another reader, once a change of theirs makes the next renewal cost another amount.
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    expect(await ids(digital, 'subscribers')).toEqual([]);
    const change = await digital.request({
      method: 'PUT',
      url: '/api/subscription/planChange',
      payload: {
        subscriptionNo: await ownSubscription('digital@demo.minside.no'),
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Årlig',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await ids(digital, 'subscribers')).toEqual(['nye-priser-2027']);
    expectProblem(
      await dismiss(papir, 'winback', 'nye-priser-2027'),
      404,
      'SEGMENT_MESSAGE_NOT_FOUND',
    );
    expectProblem(
      await dismiss(papir, 'subscribers', 'finnes-ikke'),
      404,
      'SEGMENT_MESSAGE_NOT_FOUND',
    );
  });

  it('allows 60 dismissals an hour', async () => {
    const ung = await sessionFor(t, 'ung@demo.minside.no');
    for (let i = 0; i < 60; i++)
      expect((await dismiss(ung, 'subscribers', 'nye-priser-2027')).statusCode).toBe(200);
    expectProblem(await dismiss(ung, 'subscribers', 'nye-priser-2027'), 429, 'RATE_LIMITED');
  });
});
