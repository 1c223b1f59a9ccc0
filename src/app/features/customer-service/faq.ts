// The questions of /kundeservice as data, in the order shown: each answer's text is
// customer-service.faq.<id>.answer and its links go to screens of Min side that exist today (a
// path of the route table; test/app/features/CustomerServiceFaq.test.tsx fails on a link to any
// other). What a screen shows from data is told from the same data here: the payment methods from
// the ui kit's list (the order and invoice screens offer the same), the first-month offer and
// the plans with family sharing from the title's public catalogue.
import type { Catalogue } from '../../api/order';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../ui/paymentProviders';

export interface FaqLink {
  /** A path of Min side (the route table's). */
  readonly to: string;
  /** The link text: customer-service.faq.links.<label>. */
  readonly label: string;
}

export interface FaqEntry {
  readonly id: string;
  readonly links: readonly FaqLink[];
}

export const faq: readonly FaqEntry[] = [
  {
    id: 'login',
    links: [
      { to: '/', label: 'my-page' },
      { to: '/koble-bruker', label: 'connect' },
    ],
  },
  {
    id: 'payment-method',
    links: [
      { to: '/endre-betalingsmetode', label: 'change-to-vipps' },
      { to: '/legg-til-betalingskort', label: 'add-card' },
    ],
  },
  {
    id: 'cancel',
    links: [
      { to: '/avslutt-abonnement', label: 'cancel' },
      { to: '/angre-oppsigelse', label: 'undo-cancellation' },
      { to: '/winback', label: 'start-again' },
    ],
  },
  {
    id: 'renewal',
    links: [
      { to: '/nye-priser', label: 'prices' },
      { to: '/endre-abonnement', label: 'change-plan' },
    ],
  },
  { id: 'delivery', links: [{ to: '/leveringsadresse', label: 'delivery-address' }] },
  { id: 'family-sharing', links: [] },
  { id: 'invoices', links: [{ to: '/fakturaoversikt', label: 'invoices' }] },
  {
    id: 'data',
    links: [
      { to: '/schibstedTakeoutGateway', label: 'data-copy' },
      { to: '/schibstedDeleteGateway', label: 'data-deletion' },
    ],
  },
];

/** The payment methods the order and invoice screens offer, in their order. */
export const paymentMethods: readonly PaymentProvider[] = PAYMENT_PROVIDERS;

/** The catalogue's first-month offer for new readers: the plan's name and the price in øre. */
export function firstMonthOffer(catalogue: Catalogue): { plan: string; price: number } | null {
  const offer = catalogue.firstMonthOffer;
  const product = offer && catalogue.products.find((p) => p.ariaPlanID === offer.ariaPlanID);
  return offer && product ? { plan: product.planName, price: offer.price } : null;
}

/** The names of the plans the title sells with family sharing. */
export const familySharePlans = (catalogue: Catalogue): string[] =>
  catalogue.products.filter((p) => p.features.includes('family-share')).map((p) => p.planName);
