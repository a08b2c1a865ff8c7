/**
 * docs/testing.md#sql-snapshots: the hand-written SQL of the repositories beside search that read
 * many papers: recommendations, the daily feed, the monitor, paper visibility and grant search.
 */
import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { countDayPapers, selectDayCandidates, selectLatestTopicDay } from '../modules/feed/daily-feed.repo';
import { countNewTopicPapers, selectTopicPapers } from '../modules/feed/monitor.repo';
import { conceptScore } from '../modules/grants/grant-score';
import { lexemesTsQuery, selectFolderLexemes, selectGrantFacets, selectGrantPage } from '../modules/grants/grants.repo';
import { findVisiblePaper, findVisiblePapers } from '../modules/papers/paper-visibility.repo';
import {
  keptRefsSubquery,
  selectCandidates,
  selectKeptPapers,
  selectSurfaceWords,
  selectTopicalVectors,
} from '../modules/recommendations/recommendations.repo';
import { expectSqlSnapshot } from '../test-support/sql-snapshots';

const arxivRef = { platform: 'arxiv', paper_id: '2101.00001' };
const refs = [arxivRef, { platform: 'upload', paper_id: 'u-7' }];

it('recommendations send the SQL of src/queries/recommendations.repo.sql', async () => {
  const terms = [
    { term: 'graph', weight: 2.5 },
    { term: 'neural', weight: 1.25 },
  ];
  await expectSqlSnapshot('recommendations.repo.sql', 'modules/recommendations/recommendations.repo.ts', [
    {
      title: 'selectKeptPapers: a folder',
      input: { userId: 7, folderId: 3 },
      run: (db) => selectKeptPapers(db, { userId: 7, folderId: 3 }),
    },
    { title: 'selectTopicalVectors', input: { refs }, run: (db) => selectTopicalVectors(db, refs) },
    {
      title: "selectCandidates: excluding the user's kept papers",
      input: { terms, exclude: 'keptRefsSubquery({ userId: 7 })', limit: 50 },
      run: (db) => selectCandidates(db, terms, { exclude: keptRefsSubquery(db, { userId: 7 }), limit: 50 }),
    },
    { title: 'selectSurfaceWords', input: { refs }, run: (db) => selectSurfaceWords(db, refs) },
  ]);
});

it('the daily feed sends the SQL of src/queries/daily-feed.repo.sql', async () => {
  const topics = ['graph neural networks', 'cs.LG'];
  await expectSqlSnapshot('daily-feed.repo.sql', 'modules/feed/daily-feed.repo.ts', [
    { title: 'selectLatestTopicDay', input: { topics }, run: (db) => selectLatestTopicDay(db, topics) },
    { title: 'countDayPapers', input: { day: '2026-11-20' }, run: (db) => countDayPapers(db, '2026-11-20') },
    {
      title: 'selectDayCandidates: topic scores and shared library lexemes',
      input: { day: '2026-11-20', topics, lexemes: ['graph', 'transform'] },
      run: (db) => selectDayCandidates(db, '2026-11-20', topics, ['graph', 'transform']),
    },
  ]);
});

it('the monitor sends the SQL of src/queries/monitor.repo.sql', async () => {
  const topic = {
    id: 1,
    topic: 'dark matter',
    lastSeenAt: new Date('2026-11-20T08:00:00Z'),
    lastSeenText: '2026-11-20 08:00:00.123456+00',
  };
  await expectSqlSnapshot('monitor.repo.sql', 'modules/feed/monitor.repo.ts', [
    { title: 'countNewTopicPapers', input: topic, run: (db) => countNewTopicPapers(db, topic) },
    {
      title: 'selectTopicPapers: no new paper, the walk finds too few, every match sorted',
      input: topic,
      run: (db) => selectTopicPapers(db, topic),
    },
  ]);
});

it('paper visibility sends the SQL of src/queries/paper-visibility.repo.sql', async () => {
  await expectSqlSnapshot('paper-visibility.repo.sql', 'modules/papers/paper-visibility.repo.ts', [
    {
      title: 'findVisiblePaper: anonymous',
      input: { userId: null, ref: arxivRef },
      run: (db) => findVisiblePaper(db, null, arxivRef),
    },
    { title: 'findVisiblePapers: signed in', input: { userId: 7, refs }, run: (db) => findVisiblePapers(db, 7, refs) },
  ]);
});

it('grant search sends the SQL of src/queries/grants.repo.sql', async () => {
  const tsQuery = sql`websearch_to_tsquery('english', ${'quantum sensing'})`;
  const filters = {
    kind: 'award' as const,
    agencies: ['NSF'],
    amountMin: 100_000,
    dateFrom: '2020-01-01',
    pi: 'Smith',
  };
  await expectSqlSnapshot('grants.repo.sql', 'modules/grants/grants.repo.ts', [
    {
      title: 'selectGrantPage: filtered, by relevance',
      input: {
        tsQuery: "websearch_to_tsquery('english', 'quantum sensing')",
        filters,
        sort: 'relevance',
        limit: 20,
        offset: 0,
      },
      run: (db) => selectGrantPage(db, { tsQuery, filters, sort: 'relevance', limit: 20, offset: 0 }),
    },
    {
      title: 'selectGrantPage: two concepts ranked by coverage, with a related word (grant-score.ts)',
      input: { concepts: ['quantum', 'sensing'], weights: [7, 3.5], related: ["'detector'"], sort: 'relevance' },
      run: (db) =>
        selectGrantPage(db, {
          tsQuery,
          score: conceptScore(
            [
              { query: sql`websearch_to_tsquery('english', ${'quantum'})`, weight: 7 },
              { query: sql`websearch_to_tsquery('english', ${'sensing'})`, weight: 3.5 },
            ],
            [{ query: lexemesTsQuery(['detector']), weight: 4 }],
            tsQuery,
          ),
          filters,
          sort: 'relevance',
          limit: 20,
          offset: 0,
        }),
    },
    {
      title: 'selectGrantFacets',
      input: { tsQuery: "websearch_to_tsquery('english', 'quantum sensing')", filters },
      run: (db) => selectGrantFacets(db, tsQuery, filters),
    },
    {
      title: 'selectFolderLexemes',
      input: { userId: 7, folderId: 3 },
      run: (db) => selectFolderLexemes(db, { userId: 7 }, 3),
    },
  ]);
});
