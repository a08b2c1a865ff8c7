import {
  MAX_CONVERSATION_TURNS,
  MAX_TURN_CHARS,
  type TConversationalSearchResponse,
  type TConversationTurn,
  type TStructuredQuery,
  ZConversationalSearchResponse,
  ZConversationTurn,
  ZStructuredQuery,
} from '@paperbench/contract';
import { z } from 'zod';

/**
 * A conversational search as the screen keeps it (docs/ai.md#conversational-search): one exchange per
 * request, each with the turns it sent, the query it refined and its answer. Kept in session storage
 * so a reload of the tab keeps the conversation; a new tab starts afresh.
 */
export type TExchange = {
  id: number;
  /** What the user asked, as typed. */
  request: string;
  /** The turns sent for it, oldest first; the last is `request`. */
  turns: TConversationTurn[];
  /** The query it refined (the previous answer's, or this one's own chips as the user edited them). */
  previousQuery: TStructuredQuery | null;
  /** True when previousQuery is this exchange's own chips as the user edited them: the server runs them as given. */
  isQueryEdited: boolean;
  status: 'pending' | 'done' | 'error';
  response: TConversationalSearchResponse | null;
  /** Why the last attempt failed, in a sentence; null otherwise. */
  error: string | null;
};

export const EMPTY_STRUCTURED_QUERY: TStructuredQuery = {
  terms: [],
  phrases: [],
  categories: [],
  date_from: null,
  date_to: null,
  exclude: [],
};

/** An answer's text as a turn: its `[n]` cite a list of papers the next request does not see. */
function assistantTurnText(response: TConversationalSearchResponse): string {
  const text = response.synthesis.text
    .replace(/\s*\[\d+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= MAX_TURN_CHARS) return text;
  return `${text.slice(0, MAX_TURN_CHARS - 1).trimEnd()}…`;
}

/** A request as a turn, cut to the contract's length. */
const userTurn = (text: string): TConversationTurn => ({ role: 'user', text: text.slice(0, MAX_TURN_CHARS) });

/**
 * The turns a new request sends: each answered exchange before it (request, then answer), then the
 * request; the oldest are dropped past the contract's limit, never the new request.
 */
export function turnsFor(exchanges: readonly TExchange[], request: string): TConversationTurn[] {
  const earlier = exchanges.flatMap((exchange): TConversationTurn[] => {
    if (exchange.status !== 'done' || !exchange.response) return [];
    const answer = assistantTurnText(exchange.response);
    return answer ? [userTurn(exchange.request), { role: 'assistant', text: answer }] : [userTurn(exchange.request)];
  });
  return [...earlier, userTurn(request)].slice(-MAX_CONVERSATION_TURNS);
}

/** The query a follow-up refines: the latest answered exchange's, as its chips show it. */
export function latestQuery(exchanges: readonly TExchange[]): TStructuredQuery | null {
  for (let index = exchanges.length - 1; index >= 0; index -= 1) {
    const response = exchanges[index]?.response;
    if (response) return response.query;
  }
  return null;
}

/** The conversation's turns so far, for asking about one of its papers (the last turn is a user request). */
export function analysisTurnsFor(exchanges: readonly TExchange[], exchange: TExchange): TConversationTurn[] {
  const index = exchanges.indexOf(exchange);
  return turnsFor(exchanges.slice(0, Math.max(index, 0)), exchange.request);
}

const STORAGE_KEY = 'conversational-search';

/** What session storage holds: checked on the way in, since an older build may have written another shape. */
const ZStoredConversation = z.object({
  version: z.literal(1),
  exchanges: z.array(
    z.object({
      id: z.number().int(),
      request: z.string(),
      turns: z.array(ZConversationTurn),
      previousQuery: ZStructuredQuery.nullable(),
      isQueryEdited: z.boolean().default(false),
      status: z.enum(['pending', 'done', 'error']),
      response: ZConversationalSearchResponse.nullable(),
      error: z.string().nullable(),
    }),
  ),
});

/** The kept conversation, or none when there is none or it cannot be read (another shape, storage off). */
export function loadConversation(): TExchange[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return [];
    const stored = ZStoredConversation.safeParse(JSON.parse(raw));
    if (!stored.success) return [];
    // A request in flight when the tab was reloaded never answers: it is shown as failed, with Retry.
    return stored.data.exchanges.map(
      (exchange): TExchange =>
        exchange.status === 'pending'
          ? { ...exchange, status: 'error', error: 'The page was reloaded before the answer came.' }
          : exchange,
    );
  } catch {
    return [];
  }
}

/** Keeps the conversation for this tab; a full or disabled storage only loses it on reload. */
export function saveConversation(exchanges: readonly TExchange[]): void {
  try {
    if (exchanges.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, exchanges }));
  } catch {
    // Storage full or disabled (private mode): keeping the conversation is a nicety, never an error.
  }
}
