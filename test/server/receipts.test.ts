// Receipts by e-mail for what a reader does with money: each e-mail's content in bokmål and
// nynorsk (the same facts, links and numbers in both), and through the app: one receipt when an
// order completes (also for two completions at once), and one for a cancellation, an undone
// cancellation and a plan change, to the reader's own address. PGlite, and PostgreSQL with
// DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import * as receipts from '../../src/server/domain/receipts/messages';
import type { OrderReceiptFacts } from '../../src/server/domain/receipts/messages';
import {
  applyCommandInTx,
  insertSubscription,
} from '../../src/server/domain/subscriptions/lifecycle';
import { letterText, type Letter } from '../../src/server/messaging/letter/letter';
import { renderLetter } from '../../src/server/messaging/letter/render';

import { digitalMonthly, newReader, onPaymentPage } from './order-support';
import { sessionFor } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

/** A letter's subject and text part, as the reader's mail program shows the text. */
const mail = (letter: Letter) => ({ subject: letter.subject, body: letterText(letter) });
const orderReceiptEmail = (f: OrderReceiptFacts) => mail(receipts.orderReceiptEmail(f));
const cancellationReceiptEmail = (f: receipts.CancellationFacts) =>
  mail(receipts.cancellationReceiptEmail(f));
const undoReceiptEmail = (f: receipts.UndoFacts) => mail(receipts.undoReceiptEmail(f));
const planChangeReceiptEmail = (f: receipts.PlanChangeFacts) =>
  mail(receipts.planChangeReceiptEmail(f));

const purchase = (titleCode: string): OrderReceiptFacts => ({
  titleCode,
  firstName: 'Kari',
  kind: 'new',
  planName: 'Premium digital',
  period: 'Månedlig',
  amountOre: 100,
  method: 'SWEDBANK-PPG',
  paidOn: '2026-12-04',
  reference: 'YN2VVWC4',
  customerNumber: '7000015',
  renewal: { date: '2027-01-04', priceOre: 27_900, period: 'Månedlig' },
  withdrawalLastDay: '2026-12-18',
  ariaInvoiceNo: null,
  offer: 'FIRST_MONTH_1KR',
});

/** The links and numbers of a message: the same in every language. */
const facts = (body: string) => [
  ...(body.match(/https:\/\/\S+[^.\s]/g) ?? []),
  ...(body.match(/\b[0-9A-Z]{7,}\b/g) ?? []),
  ...(body.match(/kr [0-9 ]+,[0-9]{2}/g) ?? []),
];

describe('receipt e-mails', () => {
  it('confirms a purchase with the price now and later, no binding, the terms and the right of withdrawal', () => {
    const { subject, body } = orderReceiptEmail(purchase('FVN'));
    expect(subject).toBe('Kvittering for kjøpet hos Fædrelandsvennen');
    expect(body).toContain('Hei Kari,');
    expect(body).toContain('Abonnement: Premium digital (månedlig)');
    expect(body).toContain('Betalt: kr 1,00 med betalingskort 4. desember 2026');
    expect(body).toContain('Tilbud: første måned for 1 kr');
    expect(body).toContain(
      'Abonnementet fornyes automatisk 4. januar 2027 til kr 279,00 per måned. Det er ingen bindingstid',
    );
    expect(body).toContain('https://minside.fvn.no/avslutt-abonnement');
    expect(body).toContain(
      'Du har 14 dagers angrerett. Vil du angre kjøpet, gjør du det innen 18. desember 2026 på https://minside.fvn.no/angrerett.',
    );
    expect(body).toContain('Vilkårene for abonnementet: https://minside.fvn.no/vilkaar');
    expect(body).toContain('Begynn å lese Fædrelandsvennen: https://www.fvn.no');
    expect(body).toContain('Referanse: YN2VVWC4');
    expect(body).toContain('Kundenummer: 7000015');
    expect(body).toMatch(/Hilsen\nFædrelandsvennen$/);
  });

  it('says the same in nynorsk, with the same links, numbers and amounts', () => {
    const nb = orderReceiptEmail(purchase('FVN'));
    const nn = orderReceiptEmail(purchase('SET'));
    expect(nn.subject).toBe('Kvittering for kjøpet hos Setesdølen');
    expect(nn.body).toContain('Abonnement: Premium digital (månadleg)');
    expect(nn.body).toContain('Du har 14 dagars angrerett');
    expect(nn.body).toMatch(/Helsing\nSetesdølen$/);
    expect(facts(nn.body)).toEqual(facts(nb.body).map((f) => f.replace('fvn.no', 'setesdolen.no')));
    expect(nn.body.split('\n').length).toBe(nb.body.split('\n').length);
  });

  it('words a restart, an upgrade and an invoice paid; only a purchase or a restart has the right of withdrawal', () => {
    const restart = orderReceiptEmail({
      ...purchase('FVN'),
      kind: 'reactivation',
      amountOre: 27_900,
      offer: 'REACTIVATION_3_FOR_1',
      method: 'VIPPS',
    });
    expect(restart.subject).toBe('Kvittering: Abonnementet hos Fædrelandsvennen er startet igjen');
    expect(restart.body).toContain('Betalt: kr 279,00 med Vipps');
    expect(restart.body).toContain('Tilbud: 3 måneder for prisen av 1');
    expect(restart.body).toContain('angrerett');
    const upgrade = orderReceiptEmail({
      ...purchase('FVN'),
      kind: 'upgrade',
      amountOre: 3_333,
      offer: null,
      withdrawalLastDay: null,
    });
    expect(upgrade.subject).toBe('Kvittering for endringen av abonnementet hos Fædrelandsvennen');
    expect(upgrade.body).not.toContain('angrerett');
    const invoice = orderReceiptEmail({
      ...purchase('FVN'),
      kind: 'invoice',
      amountOre: 79_900,
      offer: null,
      withdrawalLastDay: null,
      ariaInvoiceNo: '800000004',
    });
    expect(invoice.subject).toBe('Kvittering for betalingen til Fædrelandsvennen');
    expect(invoice.body).toContain('Faktura: 800000004');
    expect(invoice.body).not.toContain('fornyes automatisk');
    expect(invoice.body).not.toContain('vilkaar');
  });

  it('confirms a cancellation with the last day and the way to undo it (or what is still owed), in both languages', () => {
    const base = {
      firstName: null,
      planName: 'Premium digital',
      lastDay: '2026-12-21',
      suspended: false,
      customerNumber: '7000015',
    };
    const nb = cancellationReceiptEmail({ ...base, titleCode: 'FVN' });
    expect(nb.subject).toBe('Kvittering: Du har sagt opp abonnementet hos Fædrelandsvennen');
    expect(nb.body).toContain('Hei,');
    expect(nb.body).toContain(
      'Du har tilgang til og med 21. desember 2026, og du betaler ikke mer.',
    );
    expect(nb.body).toContain('kan du angre oppsigelsen fram til 21. desember 2026.');
    expect(nb.body).toContain('Angre oppsigelsen: https://minside.fvn.no/angre-oppsigelse');
    const nn = cancellationReceiptEmail({ ...base, titleCode: 'SET' });
    expect(nn.body).toContain('Vi har registrert oppseiinga av Premium digital.');
    expect(nn.body).toContain('Angre oppseiinga: https://minside.setesdolen.no/angre-oppsigelse');
    expect(nn.body.split('\n').length).toBe(nb.body.split('\n').length);
    const owed = cancellationReceiptEmail({ ...base, titleCode: 'FVN', suspended: true });
    expect(owed.body).toContain('avsluttes 21. desember 2026');
    expect(owed.body).toContain('https://minside.fvn.no/fakturaoversikt');
    expect(owed.body).not.toContain('angre-oppsigelse');
  });

  it('confirms an undone cancellation and a plan change for the next renewal (a new period named as such), in both languages', () => {
    for (const titleCode of ['FVN', 'SET']) {
      const undo = undoReceiptEmail({
        titleCode,
        firstName: 'Kari',
        planName: 'Premium digital',
        renewal: { date: '2027-01-04', priceOre: 27_900, period: 'Månedlig' },
        customerNumber: '7000015',
      });
      expect(undo.body).toMatch(/4\. januar 2027 til kr 279,00 per (måned|månad)/);
      const change = planChangeReceiptEmail({
        titleCode,
        firstName: 'Kari',
        fromPlan: 'Premium digital',
        toPlan: 'Premium digital',
        toPeriod: 'Årlig',
        toPriceOre: 299_000,
        effectiveDate: '2027-01-04',
        customerNumber: '7000015',
      });
      expect(change.body).toMatch(
        /(betaler du årlig|betaler du årleg) for Premium digital: kr 2\s990,00 per år/,
      );
      expect(change.body).not.toContain('Premium digital til Premium digital');
      expect(change.body).toContain('/endre-abonnement');
    }
  });
});

/** Every receipt, with the same facts, for one title. */
const allLetters = (titleCode: string): [string, Letter][] => [
  ['purchase', receipts.orderReceiptEmail(purchase(titleCode))],
  [
    'invoice',
    receipts.orderReceiptEmail({
      ...purchase(titleCode),
      kind: 'invoice',
      offer: null,
      withdrawalLastDay: null,
      ariaInvoiceNo: '800000004',
    }),
  ],
  [
    'cancellation',
    receipts.cancellationReceiptEmail({
      titleCode,
      firstName: 'Kari',
      planName: 'Premium digital',
      lastDay: '2026-12-21',
      suspended: false,
      customerNumber: '7000015',
    }),
  ],
  [
    'cancellation while suspended',
    receipts.cancellationReceiptEmail({
      titleCode,
      firstName: 'Kari',
      planName: 'Premium digital',
      lastDay: '2026-12-21',
      suspended: true,
      customerNumber: '7000015',
    }),
  ],
  [
    'undo',
    receipts.undoReceiptEmail({
      titleCode,
      firstName: 'Kari',
      planName: 'Premium digital',
      renewal: { date: '2027-01-04', priceOre: 27_900, period: 'Månedlig' },
      customerNumber: '7000015',
    }),
  ],
  [
    'plan change',
    receipts.planChangeReceiptEmail({
      titleCode,
      firstName: 'Kari',
      fromPlan: 'Digital',
      toPlan: 'Premium digital',
      toPeriod: 'Månedlig',
      toPriceOre: 27_900,
      effectiveDate: '2027-01-04',
      customerNumber: '7000015',
    }),
  ],
  [
    'refund',
    receipts.refundReceiptEmail({
      titleCode,
      firstName: 'Kari',
      kind: 'upgrade',
      planName: 'Premium digital',
      amountOre: 3_333,
      method: 'SWEDBANK-PPG',
      refundedOn: '2026-12-04',
      reference: 'YN2VVWC4',
      released: false,
      alreadySubscriber: false,
    }),
  ],
];

const ADDRESS = /https:\/\/[^\s]+?(?=[.,;:]*(?:\s|$))/g;

/** What a mail program shows of the HTML part, as one line of text. */
const visible = (html: string) =>
  html
    .replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div><\/div>/, '')
    .replace(/<\/?a\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#820[23];/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');

describe('receipt e-mails as HTML', () => {
  it.each([
    ['FVN', 'nb', '#1576bc'],
    ['FIR', 'nn', '#964c13'],
    ['ADR', 'nb', null],
  ])(
    'every receipt of %s is HTML in its language and brand, saying what the text says',
    async (titleCode, lang, accent) => {
      for (const [name, letter] of allLetters(titleCode)) {
        const { body, html } = await renderLetter(letter);
        expect({ name, lang: /<html[^>]* lang="(\w+)"/.exec(html)?.[1] }).toEqual({ name, lang });
        const { getPublication } = await import('../../src/shared/publications/registry');
        const brand = getPublication(titleCode).brand.accent.toLowerCase();
        if (accent) expect(brand).toBe(accent);
        expect(html.toLowerCase()).toContain(`background-color:${brand}`);
        expect(html).toContain(`<h1`);
        const shown = visible(html);
        expect(shown).toContain(letter.subject);
        // Each block of the text part is in the HTML part, its web addresses as links.
        const has = (what: string) =>
          expect({ name, what, shown: shown.includes(what) }).toEqual({ name, what, shown: true });
        for (const block of letter.blocks) {
          if (block.kind === 'facts')
            for (const row of block.rows) has(`${row.label} ${row.value}`);
          else if (block.kind === 'action') {
            has(block.label);
            expect(html).toContain(`href="${block.url}"`);
          } else
            for (const line of block.lines) {
              for (const url of line.match(ADDRESS) ?? []) expect(html).toContain(`href="${url}"`);
              has(line.replace(ADDRESS, (url) => url.replace(/^https:\/\//, '')));
            }
        }
        expect(body).toContain(letter.greeting);
        expect(shown).not.toMatch(/undefined|null|NaN|\[object/);
      }
    },
  );

  it('shows the facts as a table with row headers and the next step as a button', async () => {
    const { html } = await renderLetter(receipts.orderReceiptEmail(purchase('FVN')));
    expect(html).toMatch(/<th scope="row"[^>]*>Betalt<\/th>/);
    expect(html).toMatch(/<a href="https:\/\/www\.fvn\.no"[^>]*>.*Begynn å lese Fædrelandsvennen/s);
    expect(html).toContain('href="https://minside.fvn.no/endre-profil"');
    expect(visible(html)).toContain('Org.nr.');
  });

  it('every receipt says the same in bokmål and nynorsk: the same parts, links, numbers and amounts', () => {
    const nn = new Map(allLetters('SET'));
    for (const [name, nb] of allLetters('FVN')) {
      const other = nn.get(name)!;
      const shape = (l: Letter) =>
        l.blocks.map((b) =>
          b.kind === 'paragraph' ? b.lines.length : b.kind === 'facts' ? b.rows.length : 'action',
        );
      expect({ name, shape: shape(other) }).toEqual({ name, shape: shape(nb) });
      expect({ name, facts: facts(letterText(other)) }).toEqual({
        name,
        facts: facts(letterText(nb)).map((f) => f.replace('fvn.no', 'setesdolen.no')),
      });
      // Nynorsk words, not bokmål ones.
      expect({
        name,
        bokmål: letterText(other).match(/\b(ikke|fornyes|måned|betalingen|kjøpet ditt)\b/g),
      }).toEqual({
        name,
        bokmål: null,
      });
    }
  });

  it('tells a reserved payment released apart from money refunded', () => {
    const base = {
      titleCode: 'FVN',
      firstName: null,
      kind: 'new' as const,
      planName: 'Premium digital',
      amountOre: 100,
      method: 'VIPPS' as const,
      refundedOn: '2026-12-04',
      reference: 'YN2VVWC4',
    };
    const released = mail(
      receipts.refundReceiptEmail({ ...base, released: true, alreadySubscriber: true }),
    );
    expect(released.subject).toBe('Du er ikke trukket for betalingen til Fædrelandsvennen');
    expect(released.body).toContain('fordi du allerede har et abonnement på avisen');
    expect(released.body).toContain('Frigitt: kr 1,00 til Vipps 4. desember 2026');
    expect(released.body).toContain('Beløpet var bare reservert');
    const refunded = mail(
      receipts.refundReceiptEmail({ ...base, released: false, alreadySubscriber: false }),
    );
    expect(refunded.subject).toBe('Du får pengene tilbake fra Fædrelandsvennen');
    expect(refunded.body).toContain('Tilbakebetalt: kr 1,00 til Vipps 4. desember 2026');
    expect(refunded.body).not.toContain('allerede har et abonnement');
    expect(refunded.body).not.toContain('reservert');
  });
});

describe('receipts through the app', () => {
  const t = buildTestApp();
  beforeEach(() => {
    t.clock.set(TEST_NOW);
  });

  /** The e-mails written since `after` (an outbox id). */
  const emailsSince = async (after: number) =>
    t.db.query<{ recipient: string; body: string; html: string | null }>(
      `select recipient, body, html from outbox where channel = 'email' and id > $1 order by id`,
      [after],
    );
  const lastId = async () =>
    Number(
      (await t.db.query<{ id: number }>('select coalesce(max(id), 0) as id from outbox'))[0]!.id,
    );

  it('sends one receipt when an order completes, also for two completions at once', async () => {
    const { s } = await newReader(t);
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `receipt-${Date.now()}-abcdef` },
      payload: { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' },
    });
    expect(placed.statusCode).toBe(201);
    const { orderId, redirectUrl, reference } = placed.json() as {
      orderId: string;
      redirectUrl: string;
      reference: string;
    };
    const before = await lastId();
    // The sandbox's callback may complete it first: one receipt all the same.
    await onPaymentPage(t, redirectUrl, 'approve');
    const done = await Promise.all(
      [1, 2].map(() => s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` })),
    );
    expect(done.map((r) => r.json().status)).toEqual(['COMPLETED', 'COMPLETED']);
    const receipts = (await emailsSince(before)).filter((e) => e.body.startsWith('Kvittering'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.recipient).toBe(`${s.spidId}@demo.minside.no`);
    expect(receipts[0]!.body).toMatch(/^Kvittering for kjøpet hos Fædrelandsvennen\n\nHei Ny,/);
    expect(receipts[0]!.body).toContain('Betalt: kr 1,00 med betalingskort');
    expect(receipts[0]!.body).toContain(`Referanse: ${reference}`);
    expect(receipts[0]!.body).toContain('Du har 14 dagers angrerett');
    expect(receipts[0]!.html).toContain('<html dir="ltr" lang="nb">');
    expect(receipts[0]!.html).toContain(`${reference}`);
    // The HTML part as a developer or tester opens it from the outbox.
    const [row] = await t.db.query<{ id: string }>(
      `select id from outbox where channel = 'email' and id > $1 and body like 'Kvittering%'`,
      [before],
    );
    const page = await t.app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}.html` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toBe(receipts[0]!.html);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/x1.html' })).statusCode).toBe(
      404,
    );
  });

  it('releases the payment of a purchase refused because the reader already subscribes, and tells the reader once', async () => {
    const { s, accountNo } = await newReader(t);
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `refused-${Date.now()}-abcdef` },
      payload: { ...digitalMonthly, paymentProvider: 'VIPPS' },
    });
    const { orderId, redirectUrl, reference } = placed.json() as {
      orderId: string;
      redirectUrl: string;
      reference: string;
    };
    // While the reader is on the payment page, a subscription of the title reaches the account
    // another way (customer service, a connected subscription).
    const [order] = await t.db.query<{ plan_id: string }>(
      'select plan_id from orders where order_id = $1',
      [orderId],
    );
    await t.db.transaction(async (tx) => {
      const no = await insertSubscription(tx, {
        ariaAccountNo: accountNo,
        titleCode: 'FVN',
        planId: order!.plan_id,
        paymentProvider: 'VIPPS',
        card: null,
        mandateId: null,
        discount: { code: null, amountOff: null, percentOff: null, periodsLeft: 0 },
        now: t.clock.now(),
      });
      await applyCommandInTx(tx, no, { kind: 'activate' }, { clock: t.clock, actor: 'system' });
    });
    const before = await lastId();
    await onPaymentPage(t, redirectUrl, 'approve');
    const again = await Promise.all(
      [1, 2].map(() => s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` })),
    );
    expect(again.map((r) => r.json().status)).toEqual(['CANCELLED', 'CANCELLED']);
    const sent = await emailsSince(before);
    expect(sent.map((e) => e.body.split('\n')[0])).toEqual([
      'Du er ikke trukket for betalingen til Fædrelandsvennen',
    ]);
    expect(sent[0]!.body).toContain('fordi du allerede har et abonnement på avisen');
    expect(sent[0]!.body).toContain('Frigitt: kr 1,00 til Vipps');
    expect(sent[0]!.body).toContain(`Referanse: ${reference}`);
    expect(sent[0]!.html).toContain('Frigitt');
  });

  it('confirms a cancellation, the undo and a plan change, each once, to the reader', async () => {
    const s = await sessionFor(t, 'digital@demo.minside.no');
    const [row] = await t.db.query<{ subscription_no: string }>(
      `select s.subscription_no from subscriptions s join accounts a using (aria_account_no)
         join identity_users u on u.spid_id = a.spid_id
        where u.email = 'digital@demo.minside.no' and s.title_code = 'FVN' and s.share_kind is null`,
    );
    const subscriptionNo = row!.subscription_no;
    const before = await lastId();
    const cancel = await s.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo, reason: 'price', acceptedWinback: false },
    });
    expect(cancel.statusCode).toBe(200);
    const undo = await s.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo, action: 'undo-cancellation' },
    });
    expect(undo.statusCode).toBe(200);
    const change = await s.request({
      method: 'PUT',
      url: '/api/subscription/planChange',
      payload: { subscriptionNo, ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Årlig' },
    });
    expect({ status: change.statusCode, body: change.json() }).toMatchObject({ status: 200 });
    const sent = await emailsSince(before);
    expect(sent.map((e) => [e.recipient, e.body.split('\n')[0]])).toEqual([
      ['digital@demo.minside.no', 'Kvittering: Du har sagt opp abonnementet hos Fædrelandsvennen'],
      ['digital@demo.minside.no', 'Kvittering: Oppsigelsen hos Fædrelandsvennen er angret'],
      ['digital@demo.minside.no', 'Kvittering: Abonnementet hos Fædrelandsvennen endres'],
    ]);
  });
});
