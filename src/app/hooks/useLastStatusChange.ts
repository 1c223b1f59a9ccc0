// What last changed the status of the session's subscription, from its audit trail on the server
// (listSubscriptionChanges, asked afresh on every mount): the screens that report an outcome
// (/abonnement-reaktivert without an order) say only what did happen.
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';

import { type SubscriptionChange, useListSubscriptionChangesQuery } from '../api/subscription';
import { selectAccount } from '../session/accountSlice';
import { selectSubscription } from '../session/subscriptionSlice';
import { selectTitle } from '../session/titleSlice';
import { useAppSelector } from '../store/hooks';

export interface LastStatusChange {
  /** The trail is being read. */
  readonly loading: boolean;
  /** The trail could not be read (nothing can be said from it). */
  readonly failed: boolean;
  /** The subscription the trail is of (null when there is none). */
  readonly subscriptionNo: string | null;
  /** The newest change that moved the status (a renewal or a plan change does not). */
  readonly change: SubscriptionChange | null;
}

export function useLastStatusChange({ skip = false } = {}): LastStatusChange {
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  const asked = !skip && !!accountNo && !!titleCode;
  const result = useListSubscriptionChangesQuery(asked ? { accountNo, titleCode } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  // Only an answer given since this screen opened counts: a trail cached from an earlier visit
  // may be from before the change it is asked about.
  const [openedAt] = useState(() => Date.now());
  const settled = !result.isFetching && (result.startedTimeStamp ?? 0) >= openedAt;
  const fresh = settled && result.isSuccess;
  const failed = settled && result.isError;
  const trail = fresh ? result.data : undefined;
  return {
    loading: asked && !fresh && !failed,
    failed,
    subscriptionNo: trail?.subscriptionNo ?? null,
    change: trail?.changes.find((c) => c.fromStatus !== c.toStatus) ?? null,
  };
}
