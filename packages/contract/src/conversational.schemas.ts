import { z } from 'zod';
import { DEFAULT_PLATFORM, ZAnswerSource, ZPaperId, ZPlatform, zText } from './common';
import { ZCategoryFilter, ZSearchHit } from './search.schemas';

/**
 * Conversational search (docs/ai.md#conversational-search): POST /api/improved-conversational/search and
 * /analyze-paper. A conversation of natural-language requests becomes a structured query (shown as
 * editable chips), run through the corpus search; follow-ups refine the previous query.
 */

/** Most turns a conversation may send; older ones are the client's to drop. */
export const MAX_CONVERSATION_TURNS = 20;
/** Longest turn, in characters (a client shortens long assistant turns before sending them). */
export const MAX_TURN_CHARS = 2000;
/** Most follow-up suggestions a search answer carries. */
export const MAX_CONVERSATIONAL_SUGGESTIONS = 4;

/** One turn of the conversation: what the user asked, or what was answered (the synthesis text). */
export const ZConversationTurn = z.object({
  role: z.enum(['user', 'assistant']),
  text: zText({ trim: true, max: MAX_TURN_CHARS, label: 'turn' }),
});
export type TConversationTurn = z.infer<typeof ZConversationTurn>;

/** The conversation so far, oldest first; the last turn is the new user request and must not be blank. */
export const ZConversationTurns = z
  .array(ZConversationTurn)
  .min(1, 'turns must hold at least the new request')
  .max(MAX_CONVERSATION_TURNS, `at most ${MAX_CONVERSATION_TURNS} turns`)
  .refine((turns) => turns.at(-1)?.role === 'user', { message: "the last turn must be the user's request" })
  .refine((turns) => (turns.at(-1)?.text ?? '') !== '', { message: 'the last turn must not be empty' });

/** A search word or phrase of a structured query: trimmed, 1-100 characters. */
const ZQueryTerm = zText({ trim: true, min: 1, max: 100, label: 'term' });
/** A calendar date, YYYY-MM-DD. */
const ZQueryDate = zText().date('a date must be a real calendar date, YYYY-MM-DD');

/**
 * A request as a structured query, each field one kind of chip the user may edit or remove. Run as the
 * corpus search (POST /api/search/) with `terms` and `"phrases"` as the query, `-exclude` words, the
 * categories filter and the inclusive date range.
 */
export const ZStructuredQuery = z
  .object({
    /** Words the papers should match (any of them, ranked by how many and where). */
    terms: z.array(ZQueryTerm).max(20, 'at most 20 terms').default([]),
    /** Exact phrases the papers must contain. */
    phrases: z.array(ZQueryTerm).max(10, 'at most 10 phrases').default([]),
    /** arXiv categories or archives (cs.CL, stat.ML, math); empty means every category. */
    categories: z.array(ZCategoryFilter).max(20, 'at most 20 categories').default([]),
    /** Published on or after (inclusive), or null. */
    date_from: ZQueryDate.nullable().default(null),
    /** Published on or before (inclusive), or null. */
    date_to: ZQueryDate.nullable().default(null),
    /** Words the papers must not contain (sent as -word). */
    exclude: z.array(ZQueryTerm).max(20, 'at most 20 exclusions').default([]),
  })
  .refine(({ date_from, date_to }) => !date_from || !date_to || date_from <= date_to, {
    message: 'date_from must not be after date_to',
    path: ['date_from'],
  });
export type TStructuredQuery = z.infer<typeof ZStructuredQuery>;

export const ZConversationalSearchRequest = z.object({
  turns: ZConversationTurns,
  /**
   * The previous answer's query as the user left it (chips edited or removed). When present, the new
   * request refines it ("only since 2019", "also in cs.LG", "without surveys") instead of starting over.
   */
  previous_query: ZStructuredQuery.optional(),
  /**
   * True when previous_query is this turn's own chips as the user edited them: it is run as given (unknown
   * categories dropped) and the last turn is not read again.
   */
  query_edited: z.boolean().default(false),
  /** How many papers to return. */
  limit: z.number().int().min(1).max(50).default(10),
});
export type TConversationalSearchRequest = z.infer<typeof ZConversationalSearchRequest>;

/** A citation of the synthesis: `[n]` is the n-th paper of `papers`, `quote` the words of its abstract relied on. */
export const ZSynthesisCitation = z.object({
  n: z.number().int().min(1),
  platform: zText(),
  paper_id: zText(),
  quote: zText(),
});
export type TSynthesisCitation = z.infer<typeof ZSynthesisCitation>;

/** A short cited synthesis of the returned papers' abstracts (docs/ai.md#summaries). */
export const ZConversationalSynthesis = z.object({
  /** Sentences with `[n]` markers citing `papers[n-1]`; sentences the checker could not verify are dropped. */
  text: zText(),
  /** 'model' when an LLM wrote it, 'extractive' when made of the abstracts' own sentences offline. */
  source: ZAnswerSource,
  /** One entry per `[n]` left in `text`, in order of n. */
  citations: z.array(ZSynthesisCitation),
  /** Citation numbers the deterministic checker rejected (their sentences were dropped). */
  unsupported: z.array(z.number().int().min(1)),
  /** True when `text` is the fixed sentence saying the results do not address the request. */
  abstained: z.boolean(),
  /** True when every `[n]` in `text` passed the deterministic citation checker (docs/ai.md#citations). */
  checked: z.boolean(),
});
export type TConversationalSynthesis = z.infer<typeof ZConversationalSynthesis>;

export const ZConversationalSearchResponse = z.object({
  /** The structured query that was run: show it as chips; send it back as previous_query on the next turn. */
  query: ZStructuredQuery,
  /**
   * What produced `query`: the model's rewrite, the offline parser (no model, or the model's reply was
   * unusable), or the user's own edit of the chips (query_edited).
   */
  query_source: z.enum(['model', 'parser', 'user']),
  /** The query as web-search syntax, as POST /api/search/ ran it. */
  search_query: zText(),
  papers: z.array(ZSearchHit),
  /** Papers matching the query (all pages). */
  total: z.number().int(),
  synthesis: ZConversationalSynthesis,
  /** Up to 4 follow-up requests, phrased as the user would type them. */
  suggestions: z.array(zText()).max(MAX_CONVERSATIONAL_SUGGESTIONS),
  /** 'model' when a model is configured and was used; 'extractive' offline. */
  mode: ZAnswerSource,
});
export type TConversationalSearchResponse = z.infer<typeof ZConversationalSearchResponse>;

export const ZAnalyzePaperRequest = z.object({
  turns: ZConversationTurns,
  /** The conversation's current structured query, if any (its terms help rank the paper's passages). */
  query: ZStructuredQuery.optional(),
  platform: ZPlatform.default(DEFAULT_PLATFORM),
  paper_id: ZPaperId,
});
export type TAnalyzePaperRequest = z.infer<typeof ZAnalyzePaperRequest>;

/** A citation of the analysis: `quote` is a passage of the paper, `page` its 1-based PDF page (null for the abstract). */
export const ZAnalysisCitation = z.object({
  n: z.number().int().min(1),
  quote: zText(),
  page: z.number().int().min(1).nullable(),
});
export type TAnalysisCitation = z.infer<typeof ZAnalysisCitation>;

export const ZAnalyzePaperResponse = z.object({
  paper_id: zText(),
  platform: zText(),
  /** Why the paper answers the conversation, with `[n]` markers; unverified sentences are dropped. */
  text: zText(),
  /** One entry per `[n]` left in `text`, in order of n. */
  citations: z.array(ZAnalysisCitation),
  /** Citation numbers the deterministic checker rejected (their sentences were dropped). */
  unsupported: z.array(z.number().int().min(1)),
  /** Where the passages came from: the extracted full text when ready, else the abstract. */
  source: z.enum(['abstract', 'full_text']),
  /** True when `text` is the fixed sentence saying the paper does not address the conversation. */
  abstained: z.boolean(),
  /** 'model' when an LLM wrote it, 'extractive' when made of the paper's own sentences offline. */
  mode: ZAnswerSource,
});
export type TAnalyzePaperResponse = z.infer<typeof ZAnalyzePaperResponse>;
