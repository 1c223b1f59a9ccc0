// Order endpoints in use by the SPA: the catalogue, server-side quotes, orders and their payment.
// The generated code tags everything 'order', so every quote would refetch the catalogue; a quote
// changes nothing on the server, and the catalogue does not change while the page is open.
// Completing or cancelling an order still refreshes a cached order (the receipt).
import { orderApi } from './order.gen';

export const orderEndpoints = orderApi.enhanceEndpoints({
  endpoints: {
    getCatalogue: { providesTags: [], keepUnusedDataFor: 60 * 60 },
    quoteOrder: { invalidatesTags: [] },
  },
});

export const {
  useGetCatalogueQuery,
  useQuoteOrderMutation,
  useGetOrderQuery,
  useCancelOrderMutation,
  useCompleteOrderMutation,
} = orderEndpoints;

/**
 * The receipt of a completed order as a PDF (getOrderReceiptPdf): a plain link downloads it, since
 * the session cookie goes with a same-origin request and the answer is an attachment.
 */
export const orderReceiptPdfUrl = (orderId: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/receipt/pdf`;

export type {
  Catalogue,
  CatalogueProduct,
  CreateOrderRequest,
  DeliveryAddress,
  DiscountDetails,
  FullPriceCharge,
  Order,
  OrderKind,
  OrderPaymentProvider,
  OrderQuote,
  OrderQuoteRequest,
  Period,
  SubscriptionFeature,
  UnavailableOffer,
  WaivedOffer,
} from './order.gen';
