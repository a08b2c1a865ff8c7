import type { TSubscription } from '@paperbench/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSubscription, subscriptionKeys } from './subscription-api';

/** GET /api/subscription: the caller's digest subscription and its state. */
export function useSubscription() {
  return useQuery({ queryKey: subscriptionKeys.mine(), queryFn: getSubscription, refetchOnMount: 'always' });
}

/**
 * Puts a fresh subscription (from a write's answer) into the cache. A read still in flight started
 * before the write (the page's own load, when it opens from a confirmation link) and would overwrite
 * the newer state with the old one, so it is cancelled first.
 */
export function useStoreSubscription(): (subscription: TSubscription) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (subscription) => {
      void queryClient
        .cancelQueries({ queryKey: subscriptionKeys.mine() })
        .then(() => queryClient.setQueryData(subscriptionKeys.mine(), subscription));
    },
    [queryClient],
  );
}
