// Subscription endpoints in use by the SPA.
import { subscriptionApi } from './subscription.gen';

export const subscriptionEndpoints = subscriptionApi;
export type { Subscription, SubscriptionResult } from './subscription.gen';
export {
  useDeleteSubscriptionMutation,
  useReactivateSubscriptionMutation,
  useSchedulePlanChangeMutation,
  useWithdrawPlanChangeMutation,
} from './subscription.gen';
