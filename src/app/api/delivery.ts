// Delivery endpoints in use by the SPA (/endre-avislevering): the delivery calendar and changes of
// a paper subscription. A change made refetches the page's overview (tag `delivery`). The
// postal-code register the address fields use is api/address.ts.
export type {
  DeliveryAddress as DeliveryChangeAddressView,
  DeliveryCalendar,
  DeliveryChange,
  DeliveryChangeOverview,
  DeliveryChangeRequest,
  DeliveryChangeType,
  DeliveryMoveNotApplied,
  DeliveryPriceEffect,
} from './delivery.gen';
export {
  deliveryApi as deliveryEndpoints,
  useCreateDeliveryChangeMutation,
  useGetDeliveryChangesQuery,
  useUpdateDeliveryChangeMutation,
  useWithdrawDeliveryChangeMutation,
} from './delivery.gen';
