// The route table against requirements §2: every route with exactly its guard.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { routes, smsLinkTarget } from '../../../src/app/routing/routes';
import { accessFor } from '../../../src/app/session/access';
import { PAYMENT_METHOD_FLOW_CHUNK, PURCHASE_FLOW_CHUNK } from '../../../src/app/store/flowModules';

/** requirements §2, table by table. */
const spec: Record<string, string> = {
  '/student': 'none',
  '/student2': 'none',
  '/student-verifisering': 'A',
  '/student-verifisering2': 'A',
  '/student-kvittering': 'A+S',
  '/student-kvittering2': 'A+S',
  '/elev-verifisering': 'A',
  '/bedrift': 'A',
  '/administrer-bedrift': 'A+S',
  '/vilkaar/bedrift': 'none',
  '/vilkaar': 'none',
  '/vilkaar-mer': 'none',
  '/data': 'none',
  '/personvern': 'none',
  '/personverndetaljer': 'none',
  '/cookie-policy': 'none',
  '/personverninnstillinger': 'A not S',
  '/samtykke1': 'A+S',
  '/samtykke2': 'A+S',
  '/samtykke3': 'A+S',
  '/bestill-abonnement': 'A',
  '/winback': 'none',
  '/bestilling-feilet': 'A',
  '/completepurchase': 'none',
  '/completevippspurchase': 'none',
  '/feil-kjop': 'none',
  '/kvittering': 'A+S',
  '/leveringsadresse': 'A+S',
  '/kontakt': 'A+S',
  '/familiedeling': 'A+S',
  '/verifiser-familiemedlem': 'A',
  '/deling-akseptert': 'A+S',
  '/betaling': 'none',
  '/avbryt-bestilling': 'none',
  '/fakturaoversikt': 'A+S',
  '/betal-faktura/:ariaInvoiceNo': 'A+S',
  '/endre-betalingsmetode': 'A+S',
  '/endre-betalingsmetode/verify': 'A+S',
  '/legg-til-betalingskort': 'A+S',
  '/legg-til-betalingskort/verify': 'A+S',
  '/ingen-abonnement': 'A',
  '/allerede-abonnent': 'A+S',
  '/koble-bruker': 'A',
  '/endre-abonnement': 'A+S',
  '/receipt2': 'none',
  '/avslutt-abonnement': 'A+S',
  '/abonnement-avsluttet': 'A+S',
  '/abonnement-reaktivert': 'A+S',
  '/angre-oppsigelse': 'A+S',
  // Not in requirements §2: the right of withdrawal. Login only: the receipt stays reachable
  // after the withdrawal has ended the subscription.
  '/angrerett': 'A',
  // Not in requirements §2: the accessibility statement, linked from the footer.
  '/tilgjengelighet': 'none',
  '/nye-priser': 'none',
  '/': 'A+S',
  '/callback': 'none',
  '/kundeservice': 'none',
  '/tilbakemelding': 'A+S',
  '/endre-avislevering': 'A+S',
  '/endre-profil': 'A+S',
  '/schibstedTakeoutGateway': 'A+S',
  '/schibstedDeleteGateway': 'A+S',
  '/mitt-innhold': 'A+S',
  '/maintenance': 'none',
  '/404': 'none',
};

const guardOf: Record<string, string> = {
  none: 'none',
  auth: 'A',
  'auth+subscription': 'A+S',
  'auth-not-subscription': 'A not S',
};

describe('route table', () => {
  it("names each screen's chunk as its import does (the build lists each route's files by it)", () => {
    const source = readFileSync(path.resolve('src/app/routing/routes.ts'), 'utf8');
    const declared = [
      ...source.matchAll(
        /lazyScreen\(\s*'([^']+)',\s*\(\)\s*=>\s*import\(\s*\/\* webpackChunkName: "([^"]+)" \*\//g,
      ),
    ];
    expect(declared.length).toBe(new Set(routes.filter((r) => r.screen).map((r) => r.chunk)).size);
    for (const [, chunk, webpackChunkName] of declared) expect(chunk).toBe(webpackChunkName);
    for (const r of routes.filter((route) => route.screen)) expect(r.chunk).toMatch(/^route-/);
  });

  it('names the flow a screen starts by the chunk its import names (a first visit preloads it)', () => {
    const source = readFileSync(path.resolve('src/app/store/flowModules.ts'), 'utf8');
    const chunks = [...source.matchAll(/webpackChunkName: "(flow-[^"]+)"/g)].map(
      ([, name]) => name,
    );
    expect(chunks).toEqual([PURCHASE_FLOW_CHUNK, PAYMENT_METHOD_FLOW_CHUNK]);
    const flowOf = (p: string) => routes.find((r) => r.path === p)?.flowChunk;
    expect(flowOf('/bestill-abonnement')).toBe(PURCHASE_FLOW_CHUNK);
    expect(flowOf('/legg-til-betalingskort')).toBe(PAYMENT_METHOD_FLOW_CHUNK);
    expect(flowOf('/')).toBeUndefined();
    // A route names a flow only with a screen (the build lists files for those).
    for (const r of routes.filter((route) => route.flowChunk)) expect(r.screen).toBeDefined();
  });

  it('has every route of requirements §2 with its guard (and /angrerett, /tilgjengelighet), and no other', () => {
    expect(Object.fromEntries(routes.map((r) => [r.path, guardOf[r.guard]]))).toEqual(spec);
  });

  it('registers the screens built so far', () => {
    expect(
      routes
        .filter((r) => r.screen)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/',
        '/404',
        '/callback',
        '/ingen-abonnement',
        '/kundeservice',
        '/maintenance',
        // Cancellation, undo, reactivation and winback
        '/avslutt-abonnement',
        '/abonnement-avsluttet',
        '/angre-oppsigelse',
        '/abonnement-reaktivert',
        '/winback',
        '/allerede-abonnent',
        // Plan change, its receipt and the price list
        '/endre-abonnement',
        '/endre-avislevering',
        '/receipt2',
        '/nye-priser',
        // Purchase: order, payment, confirmation, cancel, receipt and failures
        '/bestill-abonnement',
        '/betaling',
        '/completepurchase',
        '/completevippspurchase',
        '/avbryt-bestilling',
        '/kvittering',
        '/bestilling-feilet',
        '/feil-kjop',
        // Connect a subscription, contact details and delivery address
        '/koble-bruker',
        '/kontakt',
        '/leveringsadresse',
        // Change the payment method to Vipps or a new card, and verify it
        '/endre-betalingsmetode',
        '/endre-betalingsmetode/verify',
        '/legg-til-betalingskort',
        '/legg-til-betalingskort/verify',
        // The invoice overview
        '/fakturaoversikt',
        // Paying one invoice
        '/betal-faktura/:ariaInvoiceNo',
        // The right of withdrawal
        '/angrerett',
        // Delivery complaints
        '/tilbakemelding',
        // The profile
        '/endre-profil',
        // The student offer: its two campaigns, the verifications and the receipts
        '/student',
        '/student2',
        '/student-verifisering',
        '/student-verifisering2',
        '/elev-verifisering',
        '/student-kvittering',
        '/student-kvittering2',
        // Business seats: the admin's page and the employee's verification
        '/administrer-bedrift',
        '/bedrift',
        // Family sharing: the owner's and member's page, the invitation link, and the welcome
        '/familiedeling',
        '/verifiser-familiemedlem',
        '/deling-akseptert',
        // The legal and privacy pages, and the accessibility statement
        '/vilkaar/bedrift',
        '/vilkaar',
        '/vilkaar-mer',
        '/data',
        '/personvern',
        '/personverndetaljer',
        '/cookie-policy',
        '/tilgjengelighet',
        // What the subscription gives, a copy of the reader's data, its deletion
        '/mitt-innhold',
        '/schibstedTakeoutGateway',
        '/schibstedDeleteGateway',
        // Privacy choices: the settings and the three contact permissions
        '/personverninnstillinger',
        '/samtykke1',
        '/samtykke2',
        '/samtykke3',
      ].sort(),
    );
  });

  it('tracks page views for every route but /callback', () => {
    expect(routes.filter((r) => !r.track).map((r) => r.path)).toEqual(['/callback']);
  });

  it('turns /t/{path} into /{path} with source=sms, keeping query and hash', () => {
    expect(smsLinkTarget('fakturaoversikt', '', '')).toBe('/fakturaoversikt?source=sms');
    expect(smsLinkTarget('betal-faktura/123', '?a=1', '#x')).toBe(
      '/betal-faktura/123?a=1&source=sms#x',
    );
  });
});

describe('access (requirements §6)', () => {
  const anonymous = { loggedIn: false, hasSubscription: false };
  const withoutSubscription = { loggedIn: true, hasSubscription: false };
  const subscriber = { loggedIn: true, hasSubscription: true };

  it('anonymous visitors reach unguarded routes only', () => {
    expect(accessFor('none', anonymous)).toBe('allow');
    for (const guard of ['auth', 'auth+subscription', 'auth-not-subscription'] as const) {
      expect(accessFor(guard, anonymous)).toBe('login');
    }
  });

  it('a logged-in user without a subscription is sent to /ingen-abonnement from A+S routes only', () => {
    expect(accessFor('auth', withoutSubscription)).toBe('allow');
    expect(accessFor('auth-not-subscription', withoutSubscription)).toBe('allow');
    expect(accessFor('auth+subscription', withoutSubscription)).toBe('no-subscription');
  });

  it('a subscriber reaches everything', () => {
    for (const guard of ['none', 'auth', 'auth+subscription', 'auth-not-subscription'] as const) {
      expect(accessFor(guard, subscriber)).toBe('allow');
    }
  });
});
