// What a subscription gives access to (spec §3 "features").
export const features = ['content', 'e-paper', 'paper', 'family-share', 'partner-content'] as const;
export type Feature = (typeof features)[number];
