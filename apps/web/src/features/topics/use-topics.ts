import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { feedKeys, topicKeys } from '../../api/query-keys';
import { followTopic, listTopics, unfollowTopic } from './topics-api';

/** GET /api/topics: the followed topics, in the order they were followed. */
export function useTopics() {
  return useQuery({ queryKey: topicKeys.list(), queryFn: listTopics, staleTime: 30_000 });
}

/** After a follow or unfollow: the topic list, the monitor and the feed all read afresh. */
function useTopicsChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (topics?: string[]) => {
      if (topics) queryClient.setQueryData(topicKeys.list(), topics);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
      ]);
    },
    [queryClient],
  );
}

/** Follow a topic; errors are thrown to the caller (the form shows them). */
export function useFollowTopic() {
  const changed = useTopicsChanged();
  return useMutation({ mutationFn: followTopic, onSuccess: (topics) => changed(topics) });
}

/** Unfollow a topic; resolves false on failure (spec §8), which is logged already. */
export function useUnfollowTopic() {
  const changed = useTopicsChanged();
  return useMutation({
    mutationFn: unfollowTopic,
    onSuccess: (removed) => (removed ? changed() : undefined),
  });
}
