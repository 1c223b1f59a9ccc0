// What the server writes into index.html for the first screen (src/server/handlers/first-screen.ts)
// and the SPA reads before its first render (src/app/session/firstScreen.ts): the answers of the
// operations that screen would otherwise ask for, as the API gives them.

/** The id of the `<script type="application/json">` element that carries them. */
export const FIRST_SCREEN_ELEMENT_ID = 'minside-first-screen';

/**
 * The chunk group with the endpoints of each part that does not come with the entry, which the SPA
 * loads to put that part into its cache (src/app/session/firstScreen.ts names its imports so):
 * preloaded with a page that carries the part.
 */
export const FIRST_SCREEN_CHUNKS = {
  catalogue: 'first-screen-catalogue',
  deliveryChanges: 'first-screen-delivery-changes',
} as const;

/**
 * The screens whose page carries each of those parts (handlers/first-screen.ts): the catalogue on
 * the screens that open on the title's products (ordering, changing the plan) and on customer
 * service, whose answers name its offers; the delivery changes, signed in with a subscription, on
 * the delivery-change screen. `npm run bench:bundle` counts the parts' chunks with those routes.
 */
export const FIRST_SCREEN_PATHS: Readonly<
  Record<keyof typeof FIRST_SCREEN_CHUNKS, readonly string[]>
> = {
  catalogue: ['/bestill-abonnement', '/endre-abonnement', '/kundeservice'],
  deliveryChanges: ['/endre-avislevering'],
};

/** The context of the segment messages a screen shows (the contract's SegmentContext). */
export type FirstScreenSegmentContext = 'home';

/**
 * The shape, with each answer's type given by the side that reads or writes it (the server's
 * contract types, the SPA's generated ones: both come from openapi/minside.yaml).
 */
export interface FirstScreenOf<
  Session,
  Consents,
  Deletion,
  SegmentMessages,
  Invoices,
  Catalogue,
  DeliveryChanges,
> {
  /** GET /api/session. */
  readonly session: Session;
  /** GET /api/privacy/{titleCode}/consents, signed in. */
  readonly consents?: { readonly titleCode: string; readonly answer: Consents };
  /** GET /api/privacy/deletion, signed in. */
  readonly deletion?: Deletion;
  /** POST /api/segment/{id}/message for the screen's context, signed in, on a screen with them. */
  readonly segment?: {
    readonly id: string;
    readonly request: {
      readonly titleCode: string;
      readonly context: FirstScreenSegmentContext;
      readonly language: 'nb' | 'nn';
    };
    readonly answer: SegmentMessages;
  };
  /** GET /api/invoices/{accountNo}/{titleCode}, signed in with an account, on the invoice list. */
  readonly invoices?: {
    readonly accountNo: string;
    readonly titleCode: string;
    readonly answer: Invoices;
  };
  /**
   * GET /api/catalogue/{titleCode}, on the screens whose first view is the title's products and on
   * customer service (whose answers name the offers).
   */
  readonly catalogue?: { readonly titleCode: string; readonly answer: Catalogue };
  /**
   * GET /api/subscription/{subscriptionNo}/delivery-changes, signed in with a subscription, on the
   * delivery-change screen.
   */
  readonly deliveryChanges?: { readonly subscriptionNo: string; readonly answer: DeliveryChanges };
}
