import {
  contract,
  type TAnswerSource,
  type TGenerateIdeasRequest,
  type TIdeaProposal,
  type TStreamEvent,
} from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type TStreamProgress, useEventStream } from '../../api/use-event-stream';
import { ideaKeys } from './api';

/** A generation as POST /api/ideas/stream_generate streams it (docs/ideas.md#streaming). */
export type TIdeasGeneration = TStreamProgress & {
  /** Each idea once checked and saved, in the order they arrive. */
  ideas: TIdeaProposal[];
  /** Set by 'done': 'extractive' when no model wrote the ideas. */
  source: TAnswerSource | null;
};

/** The generation after one event (useEventStream marks it done or failed). */
function applyIdeasEvent(generation: TIdeasGeneration, event: TStreamEvent): TIdeasGeneration {
  if (event.type === 'idea') return { ...generation, ideas: [...generation.ideas, event.idea] };
  if (event.type === 'done') return { ...generation, source: event.source };
  return generation;
}

const START: TIdeasGeneration = { status: 'streaming', error: null, ideas: [], source: null };

/**
 * One generation at a time. However it ends, the saved ideas are read afresh: those already sent stay
 * saved even when a later one failed.
 */
export function useIdeasStream() {
  const queryClient = useQueryClient();
  const { state, start } = useEventStream(contract.ideas.streamGenerate, applyIdeasEvent, {
    endedEarly: 'The ideas ended early.',
    failureLog: 'Generating ideas failed',
    onEnd: () => {
      void queryClient.invalidateQueries({ queryKey: ideaKeys.list() });
      return undefined;
    },
  });
  return {
    generation: state,
    generate: (request: TGenerateIdeasRequest) => start(request, START),
  };
}
