// The age rules of buying (18 or older; the youth plan under 34) and which plans self-service
// may switch.
import { describe, expect, it } from '@jest/globals';

import {
  isBelowPurchaseAge,
  isSelfServicePlan,
  isSelfServiceTarget,
  isTooOldForYouth,
  selfServiceBlock,
  youthAgeRefusal,
} from '../../../src/shared/subscription/eligibility';
import {
  BUSINESS_PLAN_ID,
  COMBO_PLAN_ID,
  DEFAULT_PLAN_ID,
  PREMIUM_PLAN_ID,
  STUDENT_PLAN_ID,
  WEEKEND_COMBO_PLAN_ID,
  YOUTH_PLAN_ID,
} from '../../../src/shared/subscription/plans';

describe('youthAgeRefusal', () => {
  it('allows the youth plan up to the day before the 34th birthday', () => {
    expect(youthAgeRefusal('1992-03-11', '2026-03-10')).toBeNull(); // 33
    expect(youthAgeRefusal('1992-03-10', '2026-03-10')).toBe('YOUTH_AGE_EXCEEDED'); // 34 today
    expect(youthAgeRefusal('1979-09-30', '2026-03-10')).toBe('YOUTH_AGE_EXCEEDED');
  });

  it('needs a birth date', () => {
    expect(youthAgeRefusal(null, '2026-03-10')).toBe('BIRTH_DATE_REQUIRED');
  });
});

describe('isTooOldForYouth', () => {
  it('rules the youth plan out only for a known birth date at or past the limit', () => {
    expect(isTooOldForYouth('1992-03-11', '2026-03-10')).toBe(false);
    expect(isTooOldForYouth('1992-03-10', '2026-03-10')).toBe(true);
    expect(isTooOldForYouth(null, '2026-03-10')).toBe(false);
  });

  it('takes the limit of the catalogue', () => {
    expect(isTooOldForYouth('2000-03-10', '2026-03-10', 26)).toBe(true);
    expect(isTooOldForYouth('2000-03-11', '2026-03-10', 26)).toBe(false);
  });
});

describe('isBelowPurchaseAge', () => {
  it('lets a reader buy from the 18th birthday', () => {
    expect(isBelowPurchaseAge('2008-03-11', '2026-03-10')).toBe(true); // 17
    expect(isBelowPurchaseAge('2008-03-10', '2026-03-10')).toBe(false); // 18 today
    expect(isBelowPurchaseAge('2010-01-01', '2026-03-10', 16)).toBe(false);
  });
});

describe('self-service plan changes', () => {
  const own = {
    ariaPlanID: PREMIUM_PLAN_ID,
    planProductType: 'DIGITAL',
    eligibleForSharing: true,
    subscriptionInfo1: null,
  };

  it('lets the owner of a digital or youth plan switch', () => {
    expect(selfServiceBlock(own)).toBeNull();
    expect(selfServiceBlock({ ...own, ariaPlanID: YOUTH_PLAN_ID })).toBeNull();
  });

  it('sends student, business and family-share subscribers to customer service', () => {
    expect(selfServiceBlock({ ...own, ariaPlanID: STUDENT_PLAN_ID })).toBe('student');
    expect(selfServiceBlock({ ...own, ariaPlanID: BUSINESS_PLAN_ID })).toBe('business');
    expect(selfServiceBlock({ ...own, subscriptionInfo1: 'employee' })).toBe('business');
    expect(selfServiceBlock({ ...own, eligibleForSharing: false })).toBe('family-share');
    expect(
      selfServiceBlock({ ...own, ariaPlanID: COMBO_PLAN_ID, planProductType: 'COMBO' }),
    ).toBeNull();
  });

  it('lets a paper subscription change its billing period only', () => {
    const paper = { ariaPlanID: COMBO_PLAN_ID, planProductType: 'COMBO' };
    expect(isSelfServiceTarget(paper, paper)).toBe(true);
    expect(
      isSelfServiceTarget(paper, { ariaPlanID: WEEKEND_COMBO_PLAN_ID, planProductType: 'COMBO' }),
    ).toBe(false);
    expect(
      isSelfServiceTarget(paper, { ariaPlanID: PREMIUM_PLAN_ID, planProductType: 'DIGITAL' }),
    ).toBe(false);
    expect(isSelfServiceTarget(own, paper)).toBe(false);
    expect(
      isSelfServiceTarget(own, { ariaPlanID: YOUTH_PLAN_ID, planProductType: 'DIGITAL' }),
    ).toBe(true);
  });

  it('offers only the digital plans anyone can buy', () => {
    const plan = (ariaPlanID: string, planProductType = 'DIGITAL') => ({
      ariaPlanID,
      planProductType,
    });
    expect(isSelfServicePlan(plan(DEFAULT_PLAN_ID))).toBe(true);
    expect(isSelfServicePlan(plan(PREMIUM_PLAN_ID))).toBe(true);
    expect(isSelfServicePlan(plan(YOUTH_PLAN_ID))).toBe(true);
    expect(isSelfServicePlan(plan(STUDENT_PLAN_ID))).toBe(false);
    expect(isSelfServicePlan(plan(BUSINESS_PLAN_ID))).toBe(false);
    expect(isSelfServicePlan(plan(COMBO_PLAN_ID, 'COMBO'))).toBe(false);
    expect(isSelfServicePlan(plan(WEEKEND_COMBO_PLAN_ID, 'COMBO'))).toBe(false);
  });
});
