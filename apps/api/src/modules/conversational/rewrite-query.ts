import type { TConversationTurn, TStructuredQuery } from '@paperbench/contract';
import { z } from 'zod';
import { withoutMarkers } from '../../ai/grounding/cited-sentences';
import type { AiModel } from '../../ai/model';
import type { Db } from '../../db/client';
import { newestPublicationDate } from '../papers/papers.repo';
import { knownCategories } from '../search/search.service';
import { parseConversation, RECENT_YEARS } from './parse-request';
import { hasSearchWords, normaliseQuery } from './structured-query';

type Logger = { warn: (details: object, message: string) => void };

/** Turns the model sees: enough to follow a refinement, few enough to stay cheap. */
const PROMPT_TURNS = 8;
/** An assistant turn (a synthesis) is context, not a request: its start is enough. */
const ASSISTANT_TURN_CHARS = 400;

/** What the model is asked for; lenient on counts and lengths, normaliseQuery enforces the contract's. */
export const ZModelQuery = z.object({
  terms: z.array(z.string()).max(60),
  phrases: z.array(z.string()).max(60),
  categories: z.array(z.string()).max(60),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  exclude: z.array(z.string()).max(60),
});

const SYSTEM = [
  "You turn a researcher's request, in a conversation, into a structured search query over arXiv paper titles and abstracts.",
  'Fields:',
  '- terms: the topic\'s content words or short technical terms (1-3 words each), no filler such as "papers", "recent" or "work on"; at most 8.',
  '- phrases: exact multi-word phrases the papers must contain, only when the user quoted them or they are fixed names.',
  '- categories: arXiv categories such as cs.CL, stat.ML, q-bio.BM, only when the user names a field or category; else [].',
  '- date_from, date_to: YYYY-MM-DD bounds of the publication date when the user asks for a period ("since 2018": 2018-01-01), else null.',
  '- exclude: words the papers must not contain (types of paper or topics the user rules out: "not reviews" gives "review").',
  'When a previous query is given, the last request REFINES it: keep every field the request does not change, add what it adds,',
  'remove what it removes. Start from scratch only when the user says to start over or clearly asks about an unrelated topic.',
].join('\n');

const asLine = (turn: TConversationTurn) =>
  `${turn.role}: ${turn.role === 'assistant' ? withoutMarkers(turn.text).slice(0, ASSISTANT_TURN_CHARS) : turn.text}`;

export function rewritePrompt(
  turns: readonly TConversationTurn[],
  previous: TStructuredQuery | undefined,
  today: Date,
  newest: Date = today,
) {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return [
    `Today is ${day(today)}. The newest paper of the corpus was published on ${day(newest)}: "recent" or "latest"`,
    `without a period means the ${RECENT_YEARS} years before that day.`,
    previous ? `Previous query (as the user left it): ${JSON.stringify(previous)}` : 'There is no previous query.',
    '',
    'Conversation (the last line is the request to rewrite):',
    ...turns.slice(-PROMPT_TURNS).map(asLine),
  ].join('\n');
}

export interface RewrittenQuery {
  query: TStructuredQuery;
  /** 'model' only when the model's query was used; 'user' for the user's own chips; the parser's otherwise, said so. */
  source: 'model' | 'parser' | 'user';
}

/**
 * The conversation's structured query (docs/ai.md#conversational-search). With a model: its rewrite,
 * validated with zod (generateObject repairs an invalid reply once), normalised, its categories kept
 * only when the corpus has them. The offline parser answers instead when no model is configured, and
 * when the model fails, stays invalid after the repair, or gives no word to search for; `source` says which.
 */
export async function rewriteQuery(
  { db, ai }: { db: Db; ai: AiModel },
  turns: readonly TConversationTurn[],
  previous: TStructuredQuery | undefined,
  log: Logger,
  today: Date = new Date(),
  isEdited = false,
): Promise<RewrittenQuery> {
  // The user edited this turn's chips: they are the query, as given; reading the request again would undo the edit.
  if (isEdited && previous) {
    return {
      query: normaliseQuery({ ...previous, categories: await knownCategories(db, previous.categories) }),
      source: 'user',
    };
  }
  // "Recent" counts back from the corpus's newest paper (parse-request.ts, RECENT_YEARS), never from a future date.
  const newestDate = await newestPublicationDate(db);
  const newest =
    newestDate && new Date(`${newestDate}T00:00:00Z`) < today ? new Date(`${newestDate}T00:00:00Z`) : today;
  const parsed = (): RewrittenQuery => ({ query: parseConversation(turns, previous, today, newest), source: 'parser' });
  if (ai.mode !== 'model') return parsed();
  try {
    const reply = await ai.generateObject({
      schema: ZModelQuery,
      name: 'structured_search_query',
      system: SYSTEM,
      prompt: rewritePrompt(turns, previous, today, newest),
    });
    const query = normaliseQuery({ ...reply, categories: await knownCategories(db, reply.categories) });
    if (hasSearchWords(query)) return { query, source: 'model' };
    log.warn({ reply }, 'conversational search: the model gave no search words; parsing the request instead');
  } catch (error) {
    log.warn({ err: error }, 'conversational search: query rewriting failed; parsing the request instead');
  }
  return parsed();
}
