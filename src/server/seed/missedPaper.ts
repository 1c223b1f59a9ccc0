// Demo of a missed paper credited by itself, through the owning modules: avis-kom-ikke (Aud
// Avisløs) has Adresseavisen's paper, yearly by card (seed/demo.ts). Her previous year was billed
// and paid; twelve days before it ended she reported «Avisen kom ikke», which credited that day's
// paper share; the renewal that began this year took it off, as the billing job does
// (jobs/billing.ts), and is paid. So /fakturaoversikt shows «Trekk for avis som ikke kom …» as a
// line of its own on this year's invoice, /tilbakemelding lists the complaint, and a new complaint
// «Avisen kom ikke» about a day of this (paid) year is credited on the next invoice.
import { addDays, addMonths } from '../../shared/time/oslo';
import type { Queryable } from '../db/db';
import { getProfile } from '../domain/accounts/profile';
import { recordComplaint } from '../domain/complaints/complaints';
import { creditMissedPapers, MISSED_PAPER_CODE } from '../domain/complaints/missedPaperCredits';
import { pastDeliveryDays } from '../domain/delivery/calendar';
import { osloMidnight } from '../domain/dunning/dunning';
import { recordBillingEffect, settleCharge } from '../domain/invoices/settlement';
import { recordImportedRenewal } from '../domain/subscriptions/lifecycle';
import { currentSubscription } from '../domain/subscriptions/subscriptions';
import { recordJobBilling } from '../jobs/billing';

export const MISSED_PAPER_DEMO_EMAIL = 'avis-kom-ikke@demo.minside.no';
const TITLE = 'ADR';
const MASKED_CARD = '•••• •••• •••• 4242';

/** `hour` o'clock in Oslo on `date`. */
const at = (date: string, hour: number) =>
  new Date(osloMidnight(date).getTime() + hour * 3_600_000);

export async function seedMissedPaperDemo(db: Queryable): Promise<void> {
  const [account] = await db.query<{ aria_account_no: string }>(
    `select a.aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id
      where u.email = $1`,
    [MISSED_PAPER_DEMO_EMAIL],
  );
  if (!account)
    throw new Error(`Demo missed paper needs the account of ${MISSED_PAPER_DEMO_EMAIL}`);
  const ariaAccountNo = account.aria_account_no;
  const { subscription } = await currentSubscription(db, ariaAccountNo, TITLE);
  if (!subscription?.renewalDate)
    throw new Error(`Demo missed paper needs a renewing ${TITLE} subscription`);
  const { subscriptionNo } = subscription;
  const [plan] = await db.query<{ plan_id: number; price_ore: number }>(
    `select s.plan_id, p.price_ore from subscriptions s join plans p on p.id = s.plan_id
      where s.subscription_no = $1`,
    [subscriptionNo],
  );
  const planId = Number(plan!.plan_id);
  const price = Number(plan!.price_ore);
  const current = addMonths(subscription.renewalDate, -12);
  const previous = addMonths(current, -12);

  // The previous year, charged to her card and paid.
  const previousEvent = await recordImportedRenewal(db, {
    subscriptionNo,
    ariaAccountNo,
    periodStart: previous,
    occurredAt: at(previous, 6),
  });
  await recordBillingEffect(
    db,
    previousEvent,
    subscriptionNo,
    {
      kind: 'charge',
      reason: 'renewal',
      amountOre: price,
      currency: 'NOK',
      periodStart: previous,
      periodEnd: addDays(current, -1),
      provider: 'SWEDBANK-PPG',
      planId,
    },
    at(previous, 6),
  );
  await settlePaid(db, previousEvent, at(previous, 7));

  // The paper that did not come, reported that morning (as /tilbakemelding files one) and
  // credited then.
  const filedAt = at(addDays(current, -12), 7);
  const [day] = pastDeliveryDays(TITLE, filedAt, 7);
  if (!day) throw new Error(`No delivery day of ${TITLE} for the demo missed paper`);
  const profile = await getProfile(db, ariaAccountNo);
  const { id } = await recordComplaint(db, {
    subscriptionNo,
    ariaAccountNo,
    titleCode: TITLE,
    dates: [day],
    code: MISSED_PAPER_CODE,
    comment: 'Ingen avis i postkassen i dag heller.',
    address: profile.address,
    receiptEmail: profile.email,
    filedAt,
  });
  const credit = await creditMissedPapers(db, {
    subscription,
    complaintId: id,
    code: MISSED_PAPER_CODE,
    dates: [day],
    now: filedAt,
  });
  if (!credit) throw new Error('The demo missed paper was not credited');

  // This year's renewal, billed by the billing job's own rule (the credit taken off), and paid.
  const renewedAt = at(current, 6);
  const currentEvent = await recordImportedRenewal(db, {
    subscriptionNo,
    ariaAccountNo,
    periodStart: current,
    occurredAt: renewedAt,
  });
  await recordJobBilling(
    db,
    {
      subscriptionNo,
      eventId: currentEvent,
      effects: [
        {
          kind: 'charge',
          reason: 'renewal',
          amountOre: price,
          currency: 'NOK',
          periodStart: current,
          periodEnd: addDays(subscription.renewalDate, -1),
          provider: 'SWEDBANK-PPG',
          planId,
        },
      ],
    },
    renewedAt,
  );
  await settlePaid(db, currentEvent, at(current, 7));
}

/** The card charge of an audit event, paid (the sandbox card). */
async function settlePaid(db: Queryable, eventId: number, paidAt: Date): Promise<void> {
  const [effect] = await db.query<{ id: number }>(
    'select id from billing_effects where event_id = $1',
    [eventId],
  );
  await settleCharge(db, effect!.id, 'paid', null, paidAt, MASKED_CARD);
}
