// What a subscription gives access to (requirements §3 "features").
export const features = ['content', 'e-paper', 'paper', 'family-share', 'partner-content'] as const;
export type Feature = (typeof features)[number];

/**
 * What a target plan includes that the current one does not (an upgrade's gain), in the order of
 * `features`; empty when it gives nothing more.
 */
export function addedFeatures(current: readonly Feature[], target: readonly Feature[]): Feature[] {
  return features.filter((feature) => target.includes(feature) && !current.includes(feature));
}

/**
 * What a family member's share of a plan gives: the plan's digital features (never the paper,
 * and a share cannot be shared on), in the order of `features`.
 */
export function sharedFeatures(planFeatures: readonly Feature[]): Feature[] {
  return features.filter(
    (feature) =>
      planFeatures.includes(feature) && feature !== 'paper' && feature !== 'family-share',
  );
}
