import { FEED_MAX_PAPERS, paperRefKey, type TFeedGroupKind } from '@paperbench/contract';
import { topicReason } from '../topics/topic-match';
import type { LibraryProfile } from './feed-library';

/** A paper of the day as the ranking query returns it: keys and scoring signals only. */
export interface FeedCandidate {
  platform: string;
  paperId: string;
  categories: readonly string[];
  /** Per followed topic (same order): its ts_rank when the topic matches the paper, else null. */
  topicScores: readonly (number | null)[];
  /** The library's title lexemes this paper's text contains. */
  libraryLexemes: readonly string[];
}

export interface RankedPaper {
  platform: string;
  paperId: string;
  kind: TFeedGroupKind;
  /** The followed topic of a 'topic' paper. */
  topic: string | null;
  reason: string;
  score: number;
}

/**
 * A paper is close to a library paper when its text holds at least two of that paper's telling title
 * words and at least this share of them (two common words of a long title are chance, not closeness).
 */
export const MIN_SHARED_LEXEMES = 2;
export const MIN_SHARED_SHARE = 0.4;

const isClose = (shared: number, titleLexemes: number) =>
  shared >= Math.max(MIN_SHARED_LEXEMES, Math.ceil(MIN_SHARED_SHARE * titleLexemes));

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The followed topic that ranks the paper highest (the earliest followed wins ties). */
function bestTopic(candidate: FeedCandidate, topics: readonly string[]) {
  let best: { topic: string; score: number } | null = null;
  for (const [index, score] of candidate.topicScores.entries()) {
    const topic = topics[index];
    if (score !== null && topic !== undefined && (!best || score > best.score)) best = { topic, score };
  }
  return best;
}

/** The library paper sharing the most telling title words with the candidate (never the paper itself). */
function closestLibraryTitle(candidate: FeedCandidate, library: LibraryProfile) {
  const words = new Set(candidate.libraryLexemes);
  const own = paperRefKey({ platform: candidate.platform, paper_id: candidate.paperId });
  let best: { title: string; shared: number } | null = null;
  for (const entry of library.titles) {
    if (entry.key === own) continue;
    let shared = 0;
    for (const lexeme of entry.lexemes) if (words.has(lexeme)) shared += 1;
    if (isClose(shared, entry.lexemes.size) && (!best || shared > best.shared)) best = { title: entry.title, shared };
  }
  return best;
}

/** The candidate's category that most library papers list (the primary category wins ties). */
function sharedCategory(candidate: FeedCandidate, library: LibraryProfile) {
  let best: { category: string; count: number } | null = null;
  for (const category of candidate.categories) {
    const count = library.categoryCounts.get(category) ?? 0;
    if (count > 0 && (!best || count > best.count)) best = { category, count };
  }
  return best;
}

/** Places one paper: its followed topic first, else its closeness to the library, else the rest of the day. */
export function rankCandidate(
  candidate: FeedCandidate,
  topics: readonly string[],
  library: LibraryProfile,
): RankedPaper {
  const base = { platform: candidate.platform, paperId: candidate.paperId };
  const topic = bestTopic(candidate, topics);
  if (topic) {
    return { ...base, kind: 'topic', topic: topic.topic, reason: topicReason(topic.topic), score: round(topic.score) };
  }
  const close = closestLibraryTitle(candidate, library);
  const category = sharedCategory(candidate, library);
  if (close || category) {
    // Shared title words say more than a shared category; the category breaks ties between them.
    const categoryWeight = category ? category.count / (category.count + 1) : 0;
    const reason = close
      ? `Close to “${close.title}” in your library`
      : `In ${category?.category}, like ${plural(category?.count ?? 0, 'paper')} in your library`;
    return { ...base, kind: 'library', topic: null, reason, score: round((close?.shared ?? 0) + categoryWeight) };
  }
  const primary = candidate.categories[0];
  return {
    ...base,
    kind: 'other',
    topic: null,
    reason: primary ? `New in ${primary} this day` : 'New this day',
    score: 0,
  };
}

/**
 * The day's papers in feed order: topic groups in the order the topics were followed, then the
 * library group, then the rest, each by score (the rest by id: arXiv's own listing order); at most
 * FEED_MAX_PAPERS.
 */
export function rankDay(
  candidates: readonly FeedCandidate[],
  topics: readonly string[],
  library: LibraryProfile,
): RankedPaper[] {
  const groupOrder = (paper: RankedPaper) =>
    paper.kind === 'topic'
      ? topics.indexOf(paper.topic ?? '')
      : paper.kind === 'library'
        ? topics.length
        : topics.length + 1;
  return candidates
    .map((candidate) => rankCandidate(candidate, topics, library))
    .sort(
      (a, b) =>
        groupOrder(a) - groupOrder(b) ||
        b.score - a.score ||
        a.paperId.localeCompare(b.paperId) ||
        a.platform.localeCompare(b.platform),
    )
    .slice(0, FEED_MAX_PAPERS);
}
