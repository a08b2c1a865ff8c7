import type { TSearchRequest, TSearchResponse } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { presentPaper } from '../papers/paper.presenter';
import { MAX_RECORDED_LENGTH, recordQuery } from './popular-queries.repo';
import { applyCorrections, correctableWords, normaliseQuery } from './query-words';
import { countMatches, type SearchFilters, searchPapers } from './search.repo';
import { corpusCategories, resolveCategoryFilter } from './search-categories.repo';
import { matchRanges } from './search-highlights';
import { correctWords } from './spelling.repo';

type Logger = { warn: (details: object, message: string) => void };

async function resolveFilters(db: Db, request: TSearchRequest): Promise<SearchFilters> {
  const { from, to } = request;
  if (!request.categories?.length) return { categories: null, from, to };
  const { categories } = await corpusCategories(db);
  return { categories: resolveCategoryFilter(request.categories, categories), from, to };
}

/**
 * "Did you mean": the query with its unknown words replaced by the closest title words, offered
 * only when that query finds something under the same filters.
 */
async function suggestCorrection(db: Db, query: string, filters: SearchFilters) {
  const words = correctableWords(query);
  const corrections = await correctWords(
    db,
    words.map((w) => w.word),
  );
  if (corrections.size === 0) return null;
  const corrected = applyCorrections(query, words, corrections);
  const total = await countMatches(db, corrected, filters);
  return total > 0 ? { query: corrected, total } : null;
}

/**
 * Popular completions learn from searches that found something. The write runs after the answer
 * and its failure is only logged: a search never waits for, or fails because of, its bookkeeping.
 */
function rememberQuery(db: Db, log: Logger, request: TSearchRequest, total: number) {
  const query = normaliseQuery(request.query);
  if (total === 0 || request.offset > 0 || query.length > MAX_RECORDED_LENGTH) return;
  recordQuery(db, query, total).catch((err: unknown) => log.warn({ err }, 'could not record a popular query'));
}

/**
 * `record: false` for queries a program built rather than a user typed (conversational search,
 * docs/ai.md#conversational-search): they must not become popular completions.
 */
export async function search(
  db: Db,
  request: TSearchRequest,
  log: Logger,
  { record = true }: { record?: boolean } = {},
): Promise<TSearchResponse> {
  const filters = await resolveFilters(db, request);
  // A filter naming no category of the corpus matches nothing; the database need not be asked.
  const hasNoCategory = filters.categories?.length === 0;
  const { rows, total } = hasNoCategory ? { rows: [], total: 0 } : await searchPapers(db, { ...request, ...filters });
  if (record) rememberQuery(db, log, request, total);
  const isFirstPageEmpty = total === 0 && request.offset === 0 && !hasNoCategory;
  return {
    query: request.query,
    sort: request.sort,
    total,
    results: rows.map(({ markedTitle, markedAbstract, ...row }) => ({
      ...presentPaper(row),
      score: Number(row.score),
      highlights: { title: matchRanges(row.title, markedTitle), abstract: matchRanges(row.abstract, markedAbstract) },
    })),
    did_you_mean: isFirstPageEmpty ? await suggestCorrection(db, request.query, filters) : null,
    // Summaries are written by POST /api/search-summary/, never inside search itself.
    summary: null,
  };
}
