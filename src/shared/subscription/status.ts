// Subscription status codes of the billing system (requirements §4) and the rules read from them.

export const SubscriptionStatus = {
  INACTIVE: 0,
  ACTIVE: 1,
  SUSPENDED: -1,
  PENDING_CANCELLATION: 2,
  CANCELLED: -2,
  PENDING_TERMINATION: 3,
  TERMINATED: -3,
  /**
   * Paused by the reader for 1–3 months instead of leaving (domain/subscriptions/pauses.ts): this
   * product's own code beside the billing system's. No access, nothing renews or is charged; it
   * resumes (ACTIVE) by itself after the pause, or when the reader ends the pause early.
   */
  PAUSED: 4,
  PENDING_INSTALLATION: 31,
  PENDING_ACTIVATION: 32,
  TRIAL: 41,
  ACTIVE_NON_BILLABLE: 61,
} as const;

export type StatusName = keyof typeof SubscriptionStatus;
export type StatusCode = (typeof SubscriptionStatus)[StatusName];

const namesByCode = new Map<number, StatusName>(
  Object.entries(SubscriptionStatus).map(([name, code]) => [code, name as StatusName]),
);

export const statusCodes: readonly StatusCode[] = Object.values(SubscriptionStatus);

export function isStatusCode(code: number): code is StatusCode {
  return namesByCode.has(code);
}

export function statusName(code: number): StatusName {
  const name = namesByCode.get(code);
  if (!name) throw new RangeError(`Unknown subscription status code ${code}`);
  return name;
}

/** The youth plan is recognised by the UNG marker in its plan id (requirements §9). */
export const YOUTH_PLAN_MARKER = 'UNG';
export const YOUTH_AGE_LIMIT = 34;
export const PURCHASE_MINIMUM_AGE = 18;

export interface SubscriptionTraits {
  readonly instStatusCode: number;
  readonly ariaPlanID: string;
  readonly planProductType: string;
  readonly eligibleForSharing: boolean;
  readonly subscriptionInfo1: string | null;
}

export const isYouthPlan = (s: Pick<SubscriptionTraits, 'ariaPlanID'>) =>
  s.ariaPlanID.includes(YOUTH_PLAN_MARKER);
export const isPaperPlan = (s: Pick<SubscriptionTraits, 'planProductType'>) =>
  s.planProductType === 'COMBO';
/** `eligibleForSharing: false` marks a family-shared subscription (requirements §3). */
export const isFamilyShare = (s: Pick<SubscriptionTraits, 'eligibleForSharing'>) =>
  !s.eligibleForSharing;
export const hasBusinessInfo = (s: Pick<SubscriptionTraits, 'subscriptionInfo1'>) =>
  !!s.subscriptionInfo1 && /admin|employee/i.test(s.subscriptionInfo1);
export const isBusinessAdmin = (s: Pick<SubscriptionTraits, 'subscriptionInfo1'>) =>
  !!s.subscriptionInfo1 && /admin/i.test(s.subscriptionInfo1);

/** "Paying" unless trial, active-non-billable or business info (requirements §4). */
export function isPaying(s: SubscriptionTraits): boolean {
  return (
    s.instStatusCode !== SubscriptionStatus.TRIAL &&
    s.instStatusCode !== SubscriptionStatus.ACTIVE_NON_BILLABLE &&
    !hasBusinessInfo(s)
  );
}

/** Statuses in which the subscriber has access to the product. */
export const accessStatusCodes: readonly StatusCode[] = [
  SubscriptionStatus.ACTIVE,
  SubscriptionStatus.PENDING_CANCELLATION,
  SubscriptionStatus.PENDING_TERMINATION,
  SubscriptionStatus.TRIAL,
  SubscriptionStatus.ACTIVE_NON_BILLABLE,
];
const accessStatuses = new Set<number>(accessStatusCodes);

export function hasAccess(instStatusCode: number): boolean {
  return accessStatuses.has(instStatusCode);
}

/**
 * Whether the reader still holds the subscription: it gives access, or it is SUSPENDED for an
 * unpaid invoice and comes back when that is paid (dunning), or PAUSED and comes back after the
 * pause — so the title is not bought again.
 */
export function holdsSubscription(instStatusCode: number): boolean {
  return (
    hasAccess(instStatusCode) ||
    instStatusCode === SubscriptionStatus.SUSPENDED ||
    instStatusCode === SubscriptionStatus.PAUSED
  );
}
