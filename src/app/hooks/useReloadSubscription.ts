// The subscription reload (session/reloadSubscription) for components: a stable function that
// fetches the subscription again and resolves with it, or with null when the lookup failed.
import { useCallback } from 'react';

import type { Subscription } from '../api/subscription';
import { reloadSubscription } from '../session/reloadSubscription';
import { useAppDispatch } from '../store/hooks';

export function useReloadSubscription(): () => Promise<Subscription | null> {
  const dispatch = useAppDispatch();
  return useCallback(() => dispatch(reloadSubscription()), [dispatch]);
}
