// Every route of requirements §2 as data: path, guard and, once its screen is built, the lazy screen.
// A route without a screen is known (and tested against the spec) but not registered: it
// answers /404 like any unknown path until its issue builds it.
import type { ComponentType } from 'react';

import type { Guard } from '../session/access';
import {
  loadPaymentMethodFlow,
  loadPurchaseFlow,
  PAYMENT_METHOD_FLOW_CHUNK,
  PURCHASE_FLOW_CHUNK,
} from '../store/flowModules';

export type ScreenModule = { default: ComponentType };

/** A screen's lazy module and the name of its chunk (the same as in its webpackChunkName). */
interface LazyScreen {
  readonly chunk: string;
  readonly load: () => Promise<ScreenModule>;
  /** The chunk of the flow the screen starts, fetched with it (store/flowModules.ts). */
  readonly flowChunk?: string;
}

/** A flow's saga module and its chunk's name. */
interface LazyFlow {
  readonly chunk: string;
  readonly load: () => Promise<unknown>;
}

const purchaseFlow: LazyFlow = { chunk: PURCHASE_FLOW_CHUNK, load: loadPurchaseFlow };
const paymentMethodFlow: LazyFlow = {
  chunk: PAYMENT_METHOD_FLOW_CHUNK,
  load: loadPaymentMethodFlow,
};

/**
 * `flow`: the saga module of the flow the screen starts (store/flowModules.ts), fetched alongside
 * the screen so the reader's first click does not wait for it; the screen does not wait for it
 * either (the store loads it again, with retries, when the flow starts).
 */
const lazyScreen = (chunk: string, load: LazyScreen['load'], flow?: LazyFlow): LazyScreen => ({
  chunk,
  load: flow
    ? () => {
        flow.load().catch(() => undefined);
        return load();
      }
    : load,
  ...(flow ? { flowChunk: flow.chunk } : {}),
});

export interface RouteDefinition {
  readonly path: string;
  readonly guard: Guard;
  /** Loads the screen's chunk; absent while the screen is not built. */
  readonly screen?: () => Promise<ScreenModule>;
  /**
   * The screen's chunk group, e.g. `route-home`: the build lists its files per route
   * (chunk-manifest.json), and the server preloads them with a first visit's page.
   */
  readonly chunk?: string;
  /** The chunk group of the flow the screen starts (`flow-order`): preloaded with its files. */
  readonly flowChunk?: string;
  /** The catalogue namespaces the screen reads, requested alongside its chunk. */
  readonly namespaces?: readonly string[];
  /** Page views are sent for every route but the login callback (requirements §4). */
  readonly track: boolean;
}

const route = (
  path: string,
  guard: Guard,
  screen?: LazyScreen,
  namespaces?: RouteDefinition['namespaces'],
): RouteDefinition => ({
  path,
  guard,
  track: path !== '/callback',
  ...(screen ? { screen: screen.load, chunk: screen.chunk, namespaces } : {}),
  ...(screen?.flowChunk ? { flowChunk: screen.flowChunk } : {}),
});

const home = lazyScreen(
  'route-home',
  () => import(/* webpackChunkName: "route-home" */ '../features/home/HomeScreen'),
);
const noSubscription = lazyScreen(
  'route-ingen-abonnement',
  () =>
    import(
      /* webpackChunkName: "route-ingen-abonnement" */ '../features/no-subscription/NoSubscriptionScreen'
    ),
);
const customerService = lazyScreen(
  'route-kundeservice',
  () =>
    import(
      /* webpackChunkName: "route-kundeservice" */ '../features/customer-service/CustomerServiceScreen'
    ),
);
const maintenance = lazyScreen(
  'route-maintenance',
  () =>
    import(/* webpackChunkName: "route-maintenance" */ '../features/maintenance/MaintenanceScreen'),
);
const notFound = lazyScreen(
  'route-404',
  () => import(/* webpackChunkName: "route-404" */ '../features/not-found/NotFoundScreen'),
);
const callback = lazyScreen(
  'route-callback',
  () => import(/* webpackChunkName: "route-callback" */ '../features/callback/CallbackScreen'),
);
const changeSubscription = lazyScreen(
  'route-endre-abonnement',
  () =>
    import(
      /* webpackChunkName: "route-endre-abonnement" */ '../features/plan-change/ChangeSubscriptionScreen'
    ),
);
const changeReceipt = lazyScreen(
  'route-receipt2',
  () =>
    import(/* webpackChunkName: "route-receipt2" */ '../features/plan-change/ChangeReceiptScreen'),
);
const newPrices = lazyScreen(
  'route-nye-priser',
  () => import(/* webpackChunkName: "route-nye-priser" */ '../features/prices/NewPricesScreen'),
);
const cancelSubscription = lazyScreen(
  'route-avslutt-abonnement',
  () =>
    import(
      /* webpackChunkName: "route-avslutt-abonnement" */ '../features/cancellation/CancelSubscriptionScreen'
    ),
);
const cancellationReceipt = lazyScreen(
  'route-abonnement-avsluttet',
  () =>
    import(
      /* webpackChunkName: "route-abonnement-avsluttet" */ '../features/cancellation/CancellationReceiptScreen'
    ),
);
const undoCancellation = lazyScreen(
  'route-angre-oppsigelse',
  () =>
    import(
      /* webpackChunkName: "route-angre-oppsigelse" */ '../features/cancellation/UndoCancellationScreen'
    ),
);
const withdrawal = lazyScreen(
  'route-angrerett',
  () => import(/* webpackChunkName: "route-angrerett" */ '../features/withdrawal/WithdrawalScreen'),
);
const reactivated = lazyScreen(
  'route-abonnement-reaktivert',
  () =>
    import(
      /* webpackChunkName: "route-abonnement-reaktivert" */ '../features/reactivation/ReactivatedScreen'
    ),
);
const winback = lazyScreen(
  'route-winback',
  () => import(/* webpackChunkName: "route-winback" */ '../features/winback/WinbackScreen'),
);
const alreadySubscriber = lazyScreen(
  'route-allerede-abonnent',
  () =>
    import(
      /* webpackChunkName: "route-allerede-abonnent" */ '../features/already-subscriber/AlreadySubscriberScreen'
    ),
);
const deliveryAddress = lazyScreen(
  'route-leveringsadresse',
  () =>
    import(
      /* webpackChunkName: "route-leveringsadresse" */ '../features/delivery-address/DeliveryAddressScreen'
    ),
);
const connect = lazyScreen(
  'route-koble-bruker',
  () => import(/* webpackChunkName: "route-koble-bruker" */ '../features/connect/ConnectScreen'),
);
const contactDetails = lazyScreen(
  'route-kontakt',
  () =>
    import(
      /* webpackChunkName: "route-kontakt" */ '../features/contact-details/ContactDetailsScreen'
    ),
);
const profile = lazyScreen(
  'route-endre-profil',
  () => import(/* webpackChunkName: "route-endre-profil" */ '../features/profile/ProfileScreen'),
);

const orderSubscription = lazyScreen(
  'route-bestill-abonnement',
  () =>
    import(/* webpackChunkName: "route-bestill-abonnement" */ '../features/purchase/OrderScreen'),
  purchaseFlow,
);
const payment = lazyScreen(
  'route-betaling',
  () => import(/* webpackChunkName: "route-betaling" */ '../features/purchase/PaymentScreen'),
  purchaseFlow,
);
// Card and Vipps return to the same confirmation screen.
const completePurchase = lazyScreen(
  'route-completepurchase',
  () =>
    import(
      /* webpackChunkName: "route-completepurchase" */ '../features/purchase/CompletePurchaseScreen'
    ),
  purchaseFlow,
);
const cancelOrder = lazyScreen(
  'route-avbryt-bestilling',
  () =>
    import(
      /* webpackChunkName: "route-avbryt-bestilling" */ '../features/purchase/CancelOrderScreen'
    ),
  purchaseFlow,
);
const receipt = lazyScreen(
  'route-kvittering',
  () => import(/* webpackChunkName: "route-kvittering" */ '../features/purchase/ReceiptScreen'),
);
const orderFailed = lazyScreen(
  'route-bestilling-feilet',
  () =>
    import(
      /* webpackChunkName: "route-bestilling-feilet" */ '../features/purchase/OrderFailedScreen'
    ),
);
const purchaseError = lazyScreen(
  'route-feil-kjop',
  () =>
    import(/* webpackChunkName: "route-feil-kjop" */ '../features/purchase/PurchaseErrorScreen'),
);

const changeToVipps = lazyScreen(
  'route-endre-betalingsmetode',
  () =>
    import(
      /* webpackChunkName: "route-endre-betalingsmetode" */ '../features/payment-method/ChangeToVippsScreen'
    ),
  paymentMethodFlow,
);
const verifyVipps = lazyScreen(
  'route-endre-betalingsmetode-verify',
  () =>
    import(
      /* webpackChunkName: "route-endre-betalingsmetode-verify" */ '../features/payment-method/VerifyVippsScreen'
    ),
  paymentMethodFlow,
);
const addCard = lazyScreen(
  'route-legg-til-betalingskort',
  () =>
    import(
      /* webpackChunkName: "route-legg-til-betalingskort" */ '../features/payment-method/AddCardScreen'
    ),
  paymentMethodFlow,
);
const verifyCard = lazyScreen(
  'route-legg-til-betalingskort-verify',
  () =>
    import(
      /* webpackChunkName: "route-legg-til-betalingskort-verify" */ '../features/payment-method/VerifyCardScreen'
    ),
  paymentMethodFlow,
);
const invoiceOverview = lazyScreen(
  'route-fakturaoversikt',
  () =>
    import(
      /* webpackChunkName: "route-fakturaoversikt" */ '../features/invoice-overview/InvoiceOverviewScreen'
    ),
);
const deliveryChange = lazyScreen(
  'route-endre-avislevering',
  () =>
    import(
      /* webpackChunkName: "route-endre-avislevering" */ '../features/delivery-change/DeliveryChangeScreen'
    ),
);
const complaint = lazyScreen(
  'route-tilbakemelding',
  () =>
    import(/* webpackChunkName: "route-tilbakemelding" */ '../features/complaint/ComplaintScreen'),
);
const familySharing = lazyScreen(
  'route-familiedeling',
  () =>
    import(
      /* webpackChunkName: "route-familiedeling" */ '../features/family-sharing/FamilySharingScreen'
    ),
);
const verifyFamilyMember = lazyScreen(
  'route-verifiser-familiemedlem',
  () =>
    import(
      /* webpackChunkName: "route-verifiser-familiemedlem" */ '../features/family-sharing/VerifyFamilyMemberScreen'
    ),
);
const shareAccepted = lazyScreen(
  'route-deling-akseptert',
  () =>
    import(
      /* webpackChunkName: "route-deling-akseptert" */ '../features/family-sharing/ShareAcceptedScreen'
    ),
);
const businessVerification = lazyScreen(
  'route-bedrift',
  () =>
    import(
      /* webpackChunkName: "route-bedrift" */ '../features/business/BusinessVerificationScreen'
    ),
);
const businessAdmin = lazyScreen(
  'route-administrer-bedrift',
  () =>
    import(
      /* webpackChunkName: "route-administrer-bedrift" */ '../features/business/BusinessAdminScreen'
    ),
);
const studentOffer = lazyScreen(
  'route-student',
  () => import(/* webpackChunkName: "route-student" */ '../features/student/StudentOfferScreen'),
);
const studentVerification = lazyScreen(
  'route-student-verifisering',
  () =>
    import(
      /* webpackChunkName: "route-student-verifisering" */ '../features/student/StudentVerificationScreen'
    ),
  purchaseFlow,
);
const legal = lazyScreen(
  'route-legal',
  () => import(/* webpackChunkName: "route-legal" */ '../features/legal/LegalScreen'),
);
const dataExport = lazyScreen(
  'route-schibstedTakeoutGateway',
  () =>
    import(
      /* webpackChunkName: "route-schibstedTakeoutGateway" */ '../features/privacy/DataExportScreen'
    ),
);
const deletion = lazyScreen(
  'route-schibstedDeleteGateway',
  () =>
    import(
      /* webpackChunkName: "route-schibstedDeleteGateway" */ '../features/privacy/DeletionScreen'
    ),
);
const myContent = lazyScreen(
  'route-mitt-innhold',
  () =>
    import(/* webpackChunkName: "route-mitt-innhold" */ '../features/my-content/MyContentScreen'),
);
const privacySettings = lazyScreen(
  'route-personverninnstillinger',
  () =>
    import(
      /* webpackChunkName: "route-personverninnstillinger" */ '../features/privacy/PrivacySettingsScreen'
    ),
);
const consentPermission = lazyScreen(
  'route-samtykke',
  () =>
    import(/* webpackChunkName: "route-samtykke" */ '../features/privacy/ConsentPermissionScreen'),
);
const payInvoice = lazyScreen(
  'route-betal-faktura',
  () =>
    import(
      /* webpackChunkName: "route-betal-faktura" */ '../features/pay-invoice/PayInvoiceScreen'
    ),
  purchaseFlow,
);

export const routes: readonly RouteDefinition[] = [
  // Student offer
  route('/student', 'none', studentOffer, ['student']),
  route('/student2', 'none', studentOffer, ['student']),
  route('/student-verifisering', 'auth', studentVerification, ['student']),
  route('/student-verifisering2', 'auth', studentVerification, ['student']),
  // The receipt of the student plan's order (the purchase receipt, with the student's note).
  route('/student-kvittering', 'auth+subscription', receipt, ['purchase']),
  route('/student-kvittering2', 'auth+subscription', receipt, ['purchase']),
  route('/elev-verifisering', 'auth', studentVerification, ['student']),
  // Business
  route('/bedrift', 'auth', businessVerification, ['business']),
  route('/administrer-bedrift', 'auth+subscription', businessAdmin, ['business']),
  // Legal and privacy
  route('/vilkaar/bedrift', 'none', legal, ['legal']),
  route('/vilkaar', 'none', legal, ['legal']),
  route('/vilkaar-mer', 'none', legal, ['legal']),
  route('/data', 'none', legal, ['legal']),
  route('/personvern', 'none', legal, ['legal']),
  route('/personverndetaljer', 'none', legal, ['legal']),
  route('/cookie-policy', 'none', legal, ['legal']),
  // The accessibility statement (not in requirements §2; linked from the footer).
  route('/tilgjengelighet', 'none', legal, ['legal']),
  route('/personverninnstillinger', 'auth-not-subscription', privacySettings, ['privacy']),
  route('/samtykke1', 'auth+subscription', consentPermission, ['privacy']),
  route('/samtykke2', 'auth+subscription', consentPermission, ['privacy']),
  route('/samtykke3', 'auth+subscription', consentPermission, ['privacy']),
  // Ordering and purchase
  route('/bestill-abonnement', 'auth', orderSubscription, ['purchase']),
  route('/winback', 'none', winback, ['winback']),
  route('/bestilling-feilet', 'auth', orderFailed, ['purchase']),
  route('/completepurchase', 'none', completePurchase, ['purchase']),
  route('/completevippspurchase', 'none', completePurchase, ['purchase']),
  route('/feil-kjop', 'none', purchaseError, ['purchase']),
  route('/kvittering', 'auth+subscription', receipt, ['purchase']),
  route('/leveringsadresse', 'auth+subscription', deliveryAddress, ['delivery-address']),
  route('/kontakt', 'auth+subscription', contactDetails, ['contact-details']),
  // Family sharing
  route('/familiedeling', 'auth+subscription', familySharing, ['family-sharing']),
  route('/verifiser-familiemedlem', 'auth', verifyFamilyMember, ['family-sharing']),
  route('/deling-akseptert', 'auth+subscription', shareAccepted, ['family-sharing']),
  // Payment
  route('/betaling', 'none', payment, ['purchase']),
  route('/avbryt-bestilling', 'none', cancelOrder, ['purchase']),
  route('/fakturaoversikt', 'auth+subscription', invoiceOverview, ['invoice-overview']),
  route('/betal-faktura/:ariaInvoiceNo', 'auth+subscription', payInvoice, ['pay-invoice']),
  route('/endre-betalingsmetode', 'auth+subscription', changeToVipps, ['payment-method']),
  route('/endre-betalingsmetode/verify', 'auth+subscription', verifyVipps, ['payment-method']),
  route('/legg-til-betalingskort', 'auth+subscription', addCard, ['payment-method']),
  route('/legg-til-betalingskort/verify', 'auth+subscription', verifyCard, ['payment-method']),
  // Subscription lifecycle
  route('/ingen-abonnement', 'auth', noSubscription, ['no-subscription']),
  route('/allerede-abonnent', 'auth+subscription', alreadySubscriber, ['already-subscriber']),
  route('/koble-bruker', 'auth', connect, ['connect']),
  route('/endre-abonnement', 'auth+subscription', changeSubscription, ['plan-change']),
  route('/receipt2', 'none', changeReceipt, ['plan-change']),
  route('/avslutt-abonnement', 'auth+subscription', cancelSubscription, ['cancellation']),
  route('/abonnement-avsluttet', 'auth+subscription', cancellationReceipt, ['cancellation']),
  route('/abonnement-reaktivert', 'auth+subscription', reactivated, ['reactivation']),
  route('/angre-oppsigelse', 'auth+subscription', undoCancellation, ['cancellation']),
  // The right of withdrawal within 14 days of an online purchase (not in requirements §2).
  // Login only: after withdrawing the subscription has ended, and its receipt stays reachable.
  route('/angrerett', 'auth', withdrawal, ['withdrawal']),
  route('/nye-priser', 'none', newPrices, ['prices']),
  // Other
  route('/', 'auth+subscription', home, ['home']),
  route('/callback', 'none', callback, ['callback']),
  route('/kundeservice', 'none', customerService, ['customer-service']),
  route('/tilbakemelding', 'auth+subscription', complaint, ['complaint']),
  route('/endre-avislevering', 'auth+subscription', deliveryChange, ['delivery-change']),
  route('/endre-profil', 'auth+subscription', profile, ['profile']),
  route('/schibstedTakeoutGateway', 'auth+subscription', dataExport, ['privacy']),
  route('/schibstedDeleteGateway', 'auth+subscription', deletion, ['privacy']),
  route('/mitt-innhold', 'auth+subscription', myContent, ['my-content']),
  route('/maintenance', 'none', maintenance, ['maintenance']),
  route('/404', 'none', notFound, ['not-found']),
];

export const registeredRoutes = routes.filter((r) => r.screen);

/** /order-timeout is an alias of /bestilling-feilet (requirements §4). */
export const ORDER_TIMEOUT_REDIRECT = { from: '/order-timeout', to: '/bestilling-feilet' } as const;

/**
 * Where /order-timeout leads: /bestilling-feilet, saying the payment took too long, with the
 * provider's query kept (an `ordre` it names is checked there).
 */
export function orderTimeoutTarget(search: string): string {
  const query = new URLSearchParams(search);
  if (!query.has('arsak')) query.set('arsak', 'tidsavbrudd');
  return `${ORDER_TIMEOUT_REDIRECT.to}?${query}`;
}

/** /t/{path} → /{path} with source=sms added to the query (links sent by SMS). */
export function smsLinkTarget(pathAfterT: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.set('source', 'sms');
  const path = `/${pathAfterT.replace(/^\/+/, '')}`;
  return `${path}?${params.toString()}${hash}`;
}
