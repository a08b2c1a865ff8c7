import type { TJumpMissing, TSearchHighlights, TSearchRequest, TSearchResponse } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { PaperRow } from '../../db/columns/paper-columns';
import { AppError } from '../../lib/app-error';
import { fetchMissingArxivPaper } from '../papers/arxiv-on-demand';
import { presentPaper } from '../papers/paper.presenter';
import { MAX_RECORDED_LENGTH, recordQuery } from './popular-queries.repo';
import { detectQueryIntent, looksLikeName, type QueryIntent } from './query-intent';
import { applyCorrections, correctableWords, normaliseQuery } from './query-words';
import { countMatches, findNamedPaper, RANK_WINDOW, type SearchFilters, searchPapers } from './search.repo';
import { corpusCategories, resolveCategoryFilter } from './search-categories.repo';
import { candidateWords, highlightingOf, matchRanges, runsToMark } from './search-highlights';
import { searchIndexOf } from './search-index.repo';
import { correctWords } from './spelling.repo';
import { lexemesOfWords } from './word-lexemes.repo';

type Logger = { warn: (details: object, message: string) => void };

async function resolveFilters(db: Db, request: TSearchRequest, author: string | null): Promise<SearchFilters> {
  const { from, to } = request;
  if (!request.categories?.length) return { categories: null, from, to, author };
  const { categories } = await corpusCategories(db);
  return { categories: resolveCategoryFilter(request.categories, categories), from, to, author };
}

/** Who may have a missing arXiv paper fetched: a signed-in caller (docs/security.md#outbound-requests-to-arxiv). */
export interface JumpFetch {
  context: Pick<AppContext, 'db' | 'config'>;
  caller: number | null;
}

type NamedPaper = { paper: PaperRow; missing: null } | { paper: null; missing: TJumpMissing };

/**
 * docs/search.md#jumps: the paper an arXiv id, URL or DOI names, or why there is none. An arXiv paper
 * the corpus lacks is fetched for a signed-in caller; without it the query is also searched as words
 * (the box never fails because a paste was not an id after all).
 */
async function namedPaper(
  db: Db,
  intent: Extract<QueryIntent, { kind: 'paper' }>,
  fetch: JumpFetch | undefined,
): Promise<NamedPaper> {
  const found = intent.paperId ? await findNamedPaper(db, { paperId: intent.paperId }) : undefined;
  const byDoi = !found && intent.via === 'doi' ? await findNamedPaper(db, { doi: intent.doi }) : undefined;
  const known = found ?? byDoi;
  if (known) return { paper: known, missing: null };
  if (!intent.paperId || !fetch?.context.config.ARXIV_FETCH_MISSING) return { paper: null, missing: 'not_in_corpus' };
  if (!fetch.caller) return { paper: null, missing: 'sign_in_to_fetch' };
  try {
    await fetchMissingArxivPaper(fetch.context, fetch.caller, { platform: 'arxiv', paper_id: intent.paperId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { paper: null, missing: error.code === 'NOT_FOUND' ? 'not_on_arxiv' : 'arxiv_unreachable' };
  }
  // Read back from the primary the fetch wrote to: a read replica may not have it yet.
  const fetched = await findNamedPaper(fetch.context.db, { paperId: intent.paperId });
  return fetched ? { paper: fetched, missing: null } : { paper: null, missing: 'not_on_arxiv' };
}

/** docs/search.md#syntax: a query that reads as a name and names an author of the corpus is that author. */
async function detectedAuthor(db: Db, query: string): Promise<string | null> {
  if (!looksLikeName(query)) return null;
  return (await countMatches(db, '', { categories: null, author: query })).total > 0 ? query : null;
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
  const { total } = await countMatches(db, corrected, filters);
  return total > 0 ? { query: corrected, total } : null;
}

/**
 * docs/search.md#highlights: the words of each row's title and abstract that the database reads as
 * one of the query's lexemes, asking it only about words it has not been asked about before.
 */
async function withHighlights<Row extends { title: string; abstract: string | null; queryText: string }>(
  db: Db,
  rows: readonly Row[],
): Promise<{ row: Row; highlights: TSearchHighlights }[]> {
  const highlighting = highlightingOf(rows[0]?.queryText ?? '');
  if (!highlighting) return rows.map((row) => ({ row, highlights: { title: [], abstract: [] } }));
  const page = rows.map((row) => ({
    row,
    title: runsToMark(row.title, highlighting),
    abstract: runsToMark(row.abstract, highlighting),
  }));
  const runs = page.flatMap(({ title, abstract }) => [...title, ...abstract]);
  const known = await lexemesOfWords(db, candidateWords(runs, highlighting));
  const matches = (word: string) => known.get(word)?.some((lexeme) => highlighting.lexemes.has(lexeme)) ?? false;
  return page.map(({ row, title, abstract }) => ({
    row,
    highlights: { title: matchRanges(title, matches), abstract: matchRanges(abstract, matches) },
  }));
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
 * The categories that name something in the corpus, in their order: conversational search keeps only these
 * of a model's rewrite (a made-up category would silently match nothing).
 */
export async function knownCategories(db: Db, categories: readonly string[]): Promise<string[]> {
  if (categories.length === 0) return [];
  const { categories: known } = await corpusCategories(db);
  return categories.filter((category) => resolveCategoryFilter([category], known).length > 0);
}

/**
 * `db` may be a read replica (docs/deploy.md#read-replica): popular queries are written through
 * `record`, the primary, or not at all (`false`) for queries a program built rather than a user typed
 * (conversational search, docs/ai.md#conversational-search): they must not become popular completions.
 */
export async function search(
  db: Db,
  request: TSearchRequest,
  log: Logger,
  { record = db, fetch }: { record?: Db | false; fetch?: JumpFetch } = {},
): Promise<TSearchResponse> {
  const index = await searchIndexOf(db);
  const intent = detectQueryIntent(request.query);
  const empty = { query: request.query, sort: request.sort, author: null, did_you_mean: null, summary: null };
  const named = intent.kind === 'paper' ? await namedPaper(db, intent, fetch) : undefined;
  if (intent.kind === 'paper' && named?.paper) {
    const paper = presentPaper(named.paper);
    const onPage = request.offset === 0 ? [{ ...paper, score: 1, highlights: { title: [], abstract: [] } }] : [];
    return {
      ...empty,
      total: 1,
      total_estimated: false,
      results: onPage,
      ranking: { index, ranked: 1 },
      jump: { via: intent.via, paper, missing: null },
    };
  }
  const jump = intent.kind === 'paper' && named ? { via: intent.via, paper: null, missing: named.missing } : null;
  const typed = intent.kind === 'text' ? intent.query : request.query;
  const author = intent.kind === 'text' ? (intent.author ?? (await detectedAuthor(db, typed))) : null;
  // A detected name is searched as an author, not as words (which would also find papers citing them).
  const query = author && intent.kind === 'text' && !intent.author ? '' : typed;
  const filters = await resolveFilters(db, request, author);
  // A filter naming no category of the corpus matches nothing; the database need not be asked.
  const hasNoCategory = filters.categories?.length === 0;
  const { rows, total, estimated } = hasNoCategory
    ? { rows: [], total: 0, estimated: false }
    : await searchPapers(db, { ...request, ...filters, query, index });
  if (record) rememberQuery(record, log, request, total);
  const isFirstPageEmpty = total === 0 && request.offset === 0 && !hasNoCategory;
  const hits = await withHighlights(db, rows);
  return {
    ...empty,
    total,
    total_estimated: estimated,
    results: hits.map(({ row: { queryText: _, ...row }, highlights }) => ({
      ...presentPaper(row),
      score: Number(row.score),
      highlights,
    })),
    author,
    ranking: { index, ranked: request.sort === 'relevance' && query ? Math.min(total, RANK_WINDOW[index]) : 0 },
    jump,
    did_you_mean: isFirstPageEmpty && query ? await suggestCorrection(db, query, filters) : null,
    // Summaries are written by POST /api/search-summary/, never inside search itself.
  };
}
