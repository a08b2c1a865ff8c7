import { type TChatQuote, WEB_ROUTE_PATHS, ZChatQuote } from '@paperbench/contract';
import { CHAT_STREAM_SOURCE } from './use-chat-stream';

/**
 * The reader's Ask AI opens chat with the marked passage as the question's context: it navigates to
 * /chat with this router state (not the URL, so a quote never lands in history or logs), and the chat
 * screen reads it back and sends it as the request's `quote` (docs/annotations.md).
 */
export type TChatQuoteState = { quote: TChatQuote };

export const chatWithQuote = (quote: TChatQuote): { to: string; state: TChatQuoteState } => ({
  to: WEB_ROUTE_PATHS.chat,
  state: { quote },
});

/** The quote in a location's state, when it carries a valid one. */
export function readChatQuoteState(state: unknown): TChatQuote | null {
  if (typeof state !== 'object' || state === null || !('quote' in state)) return null;
  const parsed = ZChatQuote.safeParse(state.quote);
  return parsed.success ? parsed.data : null;
}

/** /chat's stream source, its next question carrying the quote (none: the plain source). */
export const sourceWithQuote = (quote: TChatQuote | null): typeof CHAT_STREAM_SOURCE =>
  quote === null
    ? CHAT_STREAM_SOURCE
    : {
        ...CHAT_STREAM_SOURCE,
        body: (message, sessionId) => ({ ...CHAT_STREAM_SOURCE.body(message, sessionId), quote }),
      };
