// What /endre-abonnement offers: every product and period of the title's catalogue the reader may
// switch to in self-service, each classified against the current plan by the shared rule
// (src/shared/subscription/proration.ts). The server applies the same rules when it is asked.
import {
  isSelfServiceTarget,
  selfServiceBlock,
  youthAgeRefusal,
  type SelfServiceBlock,
} from '../../../shared/subscription/eligibility';
import { addedFeatures, type Feature } from '../../../shared/subscription/features';
import { classifyPlanChange, type PlanChangeKind } from '../../../shared/subscription/proration';
import { isYouthPlan, SubscriptionStatus } from '../../../shared/subscription/status';
import type { Catalogue, Period } from '../../api/order';
import type { Subscription } from '../../api/subscription';
import { traitsOf } from '../../lib/format/subscription';

export interface PlanChoice {
  /** `<ariaPlanID>|<period>`: the radio value. */
  readonly key: string;
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly product: string;
  readonly period: Period;
  /** Ordinary price per period, øre. */
  readonly price: number;
  /** Upgrade: now, paid through an order. Downgrade or period change: at the renewal date. */
  readonly kind: Exclude<PlanChangeKind, 'same'>;
  /** What the plan and period include that the current subscription does not (catalogue). */
  readonly addedFeatures: readonly Feature[];
}

export const choiceKey = (ariaPlanID: string, period: Period) => `${ariaPlanID}|${period}`;

/**
 * The choices in catalogue order, without the current plan and period: for a digital
 * subscription the digital plans anyone may buy (no paper, student or business plan), for a
 * paper subscription the other periods of its own product (see isSelfServiceTarget); the youth
 * plan only while the reader is under 34. The server checks the same shared rules.
 */
export function planChoices(
  catalogue: Catalogue,
  subscription: Subscription,
  birthDate: string | null,
  today: string,
): PlanChoice[] {
  const current = {
    ariaPlanID: subscription.ariaPlanID,
    period: subscription.period,
    priceOre: subscription.price,
  };
  const youthAllowed = youthAgeRefusal(birthDate, today) === null;
  return catalogue.products
    .filter((product) => isSelfServiceTarget(subscription, product))
    .filter((product) => youthAllowed || !(product.youth || isYouthPlan(product)))
    .flatMap((product) =>
      product.options.flatMap((option): PlanChoice[] => {
        const kind = classifyPlanChange(current, {
          ariaPlanID: product.ariaPlanID,
          period: option.period,
          priceOre: option.price,
        });
        if (kind === 'same') return [];
        return [
          {
            key: choiceKey(product.ariaPlanID, option.period),
            ariaPlanID: product.ariaPlanID,
            planName: product.planName,
            product: product.product,
            period: option.period,
            price: option.price,
            kind,
            addedFeatures: addedFeatures(subscription.features, option.features),
          },
        ];
      }),
    );
}

/** Why this subscription cannot be changed here; null when it can. */
export type ChangeBlock = SelfServiceBlock | 'cancelled' | 'not-active' | 'conversion';

export function changeBlock(subscription: Subscription): ChangeBlock | null {
  // The reader stops qualifying for the plan: what it becomes is chosen on the home page.
  if (subscription.pendingChange?.reason) return 'conversion';
  const block = selfServiceBlock(traitsOf(subscription));
  if (block) return block;
  const status = subscription.instStatusCode;
  // A cancellation in progress is undone first (/angre-oppsigelse); the engine refuses changes.
  if (status === SubscriptionStatus.PENDING_CANCELLATION) return 'cancelled';
  if (
    (status !== SubscriptionStatus.ACTIVE && status !== SubscriptionStatus.TRIAL) ||
    !subscription.renewalDate
  )
    return 'not-active';
  return null;
}
