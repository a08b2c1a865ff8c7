import type { TCitedPassage } from '@paperbench/contract';
import { EVIDENCE_INSTRUCTION, numberedPassages } from '../../ai/grounding/grounded-prompt';
import type { AiMessage } from '../../ai/model';
import type { ChatMessageRow } from './chat-sessions.repo';

/** Abstention's one fixed answer (docs/ai.md#abstention), whichever layer abstains. */
export const ABSTENTION_ANSWER = 'I cannot find this in the selected papers.';

/** Earlier turns sent with a question: enough to resolve "it" and "they", few enough to stay cheap. */
const HISTORY_MESSAGES = 6;

const CITATION_MARKERS = /\s*\[\d+(?:\s*,\s*\d+)*\]/g;

/**
 * The system prompt of a grounded answer (docs/ai.md#chat): the passages numbered [1]…[n], a `[n]`
 * after every claim, abstention allowed in the fixed words, and a verbatim quote per citation in the
 * evidence block the server strips and checks (ai/grounding/evidence-block.ts).
 */
export function chatSystemPrompt(passages: readonly TCitedPassage[]): string {
  return [
    'You answer questions about research papers using ONLY the numbered passages below.',
    'Rules:',
    '- Put the passage number in square brackets, e.g. [2], right after every sentence that makes a claim; cite only numbers listed below.',
    '- Never use knowledge from outside the passages. Do not guess.',
    `- If the passages do not answer the question, reply exactly: ${ABSTENTION_ANSWER}`,
    '- Be concise: a few sentences, or a short list.',
    `- ${EVIDENCE_INSTRUCTION}`,
    '',
    'Passages:',
    numberedPassages(passages),
  ].join('\n');
}

/** A stored message as the model sees it again: the answer's citation markers pointed at other passages. */
const asAiMessage = (row: ChatMessageRow): AiMessage => ({
  role: row.role === 'assistant' ? 'assistant' : 'user',
  content: row.role === 'assistant' ? row.content.replace(CITATION_MARKERS, '') : row.content,
});

export function conversationMessages(history: readonly ChatMessageRow[], question: string): AiMessage[] {
  return [...history.slice(-HISTORY_MESSAGES).map(asAiMessage), { role: 'user', content: question }];
}

/** Asks for the last question as a standalone search query (docs/ai.md#full-text-and-passages: question rewriting). */
export function rewritePrompt(history: readonly ChatMessageRow[], question: string): string {
  const turns = history
    .slice(-HISTORY_MESSAGES)
    .map(asAiMessage)
    .map((message) => `${message.role}: ${message.content}`)
    .join('\n');
  return [
    'Rewrite the last question of this conversation as one standalone search query for finding passages in research papers.',
    'Resolve pronouns and references from the conversation; keep technical terms; add likely synonyms.',
    '',
    turns,
    `user: ${question}`,
  ].join('\n');
}
