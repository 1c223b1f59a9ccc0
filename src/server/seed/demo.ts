// Demo identities and accounts for every user kind of spec §1, each with subscriptions in
// realistic states relative to today's Oslo date. Contact data is recognisably demo data
// (@demo.minside.no, +47 400 00 0xx); every demo user signs in with DEMO_PASSWORD.
// Every row goes in through the module that owns its table (see README, table owners).
import { randomBytes } from 'node:crypto';

import { getPublication } from '../../shared/publications/registry';
import {
  BUSINESS_PLAN_ID,
  COMBO_PLAN_ID,
  DEFAULT_PLAN_ID,
  periodMonths,
  PREMIUM_PLAN_ID,
  STUDENT_PLAN_ID,
  YOUTH_PLAN_ID,
  type Period,
} from '../../shared/subscription/plans';
import { SubscriptionStatus, type StatusCode } from '../../shared/subscription/status';
import { addDays, addMonths, osloDateOf } from '../../shared/time/oslo';
import type { Queryable } from '../db/db';
import { createAccount, modifyAccount } from '../domain/accounts/accounts';
import { recordBillingEffect, recordOrderCharge } from '../domain/invoices/settlement';
import { importCompletedOrder } from '../domain/orders/orders';
import { priceOrder, type Buyer } from '../domain/orders/pricing';
import {
  importSubscription,
  recordImportedActivation,
  recordImportedRenewal,
} from '../domain/subscriptions/lifecycle';
import { registerIdentity } from '../identity/users';
import type { PaymentProvider } from '../payments/port';
import { importCapturedPayment, SANDBOX_CARD } from '../payments/sandbox';

export const DEMO_PASSWORD = 'minside-demo';

export type UserKind =
  | 'no-subscription'
  | 'subscriber'
  | 'paper-subscriber'
  | 'youth'
  | 'family-invitee'
  | 'business-admin'
  | 'business-employee'
  | 'student'
  /** First visit: no account yet, and the identity provider knows no birth date. */
  | 'new-reader';

interface DemoSubscription {
  readonly titleCode: string;
  readonly planId: string;
  readonly period: Period;
  readonly status: StatusCode;
  readonly provider: PaymentProvider | null;
  /** Days from today to the renewal date (null: none). */
  readonly renewsIn: number | null;
  readonly expiresIn?: number;
  readonly info1?: string;
  readonly shared?: boolean;
  /** The current period's giro invoice is still unpaid (the AvtaleGiro debit failed). */
  readonly unpaidInvoice?: boolean;
  readonly pendingChange?: { readonly planId: string; readonly period: Period };
  /**
   * Bought in Min Side this many days ago, paid by card with the first-month offer (1 kr): the
   * completed order and its payment are kept, so the right of withdrawal (angrerett) applies.
   * The renewal date follows from the purchase (renewsIn is not used).
   */
  readonly boughtOnlineDaysAgo?: number;
}

interface DemoUser {
  readonly spidId: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly phone: string;
  /** Null: the identity provider has none (the reader gives it once on the profile). */
  readonly birthDate: string | null;
  readonly kind: UserKind;
  readonly firstTitleCode: string | null;
  readonly subscriptions: readonly DemoSubscription[];
  /** The paper delivery address Min Side keeps for the account (account_profiles). */
  readonly deliveryAddress?: {
    readonly coName: string;
    readonly street: string;
    readonly streetNumber: string;
    readonly postalCode: string;
    readonly place: string;
  };
}

const card: PaymentProvider = 'SWEDBANK-PPG';

export const demoUsers: readonly DemoUser[] = [
  {
    spidId: '1000001',
    email: 'ingen@demo.minside.no',
    givenName: 'Ingrid',
    familyName: 'Uten',
    phone: '+47 400 00 001',
    birthDate: '1988-04-12',
    kind: 'no-subscription',
    firstTitleCode: null,
    subscriptions: [],
  },
  {
    spidId: '1000002',
    email: 'digital@demo.minside.no',
    givenName: 'Dag',
    familyName: 'Digital',
    phone: '+47 400 00 002',
    birthDate: '1979-09-30',
    kind: 'subscriber',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.ACTIVE,
        provider: card,
        renewsIn: 12,
      },
      {
        titleCode: 'ADR',
        planId: DEFAULT_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.TRIAL,
        provider: card,
        renewsIn: 20,
      },
      {
        titleCode: 'FIR',
        planId: DEFAULT_PLAN_ID,
        period: 'Årlig',
        status: SubscriptionStatus.ACTIVE,
        provider: 'VIPPS',
        renewsIn: 200,
      },
    ],
  },
  {
    spidId: '1000003',
    email: 'papir@demo.minside.no',
    givenName: 'Per',
    familyName: 'Papir',
    phone: '+47 400 00 003',
    birthDate: '1956-01-05',
    kind: 'paper-subscriber',
    firstTitleCode: 'FVN',
    deliveryAddress: {
      coName: 'Per Papir',
      street: 'Dronningens gate',
      streetNumber: '15',
      postalCode: '4610',
      place: 'Kristiansand S',
    },
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: COMBO_PLAN_ID,
        period: 'Kvartalsvis',
        status: SubscriptionStatus.ACTIVE,
        provider: 'AVTALEGIRO',
        renewsIn: 40,
        unpaidInvoice: true,
      },
      {
        titleCode: 'FIR',
        planId: COMBO_PLAN_ID,
        period: 'Årlig',
        status: SubscriptionStatus.ACTIVE,
        provider: 'BANKGIRO',
        renewsIn: 100,
      },
    ],
  },
  {
    spidId: '1000004',
    email: 'ung@demo.minside.no',
    givenName: 'Ulrikke',
    familyName: 'Ung',
    phone: '+47 400 00 004',
    birthDate: '2004-06-18',
    kind: 'youth',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: YOUTH_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.ACTIVE,
        provider: 'VIPPS',
        renewsIn: 5,
      },
    ],
  },
  {
    spidId: '1000005',
    email: 'familie@demo.minside.no',
    givenName: 'Frida',
    familyName: 'Familie',
    phone: '+47 400 00 005',
    birthDate: '1992-11-02',
    kind: 'family-invitee',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.ACTIVE_NON_BILLABLE,
        provider: null,
        renewsIn: null,
        shared: true,
      },
    ],
  },
  {
    spidId: '1000006',
    email: 'bedrift-admin@demo.minside.no',
    givenName: 'Berit',
    familyName: 'Bedrift',
    phone: '+47 400 00 006',
    birthDate: '1975-03-21',
    kind: 'business-admin',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: BUSINESS_PLAN_ID,
        period: 'Årlig',
        status: SubscriptionStatus.ACTIVE,
        provider: 'BANKGIRO',
        renewsIn: 150,
        info1: 'admin',
      },
    ],
  },
  {
    spidId: '1000007',
    email: 'bedrift-ansatt@demo.minside.no',
    givenName: 'Anders',
    familyName: 'Ansatt',
    phone: '+47 400 00 007',
    birthDate: '1990-08-14',
    kind: 'business-employee',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: BUSINESS_PLAN_ID,
        period: 'Årlig',
        status: SubscriptionStatus.ACTIVE,
        provider: null,
        renewsIn: 150,
        info1: 'employee',
      },
    ],
  },
  {
    spidId: '1000008',
    email: 'student@demo.minside.no',
    givenName: 'Sofie',
    familyName: 'Student',
    phone: '+47 400 00 008',
    birthDate: '2002-02-27',
    kind: 'student',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: STUDENT_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.TRIAL,
        provider: card,
        renewsIn: 25,
      },
    ],
  },
  {
    spidId: '1000009',
    email: 'oppsagt@demo.minside.no',
    givenName: 'Ola',
    familyName: 'Oppsagt',
    phone: '+47 400 00 009',
    birthDate: '1983-12-09',
    kind: 'subscriber',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.PENDING_CANCELLATION,
        provider: card,
        renewsIn: null,
        expiresIn: 18,
      },
    ],
  },
  {
    spidId: '1000010',
    email: 'avsluttet@demo.minside.no',
    givenName: 'Astrid',
    familyName: 'Avsluttet',
    phone: '+47 400 00 010',
    birthDate: '1969-07-01',
    kind: 'subscriber',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.CANCELLED,
        provider: card,
        renewsIn: null,
        expiresIn: -21,
      },
    ],
  },
  {
    spidId: '1000011',
    email: 'planendring@demo.minside.no',
    givenName: 'Petter',
    familyName: 'Planendring',
    phone: '+47 400 00 011',
    birthDate: '1985-05-23',
    kind: 'subscriber',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.ACTIVE,
        provider: card,
        renewsIn: 9,
        pendingChange: { planId: PREMIUM_PLAN_ID, period: 'Årlig' },
      },
    ],
  },
  {
    spidId: '1000013',
    email: 'nykjopt@demo.minside.no',
    givenName: 'Nina',
    familyName: 'Nykjøpt',
    phone: '+47 400 00 013',
    birthDate: '1991-10-03',
    kind: 'subscriber',
    firstTitleCode: 'FVN',
    subscriptions: [
      {
        titleCode: 'FVN',
        planId: PREMIUM_PLAN_ID,
        period: 'Månedlig',
        status: SubscriptionStatus.ACTIVE,
        provider: card,
        renewsIn: null,
        boughtOnlineDaysAgo: 3,
      },
    ],
  },
  {
    spidId: '1000012',
    email: 'ny@demo.minside.no',
    givenName: 'Nora',
    familyName: 'Ny',
    phone: '+47 400 00 012',
    birthDate: null,
    kind: 'new-reader',
    firstTitleCode: null,
    subscriptions: [],
  },
];

async function planId(db: Queryable, titleCode: string, ariaPlanID: string, period: Period) {
  const rows = await db.query<{ id: number }>(
    'select id from plans where title_code = $1 and aria_plan_id = $2 and period = $3',
    [titleCode, ariaPlanID, period],
  );
  const row = rows[0];
  if (!row) throw new Error(`Demo data needs plan ${ariaPlanID} ${period} for ${titleCode}`);
  return row.id;
}

export async function seedDemoUsers(db: Queryable, now: Date): Promise<void> {
  const today = osloDateOf(now);
  for (const user of demoUsers) {
    await registerIdentity(db, {
      spidId: user.spidId,
      email: user.email,
      password: DEMO_PASSWORD,
      givenName: user.givenName,
      familyName: user.familyName,
      phoneNumber: user.phone,
      birthDate: user.birthDate,
      userKind: user.kind,
    });
    if (!user.firstTitleCode) continue;
    const { ariaAccountNo } = await createAccount(db, {
      spidId: user.spidId,
      firstTitleCode: user.firstTitleCode,
      accountBalance: 0,
    });
    if (user.deliveryAddress)
      await modifyAccount(db, { ariaAccountNo, address: user.deliveryAddress });
    for (const s of user.subscriptions)
      if (s.boughtOnlineDaysAgo !== undefined)
        await seedOnlinePurchase(
          db,
          { ariaAccountNo, birthDate: user.birthDate },
          s,
          s.boughtOnlineDaysAgo,
          now,
        );
      else await seedSubscription(db, ariaAccountNo, s, now, today);
  }
}

async function seedSubscription(
  db: Queryable,
  ariaAccountNo: string,
  s: DemoSubscription,
  now: Date,
  today: string,
): Promise<void> {
  const plan = await planId(db, s.titleCode, s.planId, s.period);
  const renewal = s.renewsIn === null ? null : addDays(today, s.renewsIn);
  const cardExpiry = addMonths(today, 26);
  const subscriptionNo = await importSubscription(db, {
    ariaAccountNo,
    titleCode: s.titleCode,
    planId: plan,
    status: s.status,
    paymentProvider: s.provider,
    card:
      s.provider === card
        ? {
            maskedNumber: '•••• •••• •••• 4242',
            expiry: `${cardExpiry.slice(5, 7)}/${cardExpiry.slice(2, 4)}`,
          }
        : null,
    eligibleForSharing: !s.shared,
    subscriptionInfo1: s.info1 ?? null,
    renewalDate: renewal,
    expiryDate: s.expiresIn === undefined ? null : addDays(today, s.expiresIn),
    pendingPlanId: s.pendingChange
      ? await planId(db, s.titleCode, s.pendingChange.planId, s.pendingChange.period)
      : null,
    createdAt: new Date(now.getTime() - 400 * 24 * 3600 * 1000),
  });
  if (!s.unpaidInvoice || !renewal) return;
  // The renewal that started the current period, billed by giro and not paid: its audit event
  // and its billing effect, as the renewal job writes them.
  const start = addMonths(renewal, -periodMonths[s.period]);
  const issued = new Date(`${start}T07:00:00Z`);
  const [{ price_ore: price } = { price_ore: 0 }] = await db.query<{ price_ore: number }>(
    'select price_ore from plans where id = $1',
    [plan],
  );
  const eventId = await recordImportedRenewal(db, {
    subscriptionNo,
    ariaAccountNo,
    periodStart: start,
    occurredAt: issued,
  });
  await recordBillingEffect(
    db,
    eventId,
    subscriptionNo,
    {
      kind: 'invoice',
      reason: 'renewal',
      amountOre: price,
      currency: 'NOK',
      periodStart: start,
      periodEnd: addDays(renewal, -1),
      provider: s.provider,
      planId: plan,
    },
    issued,
  );
}

/**
 * A subscription bought in Min Side `daysAgo` days ago, priced as the order page prices it then
 * (the first-month offer for a new reader), paid by card in the sandbox: the captured payment,
 * the subscription with its activation event, the completed order and its paid charge, as
 * completing the order writes them.
 */
async function seedOnlinePurchase(
  db: Queryable,
  buyer: Buyer,
  s: DemoSubscription,
  daysAgo: number,
  now: Date,
): Promise<void> {
  const completedAt = new Date(now.getTime() - daysAgo * 24 * 3600 * 1000);
  const { quote, plan } = await priceOrder(
    db,
    { kind: 'new', titleCode: s.titleCode, ariaPlanID: s.planId, period: s.period },
    buyer,
    osloDateOf(completedAt),
  );
  const orderId = `ord_${randomBytes(8).toString('hex')}`;
  const method = 'SWEDBANK-PPG' as const;
  const paymentId = await importCapturedPayment(db, {
    reference: orderId,
    method,
    amountOre: quote.amount,
    description: `${quote.planName} (${quote.period.toLowerCase()})`,
    merchant: getPublication(s.titleCode).displayName,
    at: completedAt,
  });
  const subscriptionNo = await importSubscription(db, {
    ariaAccountNo: buyer.ariaAccountNo,
    titleCode: s.titleCode,
    planId: plan.id,
    status: SubscriptionStatus.ACTIVE,
    paymentProvider: method,
    card: SANDBOX_CARD,
    eligibleForSharing: true,
    subscriptionInfo1: null,
    renewalDate: quote.renewalDate,
    expiryDate: null,
    pendingPlanId: null,
    createdAt: completedAt,
  });
  const eventId = await recordImportedActivation(db, {
    subscriptionNo,
    ariaAccountNo: buyer.ariaAccountNo,
    orderId,
    occurredAt: completedAt,
  });
  await importCompletedOrder(db, {
    orderId,
    ariaAccountNo: buyer.ariaAccountNo,
    subscriptionNo,
    planId: plan.id,
    quote,
    paymentProvider: method,
    paymentId,
    createdAt: new Date(completedAt.getTime() - 2 * 60 * 1000),
    completedAt,
  });
  await recordOrderCharge(db, {
    eventId,
    subscriptionNo,
    reason: 'order-new',
    amountOre: quote.amount,
    periodStart: quote.periodStart,
    periodEnd: quote.periodEnd,
    provider: method,
    maskedCard: SANDBOX_CARD.maskedNumber,
    paymentId,
    orderId,
    planId: plan.id,
    now: completedAt,
  });
}
