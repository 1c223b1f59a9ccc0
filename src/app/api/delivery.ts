// Delivery endpoints in use by the SPA (/endre-avislevering): the delivery calendar and changes of
// a paper subscription, and the postal-code register. A change made refetches the page's
// overview (tag `delivery`); a postal place never changes with it.
import { deliveryApi } from './delivery.gen';

export const deliveryEndpoints = deliveryApi.enhanceEndpoints({
  endpoints: {
    getPostalPlace: { providesTags: [] },
  },
});

export type {
  DeliveryAddress as DeliveryChangeAddressView,
  DeliveryCalendar,
  DeliveryChange,
  DeliveryChangeOverview,
  DeliveryChangeRequest,
  DeliveryChangeType,
  DeliveryPriceEffect,
} from './delivery.gen';
export {
  useCreateDeliveryChangeMutation,
  useGetDeliveryChangesQuery,
  useLazyGetPostalPlaceQuery,
  useUpdateDeliveryChangeMutation,
  useWithdrawDeliveryChangeMutation,
} from './delivery.gen';
