import { paperRefKey } from '@paperbench/contract';
/** docs/search.md#common-words: a plain word's page cut from the order ranked for it in the background. */
import { and, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { papers } from '../../db/schema';
import { matchesFullText, webSearchQuery } from '../../db/sql/full-text';
import { amongPaperRefs } from '../papers/paper-visibility.repo';
import { type KeptOrder, selectCommonOrder } from './common-query-windows.repo';
import { rankedFromIndexOrder, type ScoredKey } from './kept-order';
import { keepWindow, type RankedWindow } from './ranked-window-cache';
import type { SearchFilters } from './search-compile';
import { type Counting, countCompiled } from './search-count.repo';
import { tableRowEstimate } from './search-index.repo';
import { type CorpusLimits, RANK_WINDOW } from './search-limits';
import type { ParsedQuery } from './search-query';

/**
 * docs/search.md#common-words: a plain word, typed alone with no filter, is the key of the windows
 * ranked in the background (common_query_windows): one word, letters and hyphens, lower-cased, so
 * `Model` finds the window of `model` (both the stemmed and the exact vector ignore case).
 */
export const COMMON_WORD = /^[a-z][a-z-]*$/;

/** A word a query excludes from a common word's kept order (`model -graph`): letters only. */
const EXCLUDED_WORD = /^[a-z]+$/;

/**
 * The common word whose kept order a query can be cut from, and the words it excludes: a plain word,
 * alone or with excluded plain words, without a filter, an author, a phrase or OR.
 */
function commonQueryOf(
  { groups, hasPhrase }: ParsedQuery,
  { categories, from, to, author }: SearchFilters,
): { word: string; excluded: string[] } | undefined {
  if (categories || from || to || author || hasPhrase || groups.some((group) => group.length !== 1)) return undefined;
  const items = groups.flat();
  const wanted = items.filter((item) => !item.excluded);
  const excluded = items.filter((item) => item.excluded).map((item) => item.text.toLowerCase());
  const word = wanted.length === 1 ? wanted[0]?.text.toLowerCase() : undefined;
  if (!word || !COMMON_WORD.test(word) || !excluded.every((text) => EXCLUDED_WORD.test(text))) return undefined;
  return { word, excluded };
}

/** How many keys of a kept order are tested at once for excluded words (a primary-key lookup each). */
const EXCLUSION_BATCH = 300;

/**
 * docs/search.md#common-words: a kept index order without the papers that hold an excluded word, as
 * far as `needed` keys (or the whole order), tested batch by batch. An exclusion changes no rank
 * (RUM's distance to `model & !graph` is its distance to `model`), so what is left is the start of the
 * query's own index order; as deep as the kept order was complete, it is the whole of it.
 */
async function withoutExcluded(db: Db, order: KeptOrder, excluded: readonly string[], needed: number) {
  const excludedWords = or(...excluded.map((word) => matchesFullText(webSearchQuery(word)))) as SQL;
  const left: ScoredKey[] = [];
  let tested = 0;
  while (tested < order.keys.length && left.length < needed) {
    const batch = order.keys.slice(tested, tested + EXCLUSION_BATCH);
    const holding = new Set(
      (await papersHolding(db, batch, excludedWords)).map((key) =>
        paperRefKey({ platform: key.platform, paper_id: key.paperId }),
      ),
    );
    left.push(...batch.filter((key) => !holding.has(paperRefKey({ platform: key.platform, paper_id: key.paperId }))));
    tested += batch.length;
  }
  const whole = tested === order.keys.length && order.keys.length < order.depth;
  return { keys: left, depth: whole ? order.depth : left.length };
}

/** Which of these papers meet `condition`, looked up by primary key. */
function papersHolding(db: Db, keys: readonly ScoredKey[], condition: SQL) {
  const refs = keys.map((key) => ({ platform: key.platform, paper_id: key.paperId }));
  return db
    .select({ platform: papers.platform, paperId: papers.paperId })
    .from(papers)
    .where(and(amongPaperRefs(refs), condition));
}

/**
 * The order ranked in the background for a plain word on a large corpus, less the papers holding the
 * words the query excludes, ranked as a search pages it and kept in memory once read like a window
 * ranked here (a small corpus has none, and is not asked). Undefined when what is left cannot fill
 * the rank window. Its total is counted now, as for any search (for a word this common, the planner's
 * estimate): so it agrees with the same query's total by date, and follows each harvest.
 */
export async function recallCommonWindow(
  db: Db,
  cacheKey: string,
  {
    parsed,
    filters,
    counting,
    limits,
    needed,
  }: {
    parsed: ParsedQuery;
    filters: SearchFilters;
    counting: Counting;
    limits: CorpusLimits;
    needed: number;
  },
): Promise<RankedWindow | undefined> {
  const common = commonQueryOf(parsed, filters);
  if (!common || (await tableRowEstimate(db)) < limits.estimatedFrom) return undefined;
  const order = await selectCommonOrder(db, common.word);
  if (!order) return undefined;
  const window = RANK_WINDOW.rum;
  const left = common.excluded.length
    ? await withoutExcluded(db, order, common.excluded, Math.max(window, needed))
    : order;
  // The rank window is re-ranked whole: it needs `window` keys, or every match.
  if (left.keys.length < window && left.keys.length >= left.depth) return undefined;
  const keys = rankedFromIndexOrder(left.keys, window);
  const ranked = { keys, depth: left.depth, ...(await countCompiled(db, counting, limits)) };
  keepWindow(db, cacheKey, ranked);
  return ranked;
}
