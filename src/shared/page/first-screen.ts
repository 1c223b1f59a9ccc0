// What the server writes into index.html for the first screen (src/server/handlers/first-screen.ts)
// and the SPA reads before its first render (src/app/session/firstScreen.ts): the answers of the
// operations that screen would otherwise ask for, as the API gives them.

/** The id of the `<script type="application/json">` element that carries them. */
export const FIRST_SCREEN_ELEMENT_ID = 'minside-first-screen';

/**
 * The chunk group with the catalogue's endpoints, which the SPA loads to put a page's catalogue
 * into its cache (src/app/session/firstScreen.ts names its import so): preloaded with such a page.
 */
export const CATALOGUE_CHUNK = 'first-screen-catalogue';

/** The context of the segment messages a screen shows (the contract's SegmentContext). */
export type FirstScreenSegmentContext = 'home';

/**
 * The shape, with each answer's type given by the side that reads or writes it (the server's
 * contract types, the SPA's generated ones: both come from openapi/minside.yaml).
 */
export interface FirstScreenOf<Session, Consents, Deletion, SegmentMessages, Invoices, Catalogue> {
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
  /** GET /api/catalogue/{titleCode}, on the screens whose first view is the title's products. */
  readonly catalogue?: { readonly titleCode: string; readonly answer: Catalogue };
}
