import type { SessionKind } from './chat-sessions.repo';

/** What a session is called until its first question names it (the contract's createSession default). */
export const DEFAULT_SESSION_TITLE: Record<SessionKind, string> = { chat: 'New chat', review: 'New review' };

const TITLE_LENGTH = 60;

/**
 * A session's title from its first question (docs/ai.md#chat): whitespace collapsed, cut at the last
 * word boundary within about 60 characters, with an ellipsis when cut.
 */
export function titleFromQuestion(question: string, kind: SessionKind = 'chat'): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_LENGTH) return text || DEFAULT_SESSION_TITLE[kind];
  const cut = text.slice(0, TITLE_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // One very long word: cut it rather than keep nothing.
  const head = lastSpace >= TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : text.slice(0, TITLE_LENGTH);
  return `${head.replace(/[\s,;:.-]+$/, '')}…`;
}
