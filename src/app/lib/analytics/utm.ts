// The campaign of a visit from its UTM parameters (requirements §9): utm_source, utm_medium,
// utm_campaign, utm_term and utm_content as source, medium, campaign, terms and content; only
// those present, each at most 200 characters.

export interface Utm {
  readonly source?: string;
  readonly medium?: string;
  readonly campaign?: string;
  readonly terms?: string;
  readonly content?: string;
}

const FIELDS = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_campaign', 'campaign'],
  ['utm_term', 'terms'],
  ['utm_content', 'content'],
] as const;

export function utmOf(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const [param, field] of FIELDS) {
    const value = params.get(param)?.trim();
    if (value) utm[field] = value.slice(0, 200);
  }
  return utm;
}
