import { describe, expect, it } from '@jest/globals';

import {
  hasAccess,
  isBusinessAdmin,
  isFamilyShare,
  isPaperPlan,
  isPaying,
  isYouthPlan,
  statusName,
  SubscriptionStatus,
} from '../../../src/shared/subscription/status';

const traits = {
  instStatusCode: 1,
  ariaPlanID: 'C-DIGITAL-DIGITAL',
  planProductType: 'DIGITAL',
  eligibleForSharing: true,
  subscriptionInfo1: null,
};

describe('subscription status codes (requirements §4)', () => {
  it('has the eleven codes of the spec, and PAUSED of its own', () => {
    expect(SubscriptionStatus).toEqual({
      INACTIVE: 0,
      ACTIVE: 1,
      SUSPENDED: -1,
      PENDING_CANCELLATION: 2,
      CANCELLED: -2,
      PENDING_TERMINATION: 3,
      TERMINATED: -3,
      PAUSED: 4,
      PENDING_INSTALLATION: 31,
      PENDING_ACTIVATION: 32,
      TRIAL: 41,
      ACTIVE_NON_BILLABLE: 61,
    });
    expect(statusName(-2)).toBe('CANCELLED');
    expect(() => statusName(7)).toThrow('Unknown subscription status code 7');
  });

  it('is paying unless trial, active-non-billable or business', () => {
    expect(isPaying(traits)).toBe(true);
    expect(isPaying({ ...traits, instStatusCode: 41 })).toBe(false);
    expect(isPaying({ ...traits, instStatusCode: 61 })).toBe(false);
    expect(isPaying({ ...traits, subscriptionInfo1: 'employee' })).toBe(false);
    expect(isPaying({ ...traits, instStatusCode: 2 })).toBe(true);
  });

  it('reads plan markers and roles', () => {
    expect(isYouthPlan({ ariaPlanID: 'C-DIGITAL-UNG' })).toBe(true);
    expect(isPaperPlan({ planProductType: 'COMBO' })).toBe(true);
    expect(isFamilyShare({ eligibleForSharing: false })).toBe(true);
    expect(isBusinessAdmin({ subscriptionInfo1: 'company admin' })).toBe(true);
    expect(isBusinessAdmin({ subscriptionInfo1: 'employee' })).toBe(false);
  });

  it('gives access while active, pending cancellation, trial or non-billable', () => {
    expect([1, 2, 3, 41, 61].every(hasAccess)).toBe(true);
    expect([0, -1, -2, -3, 31, 32].some(hasAccess)).toBe(false);
  });
});
