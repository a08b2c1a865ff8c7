/**
 * docs/testing.md#sql-snapshots: the statements search sends (modules/search/search.repo.ts and its
 * parts), for each path docs/search.md describes, in src/queries/search.repo.sql.
 */
import { it } from 'vitest';
import type { Db } from '../db/client';
import {
  CORPUS_LIMITS,
  countMatches,
  findNamedPaper,
  rankCommonWord,
  type SearchPage,
  searchPapers,
} from '../modules/search/search.repo';
import type { SearchIndex } from '../modules/search/search-index.repo';
import {
  answerBy,
  blankRows,
  type CannedRows,
  expectSqlSnapshot,
  type SqlScenario,
} from '../test-support/sql-snapshots';

/** What the stand-in database says about the corpus: each number answers the statement that asks it. */
interface Corpus {
  /** The papers table's row estimate (pg_class): 100,000 and more estimates totals (CORPUS_LIMITS). */
  papers: number;
  /** Which index search plans for (pg_indexes, asked by countMatches). */
  index?: SearchIndex;
  /** The planner's estimate of the matches (EXPLAIN). */
  planned?: number;
  /** How many rows the full-text index hands out (EXPLAIN ANALYZE of a one-row bitmap scan). */
  indexed?: number;
  /** An exact count. */
  counted?: number;
  /** Keys a RUM window, a kept common word's order or the newest matches hold. */
  keys?: number;
  /** The kept common-word order holds `keys` keys of this depth (common_query_windows). */
  commonDepth?: number;
  /** Rows of a page read from a range of the newest papers (a full page ends the range's path). */
  pageRows?: number;
}

const key = (i: number) => ({ platform: 'arxiv', paper_id: `2101.${String(i).padStart(5, '0')}` });
const keys = (count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => ({ ...key(i), ...extra }));
const plan = (node: Record<string, unknown>): CannedRows => [{ 'QUERY PLAN': [{ Plan: node }] }];

function answers(corpus: Corpus) {
  const { papers, index = 'gin', planned = 0, indexed = 0, counted = 0, commonDepth = 1000 } = corpus;
  const bitmapScan = { 'Node Type': 'Bitmap Index Scan', 'Actual Rows': indexed };
  const order = keys(corpus.keys ?? 0).map(({ platform, paper_id }, i) => [platform, paper_id, 1 - i / 1000]);
  return answerBy([
    [/from pg_class where oid = 'papers'::regclass/, [{ rows: papers }]],
    [/from pg_indexes/, [{ present: index === 'rum' }]],
    [
      /^explain \(analyze/,
      plan({ 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Bitmap Heap Scan', Plans: [bitmapScan] }] }),
    ],
    [/^explain \(format json\)/, plan({ 'Plan Rows': planned })],
    [/^select count\(/, [{ value: counted }]],
    [/from "common_query_windows"/, corpus.keys ? [{ keys: order, depth: commonDepth }] : []],
    [/^select platform, paper_id, page_score from/, keys(corpus.keys ?? 0, { page_score: 1 })],
    [/^select platform, paper_id from/, keys(corpus.keys ?? 0)],
    [/^select "published_date" from "papers"/, [{ date: '2019-09-01' }]],
    [/page\.matched_total/, blankRows(corpus.pageRows ?? 0)],
  ]);
}

const SMALL: Corpus = { papers: 25_000, counted: 1_200 };
const LARGE: Corpus = { papers: 250_000, planned: 40_000 };
const page = (request: Partial<SearchPage>): SearchPage => ({
  query: 'graph neural',
  sort: 'relevance',
  limit: 10,
  offset: 0,
  index: 'gin',
  categories: null,
  ...request,
});

function searchScenario(title: string, request: Partial<SearchPage>, corpus: Corpus): SqlScenario {
  const input = page(request);
  return {
    title: `searchPapers: ${title}`,
    input,
    database: { ...corpus },
    answer: answers(corpus),
    run: (db) => searchPapers(db, input),
  };
}

function countScenario(
  title: string,
  query: string,
  filters: Parameters<typeof countMatches>[2],
  corpus: Corpus,
): SqlScenario {
  return {
    title: `countMatches: ${title}`,
    input: { query, ...filters },
    database: { ...corpus },
    answer: answers(corpus),
    run: (db: Db) => countMatches(db, query, filters, CORPUS_LIMITS),
  };
}

const scenarios: SqlScenario[] = [
  searchScenario('relevance, GIN, small corpus (the window counts every match on the way)', {}, SMALL),
  searchScenario('relevance, GIN, large corpus (the planner estimates the total)', {}, LARGE),
  searchScenario(
    'relevance, RUM, first page (the rank window, kept when common)',
    { index: 'rum' },
    { ...SMALL, keys: 12 },
  ),
  searchScenario(
    'relevance, RUM, quoted phrase (the ordered scan behind a fence)',
    { index: 'rum', query: '"monte carlo" simulation' },
    { ...SMALL, keys: 12 },
  ),
  searchScenario(
    'relevance, RUM, category and date filters (facets in the index condition)',
    { index: 'rum', query: 'model', categories: ['cs.LG', 'stat.ML'], from: '2010-01-01', to: '2012-12-31' },
    { ...SMALL, keys: 12 },
  ),
  searchScenario(
    'relevance, RUM, author and words',
    { index: 'rum', query: 'learning', author: 'Yoshua Bengio' },
    { ...SMALL, keys: 12 },
  ),
  searchScenario(
    'relevance, RUM, page past the rank window, query not kept',
    { index: 'rum', offset: 300 },
    { ...LARGE, planned: 3_000, counted: 3_000 },
  ),
  searchScenario(
    'relevance, RUM, page past the kept depth',
    { index: 'rum', offset: 1_200 },
    { ...LARGE, planned: 3_000, counted: 3_000 },
  ),
  searchScenario(
    'relevance, RUM, common word cut from its kept order',
    { index: 'rum', query: 'model' },
    { ...LARGE, planned: 1_100_000, keys: 1_000 },
  ),
  searchScenario(
    'relevance, RUM, common word with an exclusion (kept order less the papers holding it)',
    { index: 'rum', query: 'model -graph' },
    { ...LARGE, planned: 1_000_000, keys: 1_000 },
  ),
  searchScenario('relevance, GIN, author alone (newest first)', { query: '', author: 'Yoshua Bengio' }, SMALL),
  searchScenario('date, small corpus (the planner walks the date index)', { sort: 'date' }, SMALL),
  searchScenario('date, large corpus, common word (the walk stands)', { sort: 'date', query: 'model' }, LARGE),
  searchScenario(
    'date, large corpus, first page (a range of the newest papers)',
    { sort: 'date', query: 'graph' },
    { papers: 250_000, planned: 500, pageRows: 10 },
  ),
  searchScenario(
    'date, large corpus, Load more (the newest 1,000 matches, kept)',
    { sort: 'date', query: 'graph', offset: 300 },
    { papers: 250_000, planned: 20_000, keys: 1_000 },
  ),
  searchScenario(
    'date, category and date filters',
    { sort: 'date', categories: ['hep-th'], from: '2020-01-01' },
    SMALL,
  ),
  countScenario('small corpus (exact)', 'graph neural', { categories: null }, SMALL),
  countScenario(
    'large corpus, common (the planner estimates)',
    'model',
    { categories: null },
    { papers: 250_000, planned: 90_000 },
  ),
  countScenario(
    'large corpus, words the full-text index counts',
    'black hole',
    { categories: null },
    { papers: 250_000, planned: 65, indexed: 17_408 },
  ),
  countScenario(
    'large corpus, lone phrase counted by RUM',
    '"monte carlo"',
    { categories: null },
    { papers: 250_000, index: 'rum', planned: 2_035, indexed: 66_075 },
  ),
  countScenario(
    'large corpus, filtered (exact)',
    'quantum',
    { categories: ['quant-ph'], from: '2015-01-01' },
    { papers: 250_000, planned: 4_000, counted: 42_540 },
  ),
  {
    title: 'rankCommonWord (the background job, RUM)',
    input: { word: 'model' },
    run: (db) => rankCommonWord(db, 'model'),
  },
  {
    title: 'findNamedPaper: arXiv id',
    input: { paperId: '2101.00001' },
    run: (db) => findNamedPaper(db, { paperId: '2101.00001' }),
  },
  {
    title: 'findNamedPaper: DOI',
    input: { doi: '10.1103/PhysRevD.1.1' },
    run: (db) => findNamedPaper(db, { doi: '10.1103/PhysRevD.1.1' }),
  },
];

it('search sends the SQL of src/queries/search.repo.sql', async () => {
  await expectSqlSnapshot('search.repo.sql', 'modules/search/search.repo.ts', scenarios);
});
