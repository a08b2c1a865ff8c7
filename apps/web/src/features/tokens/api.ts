import type { TCreateTokenRequest, TToken, TTokenList } from '@paperbench/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/** docs/security.md#personal-access-tokens: the caller's tokens (query key, list, create, revoke). */
export const tokenKeys = {
  all: ['tokens'] as const,
  list: () => [...tokenKeys.all, 'list'] as const,
};

const tokensQuery = () =>
  queryOptions({
    queryKey: tokenKeys.list(),
    queryFn: async () => expectStatus(await apiClient.tokens.list(), 200).body,
  });

/** GET /api/tokens: the live tokens, newest first, read afresh on each visit (last used changes behind our back). */
export function useTokensQuery() {
  return useQuery({ ...tokensQuery(), refetchOnMount: 'always' });
}

/**
 * POST /api/tokens. The answer carries the secret this once: it goes to the caller (the new-token panel)
 * and nowhere else. The list cache gets the token without it, and the finished mutation is dropped at once
 * (gcTime 0) so the mutation cache does not keep the secret after the panel lets it go.
 */
export function useCreateTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async (body: TCreateTokenRequest) => expectStatus(await apiClient.tokens.create({ body }), 201).body,
    onSuccess: ({ token: _secret, ...created }) => {
      queryClient.setQueryData<TTokenList>(tokenKeys.list(), (list) =>
        list ? { tokens: [created, ...list.tokens.filter((token) => token.id !== created.id)] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: tokenKeys.all });
    },
  });
}

/**
 * DELETE /api/tokens/:id: every later call with the token is 401; it leaves the list at once. A 404 means it
 * is no longer live (revoked in another tab, or expired): gone either way, which is what was asked.
 */
export function useRevokeTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: TToken) => {
      expectStatus(await apiClient.tokens.revoke({ params: { id: pathSegment(token.id) } }), 204, 404);
    },
    onSuccess: (_nothing, revoked) => {
      queryClient.setQueryData<TTokenList>(tokenKeys.list(), (list) =>
        list ? { tokens: list.tokens.filter((token) => token.id !== revoked.id) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: tokenKeys.all });
    },
  });
}
