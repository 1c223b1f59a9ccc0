// The youth plan's age rule (under 34) and which plans self-service may switch.
import { describe, expect, it } from '@jest/globals';

import {
  isSelfServicePlan,
  isSelfServiceTarget,
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
