// Product plans of the catalogue (requirements §9): the default digital plan, FVN's premium plan, the
// youth (UNG) plan and the paper combo plans, with their periods and prices in øre.
import type { Feature } from './features';

export const DEFAULT_PLAN_ID = 'C-DIGITAL-DIGITAL';
export const PREMIUM_PLAN_ID = 'C-DIGITAL-PREMIUM';
export const YOUTH_PLAN_ID = 'C-DIGITAL-UNG';
export const STUDENT_PLAN_ID = 'C-DIGITAL-STUDENT';
export const BUSINESS_PLAN_ID = 'C-DIGITAL-BEDRIFT';
export const COMBO_PLAN_ID = 'C-COMBO-PAPIR';
export const WEEKEND_COMBO_PLAN_ID = 'C-COMBO-HELG';
export const CAMPAIGN_CODE = 'CAMP-2020-03-003';
export const SOURCE_LABEL = 'MinSide';

export const periods = ['Årlig', 'Kvartalsvis', 'Månedlig', 'Månedlig Premium'] as const;
export type Period = (typeof periods)[number];

/** Months one period of payment covers. */
export const periodMonths: Readonly<Record<Period, number>> = {
  Årlig: 12,
  Kvartalsvis: 3,
  Månedlig: 1,
  'Månedlig Premium': 1,
};

export const scheduleIds: Readonly<Record<Period, string>> = {
  Årlig: 'AAR',
  Kvartalsvis: 'KVT',
  Månedlig: 'MND',
  'Månedlig Premium': 'MND-PREMIUM',
};

/** The digital plan a title sells by default: FVN sells premium (requirements §9). */
export function defaultPlanId(titleCode: string): string {
  return titleCode.toUpperCase() === 'FVN' ? PREMIUM_PLAN_ID : DEFAULT_PLAN_ID;
}

export interface PlanDefinition {
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly product: string;
  readonly productType: 'DIGITAL' | 'COMBO';
  readonly youth: boolean;
  readonly features: readonly Feature[];
  /** What a period includes besides `features` (the premium period's e-paper and partner content). */
  readonly periodFeatures?: Readonly<Partial<Record<Period, readonly Feature[]>>>;
  readonly prices: Readonly<Partial<Record<Period, number>>>;
  /**
   * How many people besides the owner a plan with `family-share` may share it with (the spec
   * leaves the number open; it is not shown until the owner's own page counts the seats).
   */
  readonly familyMembers?: number;
}

/** The usual family size of a plan that includes family sharing: 4 besides the owner. */
export const FAMILY_MEMBERS_DEFAULT = 4;

/**
 * The most members besides the owner a plan of a title may be shared with; null when the plan
 * does not include family sharing.
 */
export function familyMembersLimit(titleCode: string, ariaPlanID: string): number | null {
  const plan = planDefinitions(titleCode).find((p) => p.ariaPlanID === ariaPlanID);
  if (!plan || !plan.features.includes('family-share')) return null;
  return plan.familyMembers ?? FAMILY_MEMBERS_DEFAULT;
}

/** What a plan includes over one of its periods: its features and the period's own. */
export function featuresOf(plan: PlanDefinition, period: Period): readonly Feature[] {
  return [...plan.features, ...(plan.periodFeatures?.[period] ?? [])];
}

const digitalPrices = { Månedlig: 27900, Kvartalsvis: 79900, Årlig: 299000 };

/** The plans every title sells; `defaultPlanId` decides which digital plan is the default one. */
export function planDefinitions(titleCode: string): readonly PlanDefinition[] {
  const digitalId = defaultPlanId(titleCode);
  return [
    {
      ariaPlanID: digitalId,
      planName: digitalId === PREMIUM_PLAN_ID ? 'Premium digital' : 'Digital',
      product: 'Digitalt abonnement',
      productType: 'DIGITAL',
      youth: false,
      features: ['content', 'family-share'],
      // The premium month costs more because it includes more: the e-paper and the partner
      // titles' content (what /endre-abonnement tells the reader an upgrade to it gives).
      periodFeatures: { 'Månedlig Premium': ['e-paper', 'partner-content'] },
      prices: { ...digitalPrices, 'Månedlig Premium': 37900 },
      familyMembers: FAMILY_MEMBERS_DEFAULT,
    },
    {
      ariaPlanID: YOUTH_PLAN_ID,
      planName: 'UNG digital',
      product: 'Digitalt abonnement for unge under 34',
      productType: 'DIGITAL',
      youth: true,
      features: ['content'],
      prices: { Månedlig: 9900, Årlig: 99000 },
    },
    {
      ariaPlanID: STUDENT_PLAN_ID,
      planName: 'Student digital',
      product: 'Digitalt studentabonnement',
      productType: 'DIGITAL',
      youth: false,
      features: ['content'],
      // The two student campaigns (src/shared/student/campaigns.ts): monthly and yearly.
      prices: { Månedlig: 4900, Årlig: 49000 },
    },
    {
      ariaPlanID: BUSINESS_PLAN_ID,
      planName: 'Bedrift digital',
      product: 'Digitalt bedriftsabonnement',
      productType: 'DIGITAL',
      youth: false,
      features: ['content', 'e-paper'],
      prices: { Årlig: 1990000 },
    },
    {
      ariaPlanID: COMBO_PLAN_ID,
      planName: 'Papir + digital',
      product: 'Papiravis alle dager og digitalt',
      productType: 'COMBO',
      youth: false,
      features: ['content', 'e-paper', 'paper', 'family-share', 'partner-content'],
      prices: { Månedlig: 59900, Kvartalsvis: 174900, Årlig: 649000 },
      familyMembers: FAMILY_MEMBERS_DEFAULT,
    },
    {
      ariaPlanID: WEEKEND_COMBO_PLAN_ID,
      planName: 'Helg + digital',
      product: 'Papiravis i helgen og digitalt',
      productType: 'COMBO',
      youth: false,
      features: ['content', 'e-paper', 'paper', 'family-share'],
      prices: { Månedlig: 39900, Årlig: 429000 },
      familyMembers: FAMILY_MEMBERS_DEFAULT,
    },
  ];
}
