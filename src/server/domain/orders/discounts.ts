// Discount codes: looked up case-insensitively, applicable when active, not past their last day,
// and meant for the title and plan. An unknown code is not found; a known one that does not
// apply is a conflict with the reason in the code, so the reader is told why.
// Owns `discount_codes`.
import { CAMPAIGN_CODE } from '../../../shared/subscription/plans';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { enforceLimit } from '../rate-limits';

export interface Discount {
  readonly discountCode: string;
  readonly campaignId: string;
  readonly description: string;
  readonly amountOff: number | null;
  readonly percentOff: number | null;
  readonly periods: number;
  readonly validUntil: string | null;
}

interface DiscountRow {
  code: string;
  title_code: string | null;
  campaign_id: string;
  description: string;
  amount_off: number | string | null;
  percent_off: number | null;
  periods: number;
  valid_until: string | null;
  aria_plan_ids: string[] | null;
  active: boolean;
  [column: string]: unknown;
}

/** The demo campaign codes (requirements §9 campaign CAMP-2020-03-003); seeded with the catalogue. */
export const seededDiscountCodes = [
  {
    code: 'HALVPRIS',
    titleCode: null,
    campaignId: CAMPAIGN_CODE,
    description: 'Halv pris de tre første månedene',
    amountOff: null,
    percentOff: 50,
    periods: 3,
    validUntil: null,
    planIds: ['C-DIGITAL-DIGITAL', 'C-DIGITAL-PREMIUM'],
  },
  {
    code: 'VELKOMMEN100',
    titleCode: null,
    campaignId: CAMPAIGN_CODE,
    description: '100 kroner i rabatt på første periode',
    amountOff: 10000,
    percentOff: null,
    periods: 1,
    validUntil: null,
    planIds: null,
  },
  {
    code: 'VAR2025',
    titleCode: null,
    campaignId: CAMPAIGN_CODE,
    description: 'Vårkampanje 2025',
    amountOff: null,
    percentOff: 30,
    periods: 1,
    validUntil: '2025-06-30',
    planIds: null,
  },
  {
    code: 'FVNPAPIR',
    titleCode: 'FVN',
    campaignId: CAMPAIGN_CODE,
    description: '25 % rabatt på første periode med papiravisen',
    amountOff: null,
    percentOff: 25,
    periods: 1,
    validUntil: null,
    planIds: ['C-COMBO-PAPIR', 'C-COMBO-HELG'],
  },
] as const;

export async function seedDiscountCodes(db: Queryable): Promise<void> {
  for (const d of seededDiscountCodes) {
    await db.query(
      `insert into discount_codes (code, title_code, campaign_id, description, amount_off,
         percent_off, periods, valid_until, aria_plan_ids)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (code) do nothing`,
      [
        d.code,
        d.titleCode,
        d.campaignId,
        d.description,
        d.amountOff,
        d.percentOff,
        d.periods,
        d.validUntil,
        d.planIds ? [...d.planIds] : null,
      ],
    );
  }
}

function toDiscount(row: DiscountRow): Discount {
  return {
    discountCode: row.code,
    campaignId: row.campaign_id,
    description: row.description,
    amountOff: row.amount_off === null ? null : Number(row.amount_off),
    percentOff: row.percent_off,
    periods: row.periods,
    validUntil: row.valid_until,
  };
}

async function findCode(db: Queryable, code: string, titleCode: string): Promise<DiscountRow> {
  const [row] = await db.query<DiscountRow>(
    `select code, title_code, campaign_id, description, amount_off, percent_off, periods,
            valid_until::text as valid_until, aria_plan_ids, active
       from discount_codes where upper(code) = upper($1)`,
    [code],
  );
  // A code of another title is as unknown here as one that does not exist.
  if (!row || (row.title_code !== null && row.title_code !== titleCode))
    throw new DomainError(
      'not-found',
      'DISCOUNT_NOT_FOUND',
      `No discount code ${code}`,
      'discountCode',
    );
  return row;
}

/** The details of a code on a title, whether or not it applies today (getDiscountDetails). */
export async function discountDetails(
  db: Queryable,
  code: string,
  titleCode: string,
): Promise<Discount> {
  return toDiscount(await findCode(db, code, titleCode));
}

/** A code that applies to this plan of the title today (addDiscount and every price). */
export async function applicableDiscount(
  db: Queryable,
  code: string,
  titleCode: string,
  ariaPlanID: string,
  today: string,
): Promise<Discount> {
  const row = await findCode(db, code, titleCode);
  const refuse = (reason: string, message: string) =>
    new DomainError('conflict', reason, message, 'discountCode');
  if (!row.active) throw refuse('DISCOUNT_INACTIVE', `The code ${row.code} is no longer in use`);
  if (row.valid_until !== null && row.valid_until < today)
    throw refuse('DISCOUNT_EXPIRED', `The code ${row.code} expired on ${row.valid_until}`);
  if (row.aria_plan_ids && !row.aria_plan_ids.includes(ariaPlanID))
    throw refuse('DISCOUNT_NOT_FOR_PLAN', `The code ${row.code} does not apply to ${ariaPlanID}`);
  return toDiscount(row);
}

/** Guessing discount codes is limited per user: 10 tries per 10 minutes. */
export const DISCOUNT_TRIES = { limit: 10, windowSeconds: 600 } as const;

/** Counts one try of a discount code by this user; 429 (RateLimitedError) past the limit. */
export async function limitDiscountTries(db: Queryable, spidId: string, now: Date): Promise<void> {
  await enforceLimit(db, `discount:${spidId}`, DISCOUNT_TRIES, now);
}
