import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { feedKeys } from '../feed/api';

/** The followed topics (requirements §3 Topic, §7 topics): query key, query and mutations. */
export const topicKeys = {
  all: ['topics'] as const,
  list: () => [...topicKeys.all, 'list'] as const,
};

export const topicsQuery = () =>
  queryOptions({
    queryKey: topicKeys.list(),
    queryFn: async () => expectStatus(await apiClient.topics.list(), 200).body.topics,
    staleTime: 30_000,
  });

/** GET /api/topics: the followed topics, in the order they were followed. */
export function useTopicsQuery() {
  return useQuery(topicsQuery());
}

/** After a follow or unfollow: the topic list, the monitor and the feed all read afresh. */
async function topicsChanged(queryClient: QueryClient, topics?: string[]) {
  if (topics) queryClient.setQueryData(topicsQuery().queryKey, topics);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: topicKeys.all }),
    queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  ]);
}

/** POST /api/topics: follows a topic (again is harmless); resolves with every followed topic. */
export function useFollowTopicMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (topic: string) => expectStatus(await apiClient.topics.add({ body: { topic } }), 200).body.topics,
    onSuccess: (topics) => topicsChanged(queryClient, topics),
  });
}

/** requirements §8: topic deletion resolves false on failure instead of throwing (and logs it). */
export async function unfollowTopic(topic: string): Promise<boolean> {
  try {
    // Topics may hold '/', '?' or '#'.
    return expectStatus(await apiClient.topics.remove({ params: { topic: pathSegment(topic) } }), 200).body.ok;
  } catch (error) {
    console.error('Unfollowing the topic failed:', error);
    return false;
  }
}

/** DELETE /api/topics/{topic}: resolves false on failure (requirements §8), which is logged already. */
export function useUnfollowTopicMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowTopic,
    onSuccess: (removed) => (removed ? topicsChanged(queryClient) : undefined),
  });
}
