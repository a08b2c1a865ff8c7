import type { TDailyFeedResponse, TFeedGroup } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { presentPaper } from '../papers/paper.presenter';
import { findVisiblePapers } from '../papers/paper-visibility.repo';
import { listTopics } from '../topics/topics.service';
import { type RankedPaper, rankDay } from './daily-feed.rank';
import {
  countDayPapers,
  selectDayCandidates,
  selectLatestDay,
  selectLibraryPapers,
  selectNextDay,
  selectPreviousDay,
} from './daily-feed.repo';
import { buildLibraryProfile, EMPTY_LIBRARY, libraryLexemes, refKeyOf } from './feed-library';

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

/**
 * GET /api/feed/daily: one announcement day (default the latest not after today), ranked for the
 * caller by their followed topics and their library; an anonymous caller gets the plain day.
 */
export async function getDailyFeed(db: Db, userId: number | null, requestedDay?: string): Promise<TDailyFeedResponse> {
  const day = requestedDay ?? (await selectLatestDay(db));
  if (day === null) return { day: null, previous_day: null, next_day: null, total: 0, groups: [] };
  const [topics, libraryRows] =
    userId === null ? [[], []] : await Promise.all([listTopics(db, userId), selectLibraryPapers(db, userId)]);
  const library = libraryRows.length > 0 ? buildLibraryProfile(libraryRows) : EMPTY_LIBRARY;
  const [previousDay, nextDay, total, candidates] = await Promise.all([
    selectPreviousDay(db, day),
    selectNextDay(db, day),
    countDayPapers(db, day),
    selectDayCandidates(db, day, topics, libraryLexemes(library)),
  ]);
  const ranked = rankDay(candidates, topics, library);
  const rows = await findVisiblePapers(
    db,
    userId,
    ranked.map((paper) => ({ platform: paper.platform, paper_id: paper.paperId })),
  );
  const rowByKey = new Map(rows.map((row) => [refKeyOf(row.platform as string, row.paperId as string), row]));
  const groups = groupRanked(ranked).map(({ members, ...group }) => ({
    ...group,
    papers: members.flatMap((paper) => {
      const row = rowByKey.get(refKeyOf(paper.platform, paper.paperId));
      return row ? [{ ...presentPaper(row), reason: paper.reason, score: paper.score }] : [];
    }),
  }));
  return { day, previous_day: previousDay, next_day: nextDay, total, groups };
}
