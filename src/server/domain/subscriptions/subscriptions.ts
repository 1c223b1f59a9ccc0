// Reading subscriptions: the row of the billing data mapped to the contract's Subscription, and
// the choice of which of an account's subscriptions to a title is "the" subscription.
import type { ConversionReason } from '../../../shared/subscription/conversions';
import { type Feature, sharedFeatures } from '../../../shared/subscription/features';
import type { Period } from '../../../shared/subscription/plans';
import {
  accessStatusCodes,
  hasAccess,
  isPaying,
  statusName,
  type StatusName,
} from '../../../shared/subscription/status';
import type { Queryable, Row } from '../../db/db';
import { type Param, paramsAfter } from '../../db/reads';
import type { PaymentProvider } from '../../payments/port';

/** Display labels of the payment methods (requirements §8). */
export const paymentMethodLabels: Readonly<Record<PaymentProvider, string>> = {
  'SWEDBANK-PPG': 'Betalingskort',
  VIPPS: 'Vipps',
  AVTALEGIRO: 'AvtaleGiro',
  BANKGIRO: 'Faktura',
  STREX: 'Mobilregning',
};

export interface Subscription {
  readonly subscriptionNo: string;
  readonly ariaAccountNo: string;
  readonly titleCode: string;
  readonly ariaPlanID: string;
  readonly ariaScheduleId: string;
  readonly planName: string;
  readonly product: string;
  readonly planProductType: 'DIGITAL' | 'COMBO';
  readonly period: Period;
  readonly price: number;
  readonly currency: 'NOK';
  readonly instStatusCode: number;
  readonly status: StatusName;
  readonly eligibleForSharing: boolean;
  readonly renewalDate: string | null;
  readonly expiryDate: string | null;
  readonly paymentMethod: {
    readonly provider: PaymentProvider;
    readonly label: string;
    readonly maskedCardNumber: string | null;
    readonly cardExpiry: string | null;
  } | null;
  readonly customerNumber: string;
  readonly features: readonly Feature[];
  readonly subsRetrieveSubscriptionAddInfo: { readonly subscriptionInfo1: string | null };
  readonly pendingChange: {
    readonly ariaPlanID: string;
    readonly planName: string;
    readonly period: Period;
    readonly price: number;
    readonly effectiveDate: string;
    /** Set for a conversion the server scheduled (conversions.ts); null for the reader's own. */
    readonly reason: ConversionReason | null;
  } | null;
  readonly paymentNotice: 'VIPPS_AGREEMENT_STOPPED' | null;
  readonly isPaying: boolean;
  readonly hasSubscription: boolean;
}

export interface SubscriptionRow extends Row {
  subscription_no: string;
  aria_account_no: string;
  title_code: string;
  aria_plan_id: string;
  schedule_id: string;
  plan_name: string;
  product: string;
  product_type: 'DIGITAL' | 'COMBO';
  period: Period;
  price_ore: number;
  features: Feature[];
  status_code: number;
  eligible_for_sharing: boolean;
  renewal_date: string | null;
  expiry_date: string | null;
  payment_provider: PaymentProvider | null;
  masked_card_number: string | null;
  card_expiry: string | null;
  customer_number: string;
  subscription_info1: string | null;
  payment_notice: 'VIPPS_AGREEMENT_STOPPED' | null;
  pending_plan_id: string | null;
  pending_aria_plan_id: string | null;
  pending_plan_name: string | null;
  pending_period: Period | null;
  pending_price_ore: number | null;
  pending_effective_date: string | null;
  pending_reason: ConversionReason | null;
  /** 'family' for a family member's share, 'business-seat' for a seat; absent or null: own. */
  share_kind?: 'family' | 'business-seat' | null;
}

export function toSubscription(row: SubscriptionRow): Subscription {
  const traits = {
    instStatusCode: row.status_code,
    ariaPlanID: row.aria_plan_id,
    planProductType: row.product_type,
    eligibleForSharing: row.eligible_for_sharing,
    subscriptionInfo1: row.subscription_info1,
  };
  // A family member's share is digital only, whatever the owner's plan delivers (no paper, and
  // it cannot be shared on): so no paper screen ever takes it for a paper subscription.
  const familyShare = row.share_kind === 'family';
  return {
    subscriptionNo: row.subscription_no,
    ariaAccountNo: row.aria_account_no,
    titleCode: row.title_code,
    ariaPlanID: row.aria_plan_id,
    ariaScheduleId: row.schedule_id,
    planName: row.plan_name,
    product: row.product,
    planProductType: familyShare ? 'DIGITAL' : row.product_type,
    period: row.period,
    // The member pays nothing: the owner's price is not theirs.
    price: familyShare ? 0 : Number(row.price_ore),
    currency: 'NOK',
    instStatusCode: row.status_code,
    status: statusName(row.status_code),
    eligibleForSharing: row.eligible_for_sharing,
    renewalDate: row.renewal_date,
    expiryDate: row.expiry_date,
    paymentMethod: row.payment_provider
      ? {
          provider: row.payment_provider,
          label: paymentMethodLabels[row.payment_provider],
          maskedCardNumber: row.masked_card_number,
          cardExpiry: row.card_expiry,
        }
      : null,
    customerNumber: row.customer_number,
    features: familyShare ? sharedFeatures(row.features) : row.features,
    subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: row.subscription_info1 },
    pendingChange:
      row.pending_aria_plan_id && row.pending_effective_date
        ? {
            ariaPlanID: row.pending_aria_plan_id,
            planName: row.pending_plan_name!,
            period: row.pending_period!,
            price: Number(row.pending_price_ore),
            effectiveDate: row.pending_effective_date,
            reason: row.pending_reason,
          }
        : null,
    paymentNotice: row.payment_notice,
    isPaying: isPaying(traits),
    hasSubscription: hasAccess(row.status_code),
  };
}

const selectSubscriptions = `
  select s.subscription_no, s.aria_account_no, s.title_code, p.aria_plan_id, p.schedule_id,
         p.plan_name, p.product, p.product_type, p.period, p.price_ore, p.features,
         s.status_code, s.eligible_for_sharing, s.renewal_date, s.expiry_date, s.payment_provider,
         s.masked_card_number, s.card_expiry, s.customer_number, s.subscription_info1,
         s.payment_notice, s.share_kind,
         s.pending_plan_id, pp.aria_plan_id as pending_aria_plan_id,
         pp.plan_name as pending_plan_name, pp.period as pending_period,
         pp.price_ore as pending_price_ore, s.pending_effective_date, s.pending_reason
    from subscriptions s
    join plans p on p.id = s.plan_id
    left join plans pp on pp.id = s.pending_plan_id`;

export async function listSubscriptions(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
): Promise<Subscription[]> {
  const rows = await db.query<SubscriptionRow>(
    `${selectSubscriptions} where s.aria_account_no = $1 and s.title_code = $2
      order by s.created_at desc, s.subscription_no desc`,
    [ariaAccountNo, titleCode],
  );
  return rows.map(toSubscription);
}

export interface AccountSubscription {
  readonly accountExists: boolean;
  readonly subscription: Subscription | null;
}

/**
 * The subscription an account holds to a title: one that gives access if any (newest first),
 * otherwise the newest ended one, so a cancelled subscriber can be offered reactivation. The
 * subquery of at most one row for the account and title given as SQL expressions.
 */
export function currentSubscriptionSql(account: string, titleCode: string, param: Param): string {
  return `${selectSubscriptions}
    where s.aria_account_no = ${account} and s.title_code = ${titleCode}
    order by (s.status_code = any(${param(accessStatusCodes)}::int[])) desc, s.created_at desc,
             s.subscription_no desc
    limit 1`;
}

/**
 * The current subscription of an account to a title (currentSubscriptionSql). One statement
 * answers both whether the account exists and which subscription it has.
 */
export async function currentSubscription(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
): Promise<AccountSubscription> {
  const { values, param } = paramsAfter([ariaAccountNo, titleCode]);
  const rows = await db.query<SubscriptionRow & { account_no: string }>(
    `select a.aria_account_no as account_no, sub.*
       from accounts a
       left join lateral (${currentSubscriptionSql('a.aria_account_no', '$2', param)}) sub on true
      where a.aria_account_no = $1`,
    values,
  );
  const row = rows[0];
  if (!row) return { accountExists: false, subscription: null };
  return { accountExists: true, subscription: row.subscription_no ? toSubscription(row) : null };
}

/** One subscription by its number (null if there is none), optionally only within an account. */
export async function getSubscription(
  db: Queryable,
  subscriptionNo: string,
  ariaAccountNo?: string,
): Promise<Subscription | null> {
  const rows = await db.query<SubscriptionRow>(
    `${selectSubscriptions} where s.subscription_no = $1
        and ($2::text is null or s.aria_account_no = $2)`,
    [subscriptionNo, ariaAccountNo ?? null],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}
