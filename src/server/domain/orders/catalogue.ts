// What a title sells to readers: the active plans of the catalogue grouped by plan, without the
// plans that are only given through their own flows (student verification, business admin).
import { findPublication } from '../../../shared/publications/registry';
import type { Feature } from '../../../shared/subscription/features';
import {
  BUSINESS_PLAN_ID,
  defaultPlanId,
  periodMonths,
  STUDENT_PLAN_ID,
  type Period,
} from '../../../shared/subscription/plans';
import { PURCHASE_MINIMUM_AGE, YOUTH_AGE_LIMIT } from '../../../shared/subscription/status';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';

/** Plans a reader cannot order here: they come with a verified student or business status. */
export const notSoldInShop: ReadonlySet<string> = new Set([STUDENT_PLAN_ID, BUSINESS_PLAN_ID]);

/** The first-month offer of requirements §9: the default digital plan, monthly, for 1 kr. */
export const FIRST_MONTH_PRICE_ORE = 100;
export const firstMonthPeriod: Period = 'Månedlig';

export interface CatalogueProduct {
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly product: string;
  readonly planProductType: 'DIGITAL' | 'COMBO';
  readonly youth: boolean;
  readonly requiresDeliveryAddress: boolean;
  /** What the product includes whatever the period. */
  readonly features: readonly Feature[];
  readonly options: readonly CatalogueOption[];
}

export interface CatalogueOption {
  readonly period: Period;
  readonly ariaScheduleId: string;
  readonly price: number;
  /** What this period includes (a premium period more than the product's `features`). */
  readonly features: readonly Feature[];
}

export interface Catalogue {
  readonly titleCode: string;
  readonly currency: 'NOK';
  readonly minimumAge: number;
  readonly youthMaximumAge: number;
  readonly firstMonthOffer: { ariaPlanID: string; period: Period; price: number } | null;
  readonly products: readonly CatalogueProduct[];
  /** The student plan (its periods are the two student campaigns); null: the title has none. */
  readonly studentPlan: CatalogueProduct | null;
}

interface PlanRow {
  aria_plan_id: string;
  schedule_id: string;
  plan_name: string;
  product: string;
  product_type: 'DIGITAL' | 'COMBO';
  period: Period;
  price_ore: number | string;
  features: Feature[];
  youth: boolean;
  [column: string]: unknown;
}

export async function getCatalogue(db: Queryable, titleCode: string): Promise<Catalogue> {
  const code = titleCode;
  if (!findPublication(code))
    throw new DomainError('not-found', 'TITLE_NOT_FOUND', `No publication ${code}`);
  const rows = await db.query<PlanRow>(
    `select aria_plan_id, schedule_id, plan_name, product, product_type, period, price_ore,
            features, youth
       from plans where title_code = $1 and active and aria_plan_id <> $2
      order by id`,
    [code, BUSINESS_PLAN_ID],
  );
  const byPlan = new Map<string, CatalogueProduct & { options: CatalogueOption[] }>();
  for (const row of rows) {
    let product = byPlan.get(row.aria_plan_id);
    if (!product) {
      product = {
        ariaPlanID: row.aria_plan_id,
        planName: row.plan_name,
        product: row.product,
        planProductType: row.product_type,
        youth: row.youth,
        requiresDeliveryAddress: row.product_type === 'COMBO',
        features: row.features,
        options: [],
      };
      byPlan.set(row.aria_plan_id, product);
    }
    product.options.push({
      period: row.period,
      ariaScheduleId: row.schedule_id,
      price: Number(row.price_ore),
      features: row.features,
    });
  }
  const all = [...byPlan.values()].map((p) => ({
    ...p,
    // The product's own: what every one of its periods includes.
    features: p.features.filter((f) => p.options.every((o) => o.features.includes(f))),
    // Shortest period first: the order page lists monthly before yearly.
    options: [...p.options].sort((a, b) => periodMonths[a.period] - periodMonths[b.period]),
  }));
  // The student plan apart: sold only after a student verification (domain/student).
  const products = all.filter((p) => !notSoldInShop.has(p.ariaPlanID));
  const studentPlan = all.find((p) => p.ariaPlanID === STUDENT_PLAN_ID) ?? null;
  const defaultPlan = products.find((p) => p.ariaPlanID === defaultPlanId(code));
  const offerable = defaultPlan?.options.some((o) => o.period === firstMonthPeriod);
  return {
    titleCode: code,
    currency: 'NOK',
    minimumAge: PURCHASE_MINIMUM_AGE,
    youthMaximumAge: YOUTH_AGE_LIMIT,
    firstMonthOffer:
      defaultPlan && offerable
        ? {
            ariaPlanID: defaultPlan.ariaPlanID,
            period: firstMonthPeriod,
            price: FIRST_MONTH_PRICE_ORE,
          }
        : null,
    products,
    studentPlan,
  };
}
