import type { TAnswerSource, TCitationCheck, TCitedPassage, TPaperRef, TStreamEvent } from '@paperbench/contract';

/** An answer as it streams in: what the chat screen shows while and after it arrives. */
export type TChatAnswer = {
  /** The session the question went to; null until the server names the new session it created. */
  sessionId: number | null;
  question: string;
  status: 'streaming' | 'done' | 'error' | 'stopped';
  /** The answer text so far; citations read `[n]`. */
  text: string;
  sources: TPaperRef[];
  passages: TCitedPassage[];
  /** Set by 'done': the stored message, how it was written, and the checker's verdict. */
  messageId: number | null;
  source: TAnswerSource | null;
  abstained: boolean;
  citations: TCitationCheck | null;
  error: string | null;
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

/** The answer after one event of the stream (the contract's ZStreamEvent order). */
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
        status: 'done',
        messageId: event.message_id,
        source: event.source,
        abstained: event.abstained,
        citations: event.citations,
      };
    case 'error':
      return { ...answer, status: 'error', error: event.message };
    case 'idea':
    case 'outline':
    case 'section':
    case 'references':
      // Ideas and review drafts stream on their own routes; a chat answer has none.
      return answer;
  }
}
