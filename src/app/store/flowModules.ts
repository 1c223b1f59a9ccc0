// The flows' saga modules, each its own chunk: the store loads one when a reader starts its flow
// (lazyFlow.ts), and the route table fetches it with the screens that start the flow, so the
// first click does not wait for it; the build lists its chunk with those screens' files
// (routes.ts `flowChunk`), so a first visit's page preloads it too. Apart from store.ts so the
// route table can name them without evaluating the store.

/** The chunk names below (their webpackChunkName), as the route table names them. */
export const PURCHASE_FLOW_CHUNK = 'flow-order';
export const PAYMENT_METHOD_FLOW_CHUNK = 'flow-payment-method';

/** The purchase saga's module (buying, reactivating, upgrading, paying an invoice). */
export const loadPurchaseFlow = () =>
  import(/* webpackChunkName: "flow-order" */ '../flows/order/purchaseSaga');

/** The payment method saga's module (to Vipps, to a new card). */
export const loadPaymentMethodFlow = () =>
  import(/* webpackChunkName: "flow-payment-method" */ '../flows/payment-method/paymentMethodSaga');
