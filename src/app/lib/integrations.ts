// The production adapters the server names for this page (config.ts `integrations`, rendered as
// <script id="minside-integrations" type="application/json"> by plugins/spa.ts): a consent
// manager and an analytics SDK. Absent or unreadable: the embedded defaults (the first-party
// consent dialog and the first-party collector).
export interface CmpIntegration {
  readonly scriptUrl: string;
  readonly accountId: number;
  readonly propertyId: number;
  readonly privacyManagerId: number;
}

export interface Integrations {
  readonly cmp: CmpIntegration | null;
  readonly analytics: { readonly sdkUrl: string } | null;
  /** The identity provider's privacy portal (copy and deletion there); null: Min Side's own. */
  readonly privacyPortal: string | null;
}

export const EMBEDDED: Integrations = { cmp: null, analytics: null, privacyPortal: null };

const isHttps = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('https://');

export function readIntegrations(doc: Pick<Document, 'getElementById'> = document): Integrations {
  const text = doc.getElementById('minside-integrations')?.textContent;
  if (!text) return EMBEDDED;
  try {
    const raw = JSON.parse(text) as {
      cmp?: Partial<CmpIntegration> | null;
      analytics?: { sdkUrl?: unknown } | null;
      privacyPortal?: unknown;
    };
    const cmp = raw.cmp;
    return {
      cmp:
        cmp &&
        isHttps(cmp.scriptUrl) &&
        typeof cmp.accountId === 'number' &&
        typeof cmp.propertyId === 'number' &&
        typeof cmp.privacyManagerId === 'number'
          ? (cmp as CmpIntegration)
          : null,
      analytics:
        raw.analytics && isHttps(raw.analytics.sdkUrl) ? { sdkUrl: raw.analytics.sdkUrl } : null,
      privacyPortal: isHttps(raw.privacyPortal) ? raw.privacyPortal : null,
    };
  } catch {
    return EMBEDDED;
  }
}
