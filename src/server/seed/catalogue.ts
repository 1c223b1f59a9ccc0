// Seeds the product catalogue (plans and prices per title) and the delivery complaint codes.
// Owns `plans` and `complaint_codes` (written only here, at start).
import { publications } from '../../shared/publications/registry';
import {
  featuresOf,
  planDefinitions,
  scheduleIds,
  type Period,
} from '../../shared/subscription/plans';
import type { Queryable } from '../db/db';
import { seedDiscountCodes } from '../domain/orders/discounts';

export const complaintCodes = [
  { code: 'UTEBLITT', description: 'Avisen kom ikke', category: 'delivery' },
  { code: 'SEN', description: 'Avisen kom for sent', category: 'delivery' },
  { code: 'FEILSTED', description: 'Avisen ble levert på feil sted', category: 'delivery' },
  { code: 'SKADET', description: 'Avisen var våt eller skadet', category: 'quality' },
  { code: 'FEILAVIS', description: 'Jeg fikk feil avis', category: 'quality' },
  { code: 'BILAG', description: 'Bilag eller magasin manglet', category: 'quality' },
] as const;

export async function seedCatalogue(db: Queryable): Promise<void> {
  const rows = publications.flatMap((publication) =>
    planDefinitions(publication.titleCode).flatMap((plan) =>
      (Object.entries(plan.prices) as [Period, number][]).map(([period, price]) => ({
        publication,
        plan,
        period,
        price,
      })),
    ),
  );
  // One statement for the whole catalogue: features travel as a JSON array per row. What a plan
  // includes is kept in step with these definitions (a catalogue seeded before a period got its
  // own features gets them); prices and names of existing rows are left alone.
  await db.query(
    `insert into plans (title_code, aria_plan_id, schedule_id, plan_name, product, product_type,
       period, price_ore, features, youth)
     select t.title_code, t.aria_plan_id, t.schedule_id, t.plan_name, t.product, t.product_type,
            t.period, t.price_ore,
            array(select jsonb_array_elements_text(t.features::jsonb)), t.youth
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                   $7::text[], $8::bigint[], $9::text[], $10::boolean[])
         as t(title_code, aria_plan_id, schedule_id, plan_name, product, product_type, period,
              price_ore, features, youth)
     on conflict (title_code, aria_plan_id, period) do update set features = excluded.features
       where plans.features is distinct from excluded.features`,
    [
      rows.map((r) => r.publication.titleCode),
      rows.map((r) => r.plan.ariaPlanID),
      rows.map((r) => scheduleIds[r.period]),
      rows.map((r) => r.plan.planName),
      rows.map((r) => r.plan.product),
      rows.map((r) => r.plan.productType),
      rows.map((r) => r.period),
      rows.map((r) => r.price),
      rows.map((r) => JSON.stringify(featuresOf(r.plan, r.period))),
      rows.map((r) => r.plan.youth),
    ],
  );
  await seedDiscountCodes(db);
  for (const [index, c] of complaintCodes.entries()) {
    await db.query(
      `insert into complaint_codes (code, description, category, sort_order)
       values ($1, $2, $3, $4) on conflict (code) do nothing`,
      [c.code, c.description, c.category, index + 1],
    );
  }
}
