import type { TSubscription, TUpdateSubscriptionRequest } from '@paperbench/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/** The email digest subscription (double opt-in): query key, query and mutations. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: async () => expectStatus(await apiClient.subscription.get(), 200).body,
  });

/** GET /api/subscription: the caller's digest subscription and its state, read afresh on each visit. */
export function useSubscriptionQuery() {
  return useQuery({ ...subscriptionQuery(), refetchOnMount: 'always' });
}

/**
 * Puts a fresh subscription (from a write's answer) into the cache. A read still in flight started
 * before the write (the page's own load, when it opens from a confirmation link) and would overwrite
 * the newer state with the old one, so it is cancelled first.
 */
async function storeSubscription(queryClient: QueryClient, subscription: TSubscription) {
  const { queryKey } = subscriptionQuery();
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, subscription);
}

/** A write that answers with the subscription as it now stands. */
function useSubscriptionWrite<TVariables>(write: (variables: TVariables) => Promise<TSubscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (subscription) => storeSubscription(queryClient, subscription),
  });
}

/** PUT /api/subscription: subscribe, or change the address, frequency or topics. */
export const useSaveSubscriptionMutation = () =>
  useSubscriptionWrite(
    async (body: TUpdateSubscriptionRequest) => expectStatus(await apiClient.subscription.update({ body }), 200).body,
  );

/** POST /api/subscription/resend: a new confirmation link (the previous one stops working). */
export const useResendConfirmationMutation = () =>
  useSubscriptionWrite(async () => expectStatus(await apiClient.subscription.resend(), 200).body);

/** POST /api/subscription/confirm with the token of the confirmation mail. */
export const useConfirmSubscriptionMutation = () =>
  useSubscriptionWrite(
    async (token: string) => expectStatus(await apiClient.subscription.confirm({ body: { token } }), 200).body,
  );

/** DELETE /api/subscription: the subscription, its address and its log are gone; the state is read afresh. */
export function useDeleteSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectStatus(await apiClient.subscription.remove(), 200).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** POST /api/subscription/unsubscribe with the token of any digest mail; resolves with the address. */
export function useUnsubscribeByTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      expectStatus(await apiClient.subscription.unsubscribe({ query: { token }, body: undefined }), 200).body.email,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
