import { paperRefKey } from '@paperbench/contract';
import { and, count, eq, gte, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { inAnyCategory } from '../../db/sql/categories';
import { matchesFullText, relevance, webSearchQuery } from '../../db/sql/full-text';
import { matchesRankedDocument, rankedDocument } from '../../db/sql/search-facets';
import { amongPaperRefs, UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { type KeptOrder, selectCommonOrder } from './common-query-windows.repo';
import { rankedFromIndexOrder, type ScoredKey } from './kept-order';
import { keepWindow, type RankedKey, type RankedWindow, recallWindow } from './ranked-window-cache';
import { type SearchIndex, searchIndexOf, tableRowEstimate } from './search-index.repo';
import { type ParsedQuery, parseSearchQuery, stemmedQueryText } from './search-query';

export interface SearchFilters {
  /** Corpus categories already resolved from the request's categories and archives; null: no filter. */
  categories: readonly string[] | null;
  from?: string | undefined;
  to?: string | undefined;
  /** `author:` in the query (docs/search.md#jumps): only papers with an author named so, words in order. */
  author?: string | null | undefined;
}

export interface SearchPage extends SearchFilters {
  query: string;
  sort: 'relevance' | 'date';
  limit: number;
  offset: number;
  index: SearchIndex;
  /** What a large corpus changes, from which size (CORPUS_LIMITS; tests lower it to reach those paths). */
  limits?: CorpusLimits;
}

/**
 * docs/search.md#ranking: this many matches, the index's first, are ranked in full (stemmed rank,
 * exact words, the query as a title phrase); past them, matches follow in the index's own order. One
 * fixed window keeps pages consistent: a paper never moves from one page to another as the user pages.
 * RUM hands matches out by rank, so a shorter window only re-orders its best by the tiers; GIN hands
 * them out newest first, so its window is the candidate set. Scoring is what a GIN search costs
 * (~25 µs a match on PGlite), and the known-item benchmark scores the same at 300 as at 1,000
 * (docs/search.md#plans).
 */
export const RANK_WINDOW: Record<SearchIndex, number> = { rum: 200, gin: 300 };

/**
 * docs/search.md#repeated-searches: how deep the kept order of a query too common to count goes once
 * the user pages past its rank window (the depth the results page offers, 1,000).
 */
export const KEPT_DEPTH = 1000;

/**
 * What a large corpus changes, and from which size (tests lower them to reach those paths):
 * - docs/search.md#totals: on a corpus of `estimatedFrom` papers and more, a query whose planned match
 *   count exceeds `exactUpTo` reports the planner's estimate. Counting a word in 40 % of 2.6M papers
 *   reads half the table (2.5 s here); the estimate of one word comes from ANALYZE's word statistics.
 *   Words alone (no filter, phrase or exclusion), or with RUM a lone phrase, that the planner thinks
 *   rarer are counted by the full-text index itself, and past `indexedUpTo` that number is the
 *   estimate: the planner takes words for independent (`black hole`: 65 planned, 17,408 found), and
 *   counting 17,408 rows read 17,131 heap pages (75-220 ms).
 * - docs/search.md#by-date: on the same corpus, a page by date is read from a range of the newest
 *   papers when the planner's estimate puts its matches `newestWalk` papers down or further. Nearer,
 *   walking the date index and testing each paper is cheaper than the full-text index's bitmap of every
 *   match (`model`, in 43 % of the papers, at offset 900: 35 ms walked, 71 ms through the range, at
 *   250k papers).
 */
export const CORPUS_LIMITS = { estimatedFrom: 100_000, exactUpTo: 20_000, indexedUpTo: 5_000, newestWalk: 3_000 };
export type CorpusLimits = typeof CORPUS_LIMITS;

/** PostgreSQL settings for one transaction's statements (SET LOCAL), by name. */
type LocalSettings = Record<string, string>;

/** Runs `work` in a transaction under `settings`, all set in one round trip (set_config, local). */
function withLocalSettings<T>(db: Db, settings: LocalSettings, work: (tx: Db | Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return work(tx);
  });
}

/**
 * docs/search.md#plans: settings of the relevance statement on PostgreSQL. The planner would read a
 * two-word query's matches through the GIN bitmap and sort them by rank, as it underestimates how many
 * papers hold both words (274 planned, 12,999 found: 382 ms against 84 ms from RUM at 2.6M papers);
 * bitmaps and scans are ruled out so the RUM index hands the top out in order, and its sort of the
 * matches' ranks gets the memory to stay off disk.
 */
const RUM_SETTINGS: LocalSettings = { enable_bitmapscan: 'off', enable_seqscan: 'off', work_mem: '64MB' };

/**
 * docs/search.md#totals: settings of an exact count. The planner would scan the whole table for a
 * common word (it does not price reading each row's vector out of TOAST), 3-7 times slower than the
 * index's bitmap at 250k papers (docs/benchmarks.md#search-at-scale); and a bitmap past work_mem
 * turns lossy, so every row of its lossy pages is read and its vector rechecked out of TOAST (`quantum`
 * in quant-ph at 2.6M papers: 120,456 rows rejected, 3.9 s with a cold cache; 0.46 s with it exact).
 */
const COUNT_SETTINGS: LocalSettings = { enable_seqscan: 'off', work_mem: '64MB' };

/** A quoted phrase matches the unstemmed vector as typed (docs/search.md#precision). */
const exactPhrase = (text: string): SQL<boolean> =>
  sql<boolean>`${papers.exactVector} @@ phraseto_tsquery('simple', ${text})`;

/**
 * What the stemmed query cannot say: each group holding a quoted phrase matches it exactly (or one of
 * the group's other items), and an excluded phrase is excluded as typed. Undefined without quotes.
 */
function exactCondition({ groups, hasPhrase }: ParsedQuery): SQL | undefined {
  if (!hasPhrase) return undefined;
  const conditions = groups
    .filter((group) => group.some((item) => item.quoted))
    .map((group) =>
      or(
        ...group.map((item) => {
          if (!item.quoted) return matchesFullText(webSearchQuery(item.text));
          return item.excluded ? not(exactPhrase(item.text)) : exactPhrase(item.text);
        }),
      ),
    );
  return and(...conditions);
}

/**
 * The words as a phrase, as typed, within one part of the unstemmed vector: each lexeme of the phrase
 * query restricted to that part's weight (A title, B authors; migration 20261124082944).
 */
const phraseIn = (part: 'A' | 'B', words: string): SQL<boolean> =>
  sql<boolean>`${papers.exactVector} @@ regexp_replace(phraseto_tsquery('simple', ${words})::text, ${"'((?:[^']|'')*)'"}, ${`'\\1':${part}`}, 'g')::tsquery`;

/** Papers with an author whose name holds these words in this order, as typed. */
const byAuthor = (name: string): SQL<boolean> => phraseIn('B', name);

/**
 * The public papers a query and its filters match (search is public: uploads are never hits).
 * `matchQuery` is the stemmed query of the groups without a quoted phrase (null when there are none):
 * a group holding a phrase is matched by exactCondition alone, since the exact phrase implies its
 * stemmed form. So a phrase is not also looked up in the stemmed index, whose phrase match needs every
 * candidate's vector read again (docs/search.md#plans). `ranked`: the condition of a RUM window, on
 * the ranked document, whose index also decides the category and year facets of the filters
 * (docs/search.md#filters-in-the-index); counts and date pages use the stemmed vector's GIN index.
 */
function matching(parsed: ParsedQuery, matchQuery: SQL | null, filters: SearchFilters, ranked = false): SQL {
  const { categories, from, to, author } = filters;
  const words = ranked ? matchesRankedDocument : matchesFullText;
  return and(
    matchQuery ? words(matchQuery, filters) : undefined,
    author ? byAuthor(author) : undefined,
    exactCondition(parsed),
    ne(papers.platform, UPLOAD_PLATFORM),
    categories ? inAnyCategory(categories) : undefined,
    from ? gte(papers.publishedDate, from) : undefined,
    to ? lte(papers.publishedDate, to) : undefined,
  ) as SQL;
}

/** An empty query: ranks 0 and marks nothing (an author's papers asked for without words). */
const NO_WORDS = sql`''::tsquery`;

/**
 * A query as the database takes it: parsed once; the stemmed tsquery of all of it, which ranks and
 * marks matches (null: no words beside an author); and the stemmed query that, with the exact
 * phrases, decides which papers match (see matching).
 */
function compile(query: string, author: string | null | undefined) {
  const parsed = parseSearchQuery(query);
  const text = stemmedQueryText(parsed);
  const tsQuery = author && !text.trim() ? null : webSearchQuery(text);
  if (!tsQuery || !parsed.hasPhrase) return { parsed, tsQuery, matchQuery: tsQuery };
  const unquoted = stemmedQueryText({ ...parsed, groups: parsed.groups.filter((g) => !g.some((i) => i.quoted)) });
  return { parsed, tsQuery, matchQuery: unquoted.trim() ? webSearchQuery(unquoted) : null };
}

/** Exact occurrences of the wanted words, any of them ('simple' lexemes ORed). */
function exactWords(wanted: readonly string[]): SQL {
  return sql.join(
    wanted.map((word) => sql`plainto_tsquery('simple', ${word})`),
    sql` || `,
  );
}

/**
 * docs/search.md#ranking, the full score of a match, in tiers: +2 when the title holds the typed words
 * as a phrase, +1 when every typed word occurs as typed, then the stemmed cover-density rank (0..1;
 * title A > authors B > abstract C) plus up to 0.5 for how much of the text is the words as typed. So
 * "transformer" finds papers saying "transformer" before those saying "Transforms".
 */
function fullScore(base: SQL, wanted: readonly string[]): SQL<number> {
  if (wanted.length === 0) return sql<number>`${base}`;
  const typed = wanted.join(' ');
  return sql<number>`(${base}
    + 0.5 * ts_rank(${papers.exactVector}, ${exactWords(wanted)}, 32)
    + case when ${papers.exactVector} @@ plainto_tsquery('simple', ${typed}) then 1 else 0 end
    + case when ${phraseIn('A', typed)} then 2 else 0 end)`;
}

/**
 * The key the index hands matches out by: with RUM, its rank distance (the top k come straight out of
 * the index, docs/search.md#plans); with GIN, which has no order, the newest first: a bounded choice
 * that reads no vector (testing each match's title would read every match's vector once more).
 */
function indexKey(index: SearchIndex, tsQuery: SQL): { key: SQL; direction: SQL } {
  if (index === 'rum') return { key: sql`${rankedDocument} <=> ${tsQuery}`, direction: sql`asc` };
  return { key: sql`${papers.publishedDate}`, direction: sql`desc nulls last` };
}

type PageRows = Awaited<ReturnType<typeof pageRows>>;

/**
 * The page's rows with their full columns, and the query as PostgreSQL reads it, whose lexemes the
 * page's highlights mark (search-highlights.ts). `keys` has the columns (platform, paper_id, position,
 * page_score, matched_total).
 */
function pageRows(db: Db | Tx, tsQuery: SQL, keys: SQL, score: SQL<number>) {
  return db
    .select({
      ...paperColumns,
      score: score.mapWith(Number),
      matchedTotal: sql<number | string | null>`page.matched_total`,
      queryText: sql<string>`${tsQuery}::text`,
    })
    .from(papers)
    .innerJoin(
      sql`${keys} as page(platform, paper_id, position, page_score, matched_total)`,
      sql`page.platform = ${papers.platform} and page.paper_id = ${papers.paperId}`,
    )
    .orderBy(sql`page.position`);
}

/**
 * docs/search.md#ranking. By relevance: the matches are taken in the index's order as far as the page
 * reaches (at least the rank window), numbered, and the window's papers re-ranked by their full score;
 * the page is cut from that order and only its rows are read whole. By date: the newest matches, and
 * only the page is ranked (ranking every match costs ~10 µs a row).
 */
export async function searchPapers(
  db: Db,
  { query, sort, limit, offset, index, limits = CORPUS_LIMITS, ...filters }: SearchPage,
) {
  const { parsed, tsQuery, matchQuery } = compile(query, filters.author);
  const counting = countingOf(parsed, matchQuery, filters, index);
  const { matches } = counting;
  const reaches = (window: RankedWindow) => window.keys.length >= offset + limit || window.keys.length < window.depth;
  if (sort !== 'relevance' || !tsQuery) {
    const dateQuery = { tsQuery: tsQuery ?? NO_WORDS, matches, limit, offset };
    // docs/search.md#by-date: a Load more by date of a common query is cut from its newest matches, kept.
    const cacheKey = windowKey(query, filters, 'date');
    const remembered = recallWindow(db, cacheKey);
    if (remembered && reaches(remembered)) {
      const rows = await keyedPage(db, dateQuery.tsQuery, remembered.keys.slice(offset, offset + limit));
      return { rows, total: remembered.total, estimated: remembered.estimated };
    }
    const [{ rows, newest }, counted] = await Promise.all([
      datePage(db, dateQuery, limits),
      countCompiled(db, counting, limits),
    ]);
    if (newest && (counted.estimated || counted.total > limits.exactUpTo))
      keepWindow(db, cacheKey, { ...newest, ...counted });
    return { rows, ...counted };
  }
  // A RUM window's condition is on the ranked document (see matching); GIN's is the count's.
  const ranked = index === 'rum' ? matching(parsed, matchQuery, filters, true) : matches;
  const page = { parsed, tsQuery, matches: ranked, filters, index, limit, offset };
  if (index === 'rum' && offset + limit <= KEPT_DEPTH) {
    // docs/search.md#repeated-searches: a page in the window is cut from the whole ranked window, which
    // is kept when the query is too common to count: its next pages and repeats rank nothing again.
    // Paging past the window of such a query (Load more) keeps one KEPT_DEPTH deep: RUM sorts every
    // match's rank for any page past the first, so one such read serves every page down to KEPT_DEPTH.
    const cacheKey = windowKey(query, filters, 'relevance');
    // A window cut from a common word's order may stop short of the page (an exclusion's keys are
    // tested only as deep as the pages asked for so far): it is cut again, deeper.
    const remembered = recallWindow(db, cacheKey);
    const kept =
      remembered && reaches(remembered)
        ? remembered
        : ((await recallCommonWindow(db, cacheKey, { parsed, filters, counting, limits, needed: offset + limit })) ??
          remembered);
    if (kept && reaches(kept)) {
      const rows = await keyedPage(db, tsQuery, kept.keys.slice(offset, offset + limit));
      return { rows, total: kept.total, estimated: kept.estimated };
    }
    if (kept || offset + limit <= RANK_WINDOW.rum) {
      const depth = offset + limit <= RANK_WINDOW.rum ? RANK_WINDOW.rum : KEPT_DEPTH;
      const window = await windowWithTotal(db, page, counting, limits, depth);
      // A filtered query the planner thought rare was counted exactly, at the same cost as a common one.
      if (window.estimated || window.total > limits.exactUpTo) keepWindow(db, cacheKey, window);
      const { total, estimated } = window;
      return { rows: await keyedPage(db, tsQuery, window.keys.slice(offset, offset + limit)), total, estimated };
    }
  }
  if (index === 'rum') {
    const [rows, counted] = await Promise.all([relevancePage(db, page), countCompiled(db, counting, limits)]);
    return { rows, ...counted };
  }
  // GIN reads every match to choose the newest for its window, and on a corpus too small to estimate
  // totals it counts them on the way: a count of its own would read them all again. (On a large one
  // the count would hold every match in memory, or on disk, before the first row: the planner's
  // estimate stands instead.) Only a page past the last match has no row to carry the count.
  if ((await tableRowEstimate(db)) >= limits.estimatedFrom) {
    const [rows, counted] = await Promise.all([relevancePage(db, page), countCompiled(db, counting, limits)]);
    return { rows, ...counted };
  }
  const rows = await relevancePage(db, { ...page, counts: true });
  const [first] = rows;
  if (first?.matchedTotal != null) return { rows, total: Number(first.matchedTotal), estimated: false };
  return { rows, ...(offset === 0 ? { total: 0, estimated: false } : await countCompiled(db, counting, limits)) };
}

interface PageQuery {
  tsQuery: SQL;
  matches: SQL;
  limit: number;
  offset: number;
}

interface RelevancePageQuery extends PageQuery {
  parsed: ParsedQuery;
  filters: SearchFilters;
  index: SearchIndex;
  /** Count every match while choosing the window (GIN, which reads them all anyway). */
  counts?: boolean;
}

/**
 * The first `count` matches in the index's order, numbered from 1 (`position`, ties broken newest
 * first), with their index key (RUM: the rank distance) and, when `counts`, the number of matches:
 * columns platform, paper_id, index_key, matched_total, position.
 */
function indexOrder({ parsed, tsQuery, matches, filters, index, counts }: RelevancePageQuery, count: number): SQL {
  const { key, direction } = indexKey(index, tsQuery);
  // RUM returns rows in rank order only for a lone `<=>` key (a tie-break would make PostgreSQL sort
  // every match). Ties are broken once the rows are fetched, by the numbering below; WITH TIES keeps
  // every row tied with the last, so a page is the same whichever page size reached it.
  const order =
    index === 'rum'
      ? sql`${key}`
      : sql`${key} ${direction}, ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc`;
  const newestFirst = sql`published_date desc nulls last, platform desc, paper_id desc`;
  // RUM hands out in rank order only the matches of a condition on its own column. With a phrase,
  // matches leave the stemmed query out (see matching), and the planner, which prices a phrase at a
  // handful of rows, would take the exact vector's index and rank every match from the heap (2.5 s for
  // "monte carlo" at 2.6M papers). So the stemmed query's ordered scan runs behind a fence (OFFSET 0)
  // and the exact condition is checked on the rows it hands out, in rank order (84 ms).
  const fenced = index === 'rum' && parsed.hasPhrase;
  const source = fenced
    ? sql`(select *, ${key} as rum_key from ${papers}
        where ${matchesRankedDocument(tsQuery, filters)} and ${ne(papers.platform, UPLOAD_PLATFORM)}
        order by ${key} offset 0) as ${papers}`
    : papers;
  const sourceKey = fenced ? sql`${papers}.rum_key` : key;
  const matchedTotal = counts ? sql`count(*) over ()` : sql`null::bigint`;
  return sql`(
    select platform, paper_id, index_key, matched_total,
      row_number() over (order by index_key ${direction}, ${newestFirst}) as position
    from (
      select ${papers.platform} as platform, ${papers.paperId} as paper_id,
        ${papers.publishedDate} as published_date, ${sourceKey} as index_key, ${matchedTotal} as matched_total
      from ${source}
      where ${matches}
      order by ${fenced ? sourceKey : order}
      fetch first ${count} rows with ties
    ) as matched
  )`;
}

/**
 * docs/search.md#ranking: the full score of a match of an indexOrder aliased `fetched`, read from its
 * papers row. The stemmed rank, 0..1: RUM already computed it in the index as a distance (1/rank), so
 * the vectors are not read for it again; GIN has none to give.
 */
function fullScoreOf({ parsed, tsQuery, index }: RelevancePageQuery): SQL<number> {
  const base = index === 'rum' ? sql`1.0 / (1.0 + fetched.index_key)` : relevance(tsQuery);
  return fullScore(base, parsed.wanted);
}

/**
 * The keys of the matches ranked `offset + 1` to `offset + limit` (platform, paper_id, position,
 * page_score, matched_total: the number of matches when `counts`, else null).
 */
function rankedKeys(page: RelevancePageQuery): SQL {
  const { index, limit, offset } = page;
  const window = RANK_WINDOW[index];
  // The window's papers are scored only when the page lies in it; past it, the index's order stands
  // and only the page's papers are read.
  const needed =
    offset < window
      ? sql`fetched.position <= ${window} or fetched.position > ${offset} and fetched.position <= ${offset + limit}`
      : sql`fetched.position > ${offset} and fetched.position <= ${offset + limit}`;
  return sql`(
    select platform, paper_id, final_position, page_score, matched_total from (
      select platform, paper_id, page_score, matched_total,
        case when position > ${window} then position
          else row_number() over (partition by position > ${window} order by page_score desc, position) end
          as final_position
      from (
        select fetched.platform, fetched.paper_id, fetched.position, fetched.matched_total,
          case when fetched.position <= ${window} then ${fullScoreOf(page)} end as page_score
        from ${indexOrder(page, Math.max(window, offset + limit))} as fetched
        join ${papers} on ${papers.platform} = fetched.platform and ${papers.paperId} = fetched.paper_id
        where ${needed}
      ) as scored
    ) as ranked
    where final_position > ${offset} and final_position <= ${offset + limit}
  )`;
}

/** A RUM search's first `depth` matches in order, with its total: what a window keeps. */
async function windowWithTotal(
  db: Db,
  page: RelevancePageQuery,
  counting: Counting,
  limits: CorpusLimits,
  depth: number,
): Promise<RankedWindow> {
  const [keys, counted] = await Promise.all([rankWindow(db, page, depth), countCompiled(db, counting, limits)]);
  return { keys, depth, ...counted };
}

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
async function recallCommonWindow(
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

/**
 * docs/search.md#common-words: the first KEPT_DEPTH matches of `word` alone in the index's order,
 * each with its full score, for the background job to keep (RUM only: the order comes out of the
 * index by rank). A search pages it as it pages its own (rankedFromIndexOrder).
 */
export async function rankCommonWord(db: Db, word: string): Promise<KeptOrder> {
  const { parsed, tsQuery, matchQuery } = compile(word, null);
  if (!tsQuery) throw new Error(`rankCommonWord: "${word}" has no words to rank`);
  const filters = { categories: null };
  const matches = matching(parsed, matchQuery, filters, true);
  const page = { parsed, tsQuery, matches, filters, index: 'rum' as const, limit: KEPT_DEPTH, offset: 0 };
  const rows = await withLocalSettings(db, RUM_SETTINGS, async (tx) =>
    rowsOf<{ platform: string; paper_id: string; score: number | string }>(
      await tx.execute(sql`select fetched.platform, fetched.paper_id, ${fullScoreOf(page)} as score
        from ${indexOrder(page, KEPT_DEPTH)} as fetched
        join ${papers} on ${papers.platform} = fetched.platform and ${papers.paperId} = fetched.paper_id
        order by fetched.position`),
    ),
  );
  const keys = rows.map((row) => ({ platform: row.platform, paperId: row.paper_id, score: Number(row.score) }));
  return { keys, depth: KEPT_DEPTH };
}

/** What a window is kept under: the query as typed, its resolved filters and its order. */
export const windowKey = (
  query: string,
  { categories, from, to, author }: SearchFilters,
  sort: SearchPage['sort'],
): string => JSON.stringify([query, categories, from ?? null, to ?? null, author ?? null, sort]);

async function relevancePage(db: Db, page: RelevancePageQuery): Promise<PageRows> {
  const keys = rankedKeys(page);
  const score = sql<number>`coalesce(page.page_score, ${relevance(page.tsQuery)})`;
  if (page.index !== 'rum') return pageRows(db, page.tsQuery, keys, score);
  return withLocalSettings(db, RUM_SETTINGS, (tx) => pageRows(tx, page.tsQuery, keys, score));
}

/**
 * The first `depth` matches of a RUM search in order (the rank window, and past it the index's
 * order), with each window paper's full score.
 */
async function rankWindow(db: Db, page: RelevancePageQuery, depth: number): Promise<RankedKey[]> {
  const keys = rankedKeys({ ...page, offset: 0, limit: depth });
  const rows = await withLocalSettings(db, RUM_SETTINGS, async (tx) =>
    rowsOf<{ platform: string; paper_id: string; page_score: number | string | null }>(
      await tx.execute(sql`select platform, paper_id, page_score from ${keys} as ranked order by final_position`),
    ),
  );
  return rows.map((row) => ({
    platform: row.platform,
    paperId: row.paper_id,
    score: row.page_score === null ? null : Number(row.page_score),
  }));
}

/** The page's rows for keys already ranked (a window's slice), in that order. */
function keyedPage(db: Db, tsQuery: SQL, keys: readonly RankedKey[]): Promise<PageRows> | PageRows {
  if (keys.length === 0) return [];
  const values = sql.join(
    keys.map((key, i) => sql`(${key.platform}, ${key.paperId}, ${i + 1}::int, ${key.score}::float8, null::bigint)`),
    sql`, `,
  );
  // Past the rank window a paper has no full score: its stemmed rank stands, as on a page read directly.
  return pageRows(db, tsQuery, sql`(values ${values})`, sql<number>`coalesce(page.page_score, ${relevance(tsQuery)})`);
}

/**
 * docs/search.md#by-date: how many times the matches a page needs the range is sized for (a page the
 * range falls short of is read again without it).
 */
const NEWEST_RANGE_MARGIN = 2;

/**
 * docs/search.md#by-date: settings of a page read from a range of the newest papers. The range's
 * papers (the date index) and the matches (the full-text index) meet as two bitmaps, so only the
 * matches inside the range are read from the heap and sorted by date; the planner would rather walk
 * the date index from the newest paper and test each paper's vector, read out of TOAST (`graph` by
 * date at offset 900, 250k papers: 9,375 papers tested to find 930).
 */
const NEWEST_RANGE_SETTINGS: LocalSettings = { enable_indexscan: 'off', enable_seqscan: 'off', work_mem: '64MB' };

/** A page by date, and the newest matches it was cut from, to keep (docs/search.md#by-date). */
interface DatePage {
  rows: PageRows;
  newest?: { keys: RankedKey[]; depth: number };
}

/**
 * docs/search.md#by-date: the range of the newest papers that holds KEPT_DEPTH matches is read for a
 * page that needs a range itself when it spans at most this many times the page's: the date index's
 * share of the work grows with the range, while the full-text index's bitmap of every match costs
 * each page the same.
 */
const KEPT_RANGE_GROWTH = 4;

/**
 * The newest matches first, page `offset`..`offset + limit`; only the page is ranked. A page past the
 * first that needs a range of the newest papers (a Load more of a common word) is cut, when that range
 * is not much longer, from the newest KEPT_DEPTH matches, read at once and kept by the caller: the
 * later pages of the same Load more are cut from them, where each would read every match's bitmap
 * again. (With no range for KEPT_DEPTH, the matches are few: all of them are read.)
 */
async function datePage(
  db: Db,
  { tsQuery, matches, limit, offset }: PageQuery,
  limits: CorpusLimits,
): Promise<DatePage> {
  const direct = async () => ({
    rows: await pageRows(db, tsQuery, newestKeys(matches, limit, offset), relevance(tsQuery)),
  });
  const spanFor = await newestSpans(db, matches, limits);
  const span = spanFor(offset + limit);
  if (span === undefined) return direct();
  const deepSpan = spanFor(KEPT_DEPTH);
  const isLoadMore = offset > 0 && offset + limit <= KEPT_DEPTH;
  if (isLoadMore && (deepSpan === undefined || deepSpan <= KEPT_RANGE_GROWTH * span)) {
    const newest = await newestMatches(
      db,
      matches,
      deepSpan === undefined ? undefined : await newestEdge(db, deepSpan),
    );
    // The page's own range is shorter: where this one holds too few matches for the page, so would it.
    if (newest.depth < offset + limit) return direct();
    return { rows: await keyedPage(db, tsQuery, newest.keys.slice(offset, offset + limit)), newest };
  }
  const since = await newestEdge(db, span);
  if (since === undefined) return direct();
  const rows = await withLocalSettings(db, NEWEST_RANGE_SETTINGS, (tx) =>
    pageRows(
      tx,
      tsQuery,
      newestKeys(and(matches, gte(papers.publishedDate, since)), limit, offset),
      relevance(tsQuery),
    ),
  );
  // A full page: the range holds at least offset + limit matches, and every match outside it is older.
  return rows.length === limit ? { rows } : direct();
}

/** The newest matches of `condition`, numbered: keys columns (platform, paper_id, position, page_score, matched_total). */
const newestKeys = (condition: SQL | undefined, limit: number, offset: number) => sql`(
  select platform, paper_id, row_number() over (order by published_date desc nulls last, platform desc, paper_id desc), null::real, null::bigint
  from (
    select ${papers.platform} as platform, ${papers.paperId} as paper_id, ${papers.publishedDate} as published_date
    from ${papers}
    where ${condition}
    order by ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc
    limit ${limit} offset ${offset}
  ) as newest
)`;

/**
 * The newest KEPT_DEPTH matches, from the range of papers published `since` (NEWEST_RANGE_SETTINGS),
 * or without a range from every match, and how deep they are the newest matches (as a kept window's
 * depth): every match outside a range is older than those in it, so a range that holds fewer is still
 * the start of the order, that deep; without a range they are all there are.
 */
async function newestMatches(db: Db, matches: SQL, since: string | undefined) {
  const read = async (tx: Db | Tx) =>
    rowsOf<{ platform: string; paper_id: string }>(
      await tx.execute(
        sql`select platform, paper_id from ${newestKeys(
          since === undefined ? matches : and(matches, gte(papers.publishedDate, since)),
          KEPT_DEPTH,
          0,
        )} as newest(platform, paper_id, position, page_score, matched_total) order by position`,
      ),
    );
  const rows = since === undefined ? await read(db) : await withLocalSettings(db, NEWEST_RANGE_SETTINGS, read);
  const keys = rows.map((row) => ({ platform: row.platform, paperId: row.paper_id, score: null }));
  return { keys, depth: since === undefined || keys.length === KEPT_DEPTH ? KEPT_DEPTH : keys.length };
}

/**
 * docs/search.md#by-date: how many of the newest papers a range should span to hold `needed` matches
 * (NEWEST_RANGE_MARGIN times what the planner's estimate makes likely), for any `needed`, from one
 * estimate. Only on a corpus where totals are estimated (CORPUS_LIMITS), and undefined when the walk
 * would be short (`newestWalk`) or the range half the corpus or more: the matches are then few enough
 * for the planner to read them all through the full-text index and sort them (or the estimate is too
 * low to size a range by, as for two words it takes for independent).
 */
export async function newestSpans(
  db: Db,
  matches: SQL,
  limits: CorpusLimits,
): Promise<(needed: number) => number | undefined> {
  const rows = await tableRowEstimate(db);
  if (rows < limits.estimatedFrom) return () => undefined;
  const planned = await plannedMatches(db, matches);
  return (needed) => {
    const walk = Math.ceil((needed * rows) / Math.max(planned, 1));
    const span = walk * NEWEST_RANGE_MARGIN;
    return walk < limits.newestWalk || span >= rows / 2 ? undefined : span;
  };
}

/** The publication date `span` papers down the date index, read from the index alone. */
export async function newestEdge(db: Db, span: number): Promise<string | undefined> {
  const [edge] = await db
    .select({ date: papers.publishedDate })
    .from(papers)
    .where(ne(papers.platform, UPLOAD_PLATFORM))
    .orderBy(sql`${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc`)
    .offset(span)
    .limit(1);
  // No paper that far down, or only undated ones (they come last): the range would be everything.
  return edge?.date ?? undefined;
}

/** How many papers matched, and whether that is the planner's estimate (docs/search.md#totals). */
export interface MatchCount {
  total: number;
  estimated: boolean;
}

/**
 * The number of matches: exact, or on a corpus of `estimatedFrom` papers and more the planner's
 * estimate when that is past `exactUpTo`, or for what one index decides alone (see countingOf) that
 * index's count when that is past `indexedUpTo` (CORPUS_LIMITS). The exact count runs under
 * COUNT_SETTINGS.
 */
async function countCompiled(
  db: Db,
  { matches, indexDecided }: Counting,
  limits: CorpusLimits = CORPUS_LIMITS,
): Promise<MatchCount> {
  if ((await tableRowEstimate(db)) >= limits.estimatedFrom) {
    const planned = await plannedMatches(db, matches);
    if (planned > limits.exactUpTo) return { total: planned, estimated: true };
    const indexed = indexDecided ? await indexedMatches(db, indexDecided) : undefined;
    if (indexed !== undefined && indexed > limits.indexedUpTo) return { total: indexed, estimated: true };
  }
  return withLocalSettings(db, COUNT_SETTINGS, async (tx) => {
    const [counted] = await tx.select({ value: count() }).from(papers).where(matches);
    return { total: counted?.value ?? 0, estimated: false };
  });
}

/** What a total is counted from: the whole condition, and the one index condition when it is the whole of it. */
interface Counting {
  matches: SQL;
  /** Set when one index decides every match (see countingOf): that index's count is the total. */
  indexDecided: SQL | undefined;
}

/**
 * The matches' condition, and the condition that alone decides them in one index, if there is one:
 * words alone (the stemmed vector's index), or a lone quoted phrase where the exact vector's index is
 * RUM, which matches a phrase from the positions it keeps (GIN's phrase matches are each read again,
 * so it over-counts them). A filter, an author or an exclusion is decided row by row.
 */
function countingOf(parsed: ParsedQuery, matchQuery: SQL | null, filters: SearchFilters, index: SearchIndex): Counting {
  const { categories, from, to, author } = filters;
  const matches = matching(parsed, matchQuery, filters);
  const items = parsed.groups.flat();
  const [only] = items;
  const decidedByRows = categories || from || to || author || items.some((item) => item.excluded);
  if (decidedByRows) return { matches, indexDecided: undefined };
  if (!parsed.hasPhrase) return { matches, indexDecided: matchQuery ? matchesFullText(matchQuery) : undefined };
  const lonePhrase = index === 'rum' && items.length === 1 && only?.quoted;
  return { matches, indexDecided: lonePhrase ? exactPhrase(only.text) : undefined };
}

interface PlanNode {
  'Node Type'?: string;
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** The plan of an EXPLAIN (FORMAT JSON), as either driver returns it (text or parsed). */
async function explainedPlan(db: Db | Tx, explain: SQL): Promise<PlanNode | undefined> {
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(explain));
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  return (plan as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
}

/** The planner's estimate of how many papers match: planning only, nothing is read. */
async function plannedMatches(db: Db, matches: SQL): Promise<number> {
  const plan = await explainedPlan(db, sql`explain (format json) select 1 from ${papers} where ${matches}`);
  return Math.round(Number(plan?.['Plan Rows'] ?? 0));
}

/**
 * docs/search.md#totals: how many rows a full-text index hands out for a condition it decides alone,
 * without reading them. A bitmap scan builds the bitmap of every match before it reads its first row,
 * so a one-row bitmap scan, executed under EXPLAIN ANALYZE, reports the index's count and reads one
 * heap page (`black hole` at 2.6M papers: 13-36 ms instead of 75-220). The count includes rows not yet
 * vacuumed away and matching uploads, so it is an estimate. Undefined when the plan is not one bitmap scan.
 */
async function indexedMatches(db: Db, condition: SQL): Promise<number | undefined> {
  const plan = await withLocalSettings(db, { enable_seqscan: 'off', enable_indexscan: 'off' }, (tx) =>
    explainedPlan(
      tx,
      sql`explain (analyze, timing off, format json) select 1 from ${papers} where ${condition} limit 1`,
    ),
  );
  const scans: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    if (node['Node Type'] === 'Bitmap Index Scan') scans.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  if (plan) visit(plan);
  const [scan] = scans;
  return scans.length === 1 && scan?.['Actual Rows'] !== undefined ? scan['Actual Rows'] : undefined;
}

/** How many papers a query finds with these filters (an estimate for a common query on a large corpus). */
export async function countMatches(
  db: Db,
  query: string,
  filters: SearchFilters,
  limits: CorpusLimits = CORPUS_LIMITS,
): Promise<MatchCount> {
  const { parsed, matchQuery } = compile(query, filters.author);
  return countCompiled(db, countingOf(parsed, matchQuery, filters, await searchIndexOf(db)), limits);
}

/**
 * docs/search.md#jumps: the public paper an arXiv id or a DOI names, or undefined when the corpus
 * lacks it (DOIs compare case-insensitively, through papers_doi_idx).
 */
export async function findNamedPaper(db: Db, named: { paperId: string } | { doi: string }) {
  const [row] = await db
    .select(paperColumns)
    .from(papers)
    .where(
      'paperId' in named
        ? and(eq(papers.platform, 'arxiv'), eq(papers.paperId, named.paperId))
        : and(sql`lower(${papers.doi}) = lower(${named.doi})`, ne(papers.platform, UPLOAD_PLATFORM)),
    )
    .orderBy(papers.platform, papers.paperId)
    .limit(1);
  return row;
}
