import { and, count, eq, gte, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { papers } from '../../db/schema';
import { inAnyCategory } from '../../db/sql/categories';
import { markMatches, matchesFullText, relevance, webSearchQuery } from '../../db/sql/full-text';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import type { SearchIndex } from './search-index.repo';
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
}

/**
 * docs/search.md#ranking: this many matches, the index's first, are ranked in full (stemmed rank,
 * exact words, the query as a title phrase); past them, matches follow in the index's own order. One
 * fixed window keeps pages consistent: a paper never moves from one page to another as the user pages.
 */
export const RANK_WINDOW = 1000;

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
 * Papers with an author whose name holds these words in this order, as typed: the name's phrase query
 * with each lexeme restricted to weight B (authors) of the unstemmed vector.
 */
const byAuthor = (name: string): SQL<boolean> =>
  sql<boolean>`${papers.exactVector} @@ regexp_replace(phraseto_tsquery('simple', ${name})::text, ${"'((?:[^']|'')*)'"}, ${"'\\1':B"}, 'g')::tsquery`;

/**
 * The public papers a query and its filters match (search is public: uploads are never hits). No
 * stemmed query (null) only when an author alone is asked for.
 */
function matching(parsed: ParsedQuery, tsQuery: SQL | null, { categories, from, to, author }: SearchFilters): SQL {
  return and(
    tsQuery ? matchesFullText(tsQuery) : undefined,
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

/** A query as the database takes it: parsed once, the stemmed tsquery built from it (null: no words beside an author). */
function compile(query: string, author: string | null | undefined) {
  const parsed = parseSearchQuery(query);
  const text = stemmedQueryText(parsed);
  return { parsed, tsQuery: author && !text.trim() ? null : webSearchQuery(text) };
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
    + case when to_tsvector('simple', ${papers.title}) @@ phraseto_tsquery('simple', ${typed}) then 2 else 0 end)`;
}

/**
 * The key the index hands matches out by: with RUM, its rank distance (the top k come straight out of
 * the index, docs/search.md#plans); with GIN, which has no order, the newest first: a bounded choice
 * that reads no vector (testing each match's title would read every match's vector once more).
 */
function indexKey(index: SearchIndex, tsQuery: SQL): { key: SQL; direction: SQL } {
  if (index === 'rum') return { key: sql`${papers.searchVector} <=> ${tsQuery}`, direction: sql`asc` };
  return { key: sql`${papers.publishedDate}`, direction: sql`desc nulls last` };
}

type PageRows = Awaited<ReturnType<typeof pageRows>>;

/** The page's rows with their full columns and highlights (ts_headline re-parses the text: page only). */
function pageRows(db: Db, tsQuery: SQL, keys: SQL, score: SQL<number>) {
  return db
    .select({
      ...paperColumns,
      score: score.mapWith(Number),
      markedTitle: markMatches(papers.title, tsQuery),
      markedAbstract: markMatches(papers.abstract, tsQuery),
    })
    .from(papers)
    .innerJoin(
      sql`${keys} as page(platform, paper_id, position, page_score)`,
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
export async function searchPapers(db: Db, { query, sort, limit, offset, index, ...filters }: SearchPage) {
  const { parsed, tsQuery } = compile(query, filters.author);
  const matches = matching(parsed, tsQuery, filters);
  if (sort !== 'relevance' || !tsQuery) {
    const [rows, total] = await Promise.all([
      datePage(db, { tsQuery: tsQuery ?? NO_WORDS, matches, limit, offset }),
      countCompiled(db, matches),
    ]);
    return { rows, total };
  }
  const page = { parsed, tsQuery, matches, index, limit, offset };
  if (index === 'rum') {
    const [rows, total] = await Promise.all([
      relevancePage(db, { ...page, isWhole: false }),
      countCompiled(db, matches),
    ]);
    return { rows, total };
  }
  // GIN: counted first (PGlite runs one statement at a time anyway): when every match fits in the
  // window, all are ranked and the order they are numbered in does not matter.
  const total = await countCompiled(db, matches);
  const rows = await relevancePage(db, { ...page, isWhole: total <= RANK_WINDOW });
  return { rows, total };
}

interface PageQuery {
  tsQuery: SQL;
  matches: SQL;
  limit: number;
  offset: number;
}

interface RelevancePageQuery extends PageQuery {
  parsed: ParsedQuery;
  index: SearchIndex;
  /** Every match is in the window, so which ones the index hands out first does not matter. */
  isWhole: boolean;
}

async function relevancePage(
  db: Db,
  { parsed, tsQuery, matches, index, limit, offset, isWhole }: RelevancePageQuery,
): Promise<PageRows> {
  const { key, direction } = isWhole ? { key: sql`0::int`, direction: sql`asc` } : indexKey(index, tsQuery);
  // RUM returns rows in rank order only for a lone `<=>` key (a tie-break would make PostgreSQL sort
  // every match). Ties are broken once the rows are fetched, by the numbering below; WITH TIES keeps
  // every row tied with the last, so a page is the same whichever page size reached it.
  const indexOrder =
    index === 'rum'
      ? sql`${key}`
      : sql`${key} ${direction}, ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc`;
  const newestFirst = sql`published_date desc nulls last, platform desc, paper_id desc`;
  // The stemmed rank, 0..1: RUM already computed it in the index as a distance (1/rank), so the
  // window's vectors are not read for it again; GIN has none to give.
  const base = index === 'rum' ? sql`1.0 / (1.0 + fetched.index_key)` : relevance(tsQuery);
  // The window's papers are scored only when the page lies in it; past it, the index's order stands.
  const needed =
    offset < RANK_WINDOW
      ? sql`fetched.position <= ${RANK_WINDOW} or fetched.position > ${offset}`
      : sql`fetched.position > ${offset}`;
  const keys = sql`(
    select platform, paper_id, final_position, page_score from (
      select platform, paper_id, page_score,
        case when position > ${RANK_WINDOW} then position
          else row_number() over (partition by position > ${RANK_WINDOW} order by page_score desc, position) end
          as final_position
      from (
        select fetched.platform, fetched.paper_id, fetched.position,
          case when fetched.position <= ${RANK_WINDOW} then ${fullScore(base, parsed.wanted)} end as page_score
        from (
          select platform, paper_id, index_key,
            row_number() over (order by index_key ${direction}, ${newestFirst}) as position
          from (
            select ${papers.platform} as platform, ${papers.paperId} as paper_id,
              ${papers.publishedDate} as published_date, ${key} as index_key
            from ${papers}
            where ${matches}
            order by ${indexOrder}
            fetch first ${Math.max(RANK_WINDOW, offset + limit)} rows with ties
          ) as matched
        ) as fetched
        join ${papers} on ${papers.platform} = fetched.platform and ${papers.paperId} = fetched.paper_id
        where ${needed}
      ) as scored
    ) as ranked
    where final_position > ${offset} and final_position <= ${offset + limit}
  )`;
  return pageRows(db, tsQuery, keys, sql<number>`coalesce(page.page_score, ${relevance(tsQuery)})`);
}

async function datePage(db: Db, { tsQuery, matches, limit, offset }: PageQuery): Promise<PageRows> {
  const keys = sql`(
    select platform, paper_id, row_number() over (order by published_date desc nulls last, platform desc, paper_id desc), null::real
    from (
      select ${papers.platform} as platform, ${papers.paperId} as paper_id, ${papers.publishedDate} as published_date
      from ${papers}
      where ${matches}
      order by ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc
      limit ${limit} offset ${offset}
    ) as newest
  )`;
  return pageRows(db, tsQuery, keys, relevance(tsQuery));
}
/**
 * The exact number of matches. The planner would read a common word's matches by scanning the whole
 * table (it does not price reading every row's vector out of TOAST), which at 250k papers is 3-7 times
 * slower than the bitmap of the index (docs/benchmarks.md#search-at-scale), so the scan is ruled out.
 */
async function countCompiled(db: Db, matches: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [counted] = await tx.select({ value: count() }).from(papers).where(matches);
    return counted?.value ?? 0;
  });
}

/** How many papers a query finds with these filters. */
export async function countMatches(db: Db, query: string, filters: SearchFilters): Promise<number> {
  const { parsed, tsQuery } = compile(query, filters.author);
  return countCompiled(db, matching(parsed, tsQuery, filters));
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
