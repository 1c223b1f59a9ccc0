// Subscription endpoints in use by the SPA.
import { subscriptionApi } from './subscription.gen';

export const subscriptionEndpoints = subscriptionApi;
export type {
  PauseReceipt,
  PlanConversion,
  Subscription,
  SubscriptionChange,
  SubscriptionChanges,
  SubscriptionResult,
  WithdrawalReceipt,
  WithdrawalRight,
} from './subscription.gen';
export {
  useChoosePlanConversionMutation,
  useDeleteSubscriptionMutation,
  useEndSubscriptionPauseMutation,
  usePauseSubscriptionMutation,
  useGetPlanConversionQuery,
  useGetWithdrawalQuery,
  useListSubscriptionChangesQuery,
  useReactivateSubscriptionMutation,
  useSchedulePlanChangeMutation,
  useWithdrawPlanChangeMutation,
  useWithdrawSubscriptionMutation,
} from './subscription.gen';
