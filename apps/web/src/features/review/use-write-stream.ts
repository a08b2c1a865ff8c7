import { contract } from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { streamEvents } from '../chat/stream-chat';
import { reviewKeys, useLatestDraftQuery } from './api';
import { applyWriteEvent, savedDraft, startDraft, type TReviewDraft } from './write-state';

/**
 * One related-work draft at a time over POST /api/review/stream_rws. Until one is written here, the
 * draft is the session's latest stored one (docs/review.md#writing), so a reopened session shows it; a new
 * stream replaces it. Leaving the session cancels the request in flight (the server stores nothing
 * half-written).
 */
export function useWriteStream(sessionId: number) {
  const queryClient = useQueryClient();
  const latest = useLatestDraftQuery(sessionId);
  const [streamed, setDraft] = useState<TReviewDraft | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const write = useCallback(
    async (instructions: string) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      let current = startDraft();
      setDraft(current);
      const body = instructions.trim()
        ? { session_id: sessionId, instructions: instructions.trim() }
        : { session_id: sessionId };
      try {
        for await (const event of streamEvents(contract.review.streamRws.path, body, controller.signal)) {
          current = applyWriteEvent(current, event);
          setDraft(current);
        }
        if (current.status === 'streaming') setDraft({ ...current, status: 'error', error: 'The draft ended early.' });
        // The stored draft is now this one: a later visit reads it afresh.
        if (current.status === 'done') void queryClient.invalidateQueries({ queryKey: reviewKeys.draft(sessionId) });
      } catch (error) {
        if (controller.signal.aborted) {
          if (controllerRef.current === controller) setDraft({ ...current, status: 'stopped' });
          return;
        }
        console.error('Writing the review failed', error);
        setDraft({ ...current, status: 'error', error: parseApiError(error).message });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [sessionId, queryClient],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  // Leaving the session (its view is keyed by the session) cancels the request in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const saved = useMemo(() => (latest.data ? savedDraft(latest.data) : null), [latest.data]);
  const draft = streamed ?? saved;
  return { draft, write: (instructions: string) => void write(instructions), stop };
}
