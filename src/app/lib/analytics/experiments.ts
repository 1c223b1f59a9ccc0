// The experiments a page view carries (requirements §3, §9): records of id, name, variant and platform in
// local storage under 'experiments'. They go with a page view only when the analytics consent
// flag is 1, and the stored list is removed on every page view whatever the consent.

export const EXPERIMENTS_KEY = 'experiments';

export interface Experiment {
  readonly id: string;
  readonly name: string;
  readonly variant: string;
  readonly platform: string;
}

const isExperiment = (value: unknown): value is Experiment => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'name', 'variant', 'platform'].every(
    (field) => typeof record[field] === 'string' && (record[field] as string).length <= 200,
  );
};

/** The stored experiments (what is not a valid record is left out). */
export function readExperiments(storage: Pick<Storage, 'getItem'>): Experiment[] {
  try {
    const value = JSON.parse(storage.getItem(EXPERIMENTS_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter(isExperiment).map(({ id, name, variant, platform }) => ({
          id,
          name,
          variant,
          platform,
        }))
      : [];
  } catch {
    return [];
  }
}

/**
 * The experiments for this page view: the stored ones when the analytics consent flag is 1, else
 * none; the stored list is removed either way.
 */
export function takeExperiments(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  analyticsConsentFlag: 0 | 1,
): Experiment[] {
  const experiments = analyticsConsentFlag === 1 ? readExperiments(storage) : [];
  try {
    storage.removeItem(EXPERIMENTS_KEY);
  } catch {
    // Storage may be blocked: nothing was stored then.
  }
  return experiments;
}
