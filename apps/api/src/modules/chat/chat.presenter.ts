import type { TChatMessage, TChatSessionSummary } from '@paperbench/contract';
import type { ChatMessageRow, ChatSessionRow } from './chat-sessions.repo';

export function presentSession(row: ChatSessionRow): TChatSessionSummary {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A question is its text; an answer also carries its passages and the checker's verdicts for the UI. */
export function presentMessage(row: ChatMessageRow): TChatMessage {
  const message: TChatMessage = {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    source: row.source === 'model' || row.source === 'extractive' ? row.source : null,
    created_at: row.createdAt.toISOString(),
  };
  if (message.role === 'user') return message;
  return {
    ...message,
    passages: row.passages ?? [],
    citations: row.citations ?? { supported: [], unsupported: [] },
    abstained: row.abstained,
    unsupported_spans: row.unsupportedSpans ?? [],
  };
}
