import type {
  TConversationalSearchRequest,
  TConversationalSearchResponse,
  TConversationalSynthesis,
  TSearchHit,
  TSearchResponse,
  TStructuredQuery,
} from '@paperbench/contract';
import type { AiModel } from '../../ai/model';
import type { Db } from '../../db/client';
import { search } from '../search/search.service';
import { summarizeSearchResults } from '../summaries/search-summary.service';
import { bestQuote, citingSentences, keepSupportedSentences } from './grounded-text';
import { rewriteQuery } from './rewrite-query';
import { focusOf, hasSearchWords, relaxedSearchQueries, strictSearchQuery } from './structured-query';
import { suggestFollowUps } from './suggestions';

type Logger = { warn: (details: object, message: string) => void };

/** Said when the conversation gives nothing to search for ("since 2018" as a first request). */
export const NO_SEARCH_WORDS_ANSWER = 'The request names no topic to search for: say what the papers should be about.';

/**
 * The synthesis of the returned papers' abstracts (docs/ai.md#summaries), made by the search summary's
 * own machinery: `[n]` is papers[n-1], abstention when no abstract covers the request, the model's
 * citations judged by the deterministic checker. Here the sentences it could not verify are dropped,
 * and each remaining citation carries the abstract sentence it leans on.
 */
async function synthesise(
  ai: AiModel,
  query: TStructuredQuery,
  papers: readonly TSearchHit[],
): Promise<TConversationalSynthesis> {
  const summary = await summarizeSearchResults(ai, {
    query: focusOf(query),
    papers: [...papers],
    summary_type: 'brief',
  });
  if (summary.abstained) {
    return {
      text: summary.summary,
      source: summary.source,
      citations: [],
      unsupported: summary.citations.unsupported,
      abstained: true,
      checked: true,
    };
  }
  const text = keepSupportedSentences(summary.summary, summary.citations.supported);
  const passages = new Map(summary.passages.map((passage) => [passage.n, passage]));
  const citations = [...citingSentences(text)].flatMap(([n, sentences]) => {
    const passage = passages.get(n);
    return passage
      ? [{ n, platform: passage.platform, paper_id: passage.paper_id, quote: bestQuote(passage.text, sentences) }]
      : [];
  });
  return {
    text,
    source: summary.source,
    citations,
    unsupported: summary.citations.unsupported,
    abstained: false,
    // Every marker left is a supported citation of a paper that was returned.
    checked: citations.length === citingSentences(text).size,
  };
}

/**
 * The corpus search (POST /api/search/'s service) for a structured query: strict first (every term),
 * then, while that finds nothing, relaxed (any two terms, then any term; phrases and exclusions kept). Conversational
 * queries are not recorded as popular completions: they are built, not typed.
 */
async function runSearch(
  db: Db,
  query: TStructuredQuery,
  limit: number,
  log: Logger,
): Promise<{ searchQuery: string; result: TSearchResponse }> {
  const run = (text: string) =>
    search(
      db,
      {
        query: text,
        limit,
        offset: 0,
        sort: 'relevance',
        include_summary: false,
        summary_type: 'brief',
        categories: query.categories.length > 0 ? query.categories : undefined,
        from: query.date_from ?? undefined,
        to: query.date_to ?? undefined,
      },
      log,
      { record: false },
    );
  const strict = strictSearchQuery(query);
  const result = await run(strict);
  if (result.total > 0) return { searchQuery: strict, result };
  for (const relaxed of relaxedSearchQueries(query)) {
    const wider = await run(relaxed);
    if (wider.total > 0) return { searchQuery: relaxed, result: wider };
  }
  return { searchQuery: strict, result };
}

/**
 * POST /api/improved-conversational/search (docs/ai.md#conversational-search): the conversation's
 * structured query (model rewrite or offline parse), the corpus search, a cited synthesis of the
 * results' abstracts and up to four follow-ups. Reads only the public corpus; writes nothing.
 */
export async function conversationalSearch(
  { db, ai }: { db: Db; ai: AiModel },
  request: TConversationalSearchRequest,
  log: Logger,
  today: Date = new Date(),
): Promise<TConversationalSearchResponse> {
  const mode = ai.mode === 'model' ? 'model' : 'extractive';
  const { query, source } = await rewriteQuery(
    { db, ai },
    request.turns,
    request.previous_query,
    log,
    today,
    request.query_edited,
  );
  if (!hasSearchWords(query)) {
    return {
      query,
      query_source: source,
      search_query: '',
      papers: [],
      total: 0,
      synthesis: {
        text: NO_SEARCH_WORDS_ANSWER,
        source: mode,
        citations: [],
        unsupported: [],
        abstained: true,
        checked: true,
      },
      suggestions: [],
      mode,
    };
  }
  const { searchQuery, result } = await runSearch(db, query, request.limit, log);
  // One model call after the other: the synthesis first, since the reader waits for it.
  const synthesis = await synthesise(ai, query, result.results);
  const lastRequest = request.turns.at(-1)?.text ?? '';
  const suggestions = await suggestFollowUps(ai, lastRequest, query, result.results, log);
  return {
    query,
    query_source: source,
    search_query: searchQuery,
    papers: result.results,
    total: result.total,
    synthesis,
    suggestions,
    mode,
  };
}
