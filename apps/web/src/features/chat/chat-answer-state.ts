import type { TAnswerSource, TCitationCheck, TCitedPassage, TPaperRef, TStreamEvent } from '@paperbench/contract';
import type { TStreamProgress } from '../../api/use-event-stream';

/** An answer as it streams in: what the chat screen shows while and after it arrives. */
export type TChatAnswer = TStreamProgress & {
  /** The session the question went to; null until the server names the new session it created. */
  sessionId: number | null;
  question: string;
  /** The answer text so far; citations read `[n]`. */
  text: string;
  sources: TPaperRef[];
  passages: TCitedPassage[];
  /** Set by 'done': the stored message, how it was written, and the checker's verdict. */
  messageId: number | null;
  source: TAnswerSource | null;
  abstained: boolean;
  citations: TCitationCheck | null;
};

export function startAnswer(sessionId: number | null, question: string): TChatAnswer {
  return {
    sessionId,
    question,
    status: 'streaming',
    text: '',
    sources: [],
    passages: [],
    messageId: null,
    source: null,
    abstained: false,
    citations: null,
    error: null,
  };
}

/**
 * The answer after one event of the stream (the contract's ZStreamEvent order); useEventStream marks it
 * done or failed.
 */
export function applyStreamEvent(answer: TChatAnswer, event: TStreamEvent): TChatAnswer {
  switch (event.type) {
    case 'session':
      return { ...answer, sessionId: event.session_id };
    case 'sources':
      return { ...answer, sources: event.papers };
    case 'passages':
      return { ...answer, passages: event.passages };
    case 'delta':
      return { ...answer, text: answer.text + event.content };
    case 'done':
      return {
        ...answer,
        messageId: event.message_id,
        source: event.source,
        abstained: event.abstained,
        citations: event.citations,
      };
    case 'error':
    case 'idea':
    case 'outline':
    case 'section':
    case 'references':
      // The error's message is the stream's; ideas and review drafts stream on their own routes.
      return answer;
  }
}
