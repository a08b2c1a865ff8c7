import { contract } from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEventStream } from '../../api/use-event-stream';
import { reviewKeys, useLatestDraftQuery } from './api';
import { applyWriteEvent, savedDraft, startDraft, type TReviewDraft } from './write-state';

/**
 * One related-work draft at a time over POST /api/review/stream_rws. Until one is written here, the
 * draft is the session's latest stored one (docs/review.md#writing), so a reopened session shows it; a new
 * stream replaces it. Leaving the session (its view is keyed by the session) cancels the request in
 * flight (the server stores nothing half-written).
 */
export function useWriteStream(sessionId: number) {
  const queryClient = useQueryClient();
  const latest = useLatestDraftQuery(sessionId);
  const {
    state: streamed,
    start,
    stop,
  } = useEventStream(contract.review.streamRws, applyWriteEvent, {
    endedEarly: 'The draft ended early.',
    failureLog: 'Writing the review failed',
    onEnd: (ended: TReviewDraft) => {
      // The stored draft is now this one: a later visit reads it afresh.
      if (ended.status === 'done') void queryClient.invalidateQueries({ queryKey: reviewKeys.draft(sessionId) });
      return undefined;
    },
  });

  const write = (instructions: string) =>
    start(
      instructions.trim() ? { session_id: sessionId, instructions: instructions.trim() } : { session_id: sessionId },
      startDraft(),
    );

  const saved = useMemo(() => (latest.data ? savedDraft(latest.data) : null), [latest.data]);
  const draft = streamed ?? saved;
  return { draft, write, stop };
}
