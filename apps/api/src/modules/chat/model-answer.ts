import type { TStreamEvent } from '@paperbench/contract';
import { shownAnswerPrefix, splitAnswerAndEvidence, type TAnswerAndEvidence } from '../../ai/grounding/evidence-block';
import type { AiModel, StreamTextRequest } from '../../ai/model';

/**
 * The model's answer as delta events, its evidence block held back (docs/ai.md#chat-protocol): only
 * what can no longer turn into the block's header is sent, so the quotes never reach the client.
 * Returns the answer and its quotes once the model has finished.
 */
export async function* modelAnswerDeltas(
  ai: AiModel,
  request: StreamTextRequest,
): AsyncGenerator<TStreamEvent, TAnswerAndEvidence> {
  let streamed = '';
  let shown = '';
  for await (const delta of ai.streamText(request)) {
    // A leading blank line is no part of the answer (splitAnswerAndEvidence trims it too).
    streamed = `${streamed}${delta}`.trimStart();
    const prefix = shownAnswerPrefix(streamed);
    if (prefix.length > shown.length) {
      yield { type: 'delta', content: prefix.slice(shown.length) };
      shown = prefix;
    }
  }
  const final = splitAnswerAndEvidence(streamed);
  if (final.answer.length > shown.length && final.answer.startsWith(shown)) {
    yield { type: 'delta', content: final.answer.slice(shown.length) };
  }
  return final;
}
