import { and, count, desc, eq, gt, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderFiles, folders, papers } from '../../db/schema';
import { relevance, webSearchQuery } from '../../db/sql/full-text';
import { UPLOAD_PLATFORM, visiblePaperFilter } from '../papers/paper-visibility.repo';
import { topicMatch } from '../topics/topic-match';
import type { FeedCandidate } from './daily-feed.rank';
import type { LibraryPaperRow } from './feed-library';

/** Library papers the feed compares the day against: the most recently added ones. */
const LIBRARY_SAMPLE = 200;

/** The feed lists public papers only: uploads are private to their owners. */
const isPublic = ne(papers.platform, UPLOAD_PLATFORM);
const notAfterToday = lte(papers.publishedDate, sql`current_date`);

/**
 * One published_date next to a bound, read from papers_recent_idx (published_date DESC NULLS LAST):
 * 'before' walks it forwards, 'after' backwards, whose order is ASC NULLS FIRST; the orders below
 * are spelled to match, so either is a short index scan, not a sort of the corpus.
 */
async function neighbourDay(db: Db, where: SQL, direction: 'before' | 'after'): Promise<string | null> {
  const order =
    direction === 'before'
      ? sql`${papers.publishedDate} desc nulls last`
      : sql`${papers.publishedDate} asc nulls first`;
  const [row] = await db
    .select({ day: papers.publishedDate })
    .from(papers)
    .where(and(where, isPublic))
    .orderBy(order)
    .limit(1);
  return row?.day ?? null;
}

/** The latest day with papers that is not after today (harvests may carry future-dated records). */
export const selectLatestDay = (db: Db) => neighbourDay(db, notAfterToday, 'before');
export const selectPreviousDay = (db: Db, day: string) => neighbourDay(db, lt(papers.publishedDate, day), 'before');
export const selectNextDay = (db: Db, day: string) =>
  neighbourDay(db, and(gt(papers.publishedDate, day), notAfterToday) as SQL, 'after');

/**
 * The latest day (not after today) with a paper any of `topics` matches (topicMatch, as the groups
 * are made): where the feed opens when the latest day has nothing for the caller. The planner walks
 * papers_recent_idx to the first hit, as for the monitor's latest matches: quick for common topics,
 * longer for a rare one (measured in docs/ingest.md#freshness), so the service asks only when needed.
 */
export function selectLatestTopicDay(db: Db, topics: readonly string[]): Promise<string | null> {
  if (topics.length === 0) return Promise.resolve(null);
  return neighbourDay(db, and(notAfterToday, or(...topics.map(topicMatch))) as SQL, 'before');
}

export async function countDayPapers(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(papers)
    .where(and(eq(papers.publishedDate, day), isPublic));
  return row?.n ?? 0;
}

/** The papers of the caller's folders, most recently added first, with their title lexemes. */
export function selectLibraryPapers(db: Db, userId: number): Promise<LibraryPaperRow[]> {
  const held = db
    .select({
      platform: folderFiles.platform,
      paperId: folderFiles.paperId,
      addedAt: sql`max(${folderFiles.addedAt})`.as('added_at'),
    })
    .from(folderFiles)
    .innerJoin(folders, eq(folders.id, folderFiles.folderId))
    .where(eq(folders.ownerId, userId))
    .groupBy(folderFiles.platform, folderFiles.paperId)
    .as('held');
  return db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      title: papers.title,
      categories: papers.categories,
      lexemes: sql<string[]>`tsvector_to_array(to_tsvector('english', ${papers.title}))`,
    })
    .from(held)
    .innerJoin(papers, and(eq(papers.platform, held.platform), eq(papers.paperId, held.paperId)))
    .where(visiblePaperFilter(userId))
    .orderBy(desc(held.addedAt))
    .limit(LIBRARY_SAMPLE);
}

/** Per topic: its rank when it matches the paper, else null (topicMatch is the one matching rule). */
function topicScores(topics: readonly string[]): SQL<(number | null)[]> {
  if (topics.length === 0) return sql`'{}'::float8[]`;
  const scores = topics.map(
    (topic) => sql`case when ${topicMatch(topic)} then ${relevance(webSearchQuery(topic))} end`,
  );
  return sql`array[${sql.join(scores, sql`, `)}]::float8[]`;
}

/** The library's title lexemes that this paper's stored vector holds (one hashed intersection a row). */
function sharedLexemes(lexemes: readonly string[]): SQL<string[]> {
  if (lexemes.length === 0) return sql`'{}'::text[]`;
  return sql`array(select unnest(tsvector_to_array(${papers.searchVector})) intersect select unnest(${sql.param(lexemes)}::text[]))`;
}

/**
 * The day's papers (an equality on the leading column of papers_recent_idx), narrow: keys,
 * categories and the scoring signals. The full rows are read afterwards for the ones shown only.
 */
export async function selectDayCandidates(
  db: Db,
  day: string,
  topics: readonly string[],
  lexemes: readonly string[],
): Promise<FeedCandidate[]> {
  const rows = await db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      categories: papers.categories,
      topicScores: topicScores(topics),
      libraryLexemes: sharedLexemes(lexemes),
    })
    .from(papers)
    .where(and(eq(papers.publishedDate, day), isPublic));
  return rows.map((row) => ({
    ...row,
    categories: row.categories ?? [],
    topicScores: (row.topicScores ?? []).map((score) => (score === null ? null : Number(score))),
    libraryLexemes: row.libraryLexemes ?? [],
  }));
}
