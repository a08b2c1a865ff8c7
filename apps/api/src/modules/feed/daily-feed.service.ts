import { paperRefKey, type TDailyFeedResponse, type TFeedGroup } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { presentPaper } from '../papers/paper.presenter';
import { findVisiblePapers } from '../papers/paper-visibility.repo';
import { listTopics } from '../topics/topics.service';
import { type FeedCandidate, type RankedPaper, rankDay } from './daily-feed.rank';
import {
  countDayPapers,
  selectDayCandidates,
  selectLatestDay,
  selectLatestTopicDay,
  selectLibraryPapers,
  selectNextDay,
  selectPreviousDay,
} from './daily-feed.repo';
import { buildLibraryProfile, EMPTY_LIBRARY, libraryLexemes } from './feed-library';

export const LIBRARY_GROUP_LABEL = 'Related to your library';
export const OTHER_GROUP_LABEL = 'Other papers of the day';

/** Ranked papers → consecutive groups (rankDay already put them in group order). */
function groupRanked(ranked: readonly RankedPaper[]): Array<Omit<TFeedGroup, 'papers'> & { members: RankedPaper[] }> {
  const groups: Array<Omit<TFeedGroup, 'papers'> & { members: RankedPaper[] }> = [];
  for (const paper of ranked) {
    const last = groups.at(-1);
    if (last && last.kind === paper.kind && last.topic === paper.topic) {
      last.members.push(paper);
      continue;
    }
    const label = paper.topic ?? (paper.kind === 'library' ? LIBRARY_GROUP_LABEL : OTHER_GROUP_LABEL);
    groups.push({ kind: paper.kind, topic: paper.topic, label, members: [paper] });
  }
  return groups;
}

/** One day as the feed shows it: its neighbours, its size, and its papers with their scoring signals. */
async function readDay(db: Db, day: string, topics: readonly string[], lexemes: readonly string[]) {
  const [previousDay, nextDay, total, candidates] = await Promise.all([
    selectPreviousDay(db, day),
    selectNextDay(db, day),
    countDayPapers(db, day),
    selectDayCandidates(db, day, topics, lexemes),
  ]);
  return { day, previousDay, nextDay, total, candidates };
}

const matchesATopic = (candidates: readonly FeedCandidate[]) =>
  candidates.some((candidate) => candidate.topicScores.some((score) => score !== null));

/**
 * GET /api/feed/daily: one announcement day, ranked for the caller by their followed topics and their
 * library; an anonymous caller gets the plain day. docs/ingest.md#freshness: without a day asked for
 * it is the latest day with papers, unless the caller's topics match nothing there; then it is the
 * latest day they match, and the skipped day is named. The search for that day runs only when the
 * first day has no match (a rare topic may walk much of papers_recent_idx to find it).
 */
export async function getDailyFeed(db: Db, userId: number | null, requestedDay?: string): Promise<TDailyFeedResponse> {
  const firstDay = requestedDay ?? (await selectLatestDay(db));
  const noTopicNews = { topics_matched: null, skipped_day: null, latest_topic_day: null };
  if (firstDay === null) return { day: null, previous_day: null, next_day: null, total: 0, groups: [], ...noTopicNews };
  const [topics, libraryRows] =
    userId === null ? [[], []] : await Promise.all([listTopics(db, userId), selectLibraryPapers(db, userId)]);
  const library = libraryRows.length > 0 ? buildLibraryProfile(libraryRows) : EMPTY_LIBRARY;
  const lexemes = libraryLexemes(library);
  let shown = await readDay(db, firstDay, topics, lexemes);
  let skippedDay: string | null = null;
  let latestTopicDay: string | null = null;
  if (topics.length > 0 && !matchesATopic(shown.candidates)) {
    latestTopicDay = await selectLatestTopicDay(db, topics);
    if (requestedDay === undefined && latestTopicDay !== null) {
      skippedDay = firstDay;
      shown = await readDay(db, latestTopicDay, topics, lexemes);
    }
  }
  const ranked = rankDay(shown.candidates, topics, library);
  const rows = await findVisiblePapers(
    db,
    userId,
    ranked.map((paper) => ({ platform: paper.platform, paper_id: paper.paperId })),
  );
  const rowByKey = new Map(
    rows.map((row) => [paperRefKey({ platform: row.platform as string, paper_id: row.paperId as string }), row]),
  );
  const groups = groupRanked(ranked).map(({ members, ...group }) => ({
    ...group,
    papers: members.flatMap((paper) => {
      const row = rowByKey.get(paperRefKey({ platform: paper.platform, paper_id: paper.paperId }));
      return row ? [{ ...presentPaper(row), reason: paper.reason, score: paper.score }] : [];
    }),
  }));
  return {
    day: shown.day,
    previous_day: shown.previousDay,
    next_day: shown.nextDay,
    total: shown.total,
    groups,
    topics_matched: topics.length > 0 ? matchesATopic(shown.candidates) : null,
    skipped_day: skippedDay,
    latest_topic_day: latestTopicDay,
  };
}
