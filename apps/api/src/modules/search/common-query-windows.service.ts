import type { Db } from '../../db/client';
import { selectLastRefresh } from '../corpus/corpus-status.repo';
import {
  clearCommonWindows,
  finishCommonWindowBuild,
  selectCommonWindowBuild,
  selectCommonWords,
  storeCommonOrder,
} from './common-query-windows.repo';
import { COMMON_WORD, CORPUS_LIMITS, type CorpusLimits, rankCommonWord } from './search.repo';
import { type SearchIndex, tableRowEstimate } from './search-index.repo';

/**
 * docs/search.md#common-words: a word whose stemmed form is in this many papers is ranked in the
 * background. RUM sorts every match's rank before handing out the first (about 0.4 µs a match here:
 * 381 ms for `model`, in 1.1M papers); under this, ranking on the spot stays well within budget and
 * the kept orders stay few (657 words at 2.6M papers).
 */
export const COMMON_WORD_MATCHES = 100_000;

export interface CommonWindowsOptions {
  index: SearchIndex;
  /** Stops between two words (shutdown): the windows stored so far are whole, the build is not recorded. */
  signal?: AbortSignal;
  limits?: CorpusLimits;
  minMatches?: number;
}

/**
 * Ranks and keeps the window of every common word (common_query_windows) when papers have arrived
 * since the last build, or there is none; words no longer common lose theirs. Only where search
 * estimates totals (a corpus of CORPUS_LIMITS.estimatedFrom papers) and has RUM: elsewhere every
 * search is ranked as it comes, and windows left from a larger corpus are dropped.
 */
export async function refreshCommonWindows(
  db: Db,
  { index, signal, limits = CORPUS_LIMITS, minMatches = COMMON_WORD_MATCHES }: CommonWindowsOptions,
): Promise<Record<string, unknown>> {
  const papers = await tableRowEstimate(db);
  if (index !== 'rum' || papers < limits.estimatedFrom) {
    if (await selectCommonWindowBuild(db)) await clearCommonWindows(db);
    return { skipped: index === 'rum' ? `fewer than ${limits.estimatedFrom} papers` : 'no RUM index' };
  }
  const [build, { updatedAt }] = await Promise.all([selectCommonWindowBuild(db), selectLastRefresh(db)]);
  const isCurrent = build && (!updatedAt || (build.corpusUpdatedAt && build.corpusUpdatedAt >= updatedAt));
  if (isCurrent) return { skipped: 'no papers arrived since the last build', builtAt: build.builtAt.toISOString() };
  const words = await selectCommonWords(db, minMatches, COMMON_WORD.source);
  if (!words) return { skipped: 'the papers table has not been analyzed yet' };
  const started = performance.now();
  for (const [ranked, word] of words.entries()) {
    if (signal?.aborted) return { stopped: 'shutting down', ranked, of: words.length };
    await storeCommonOrder(db, word, await rankCommonWord(db, word));
  }
  const buildMs = Math.round(performance.now() - started);
  await finishCommonWindowBuild(db, { words, corpusUpdatedAt: updatedAt, buildMs });
  return { words: words.length, buildMs, first: words.slice(0, 10) };
}
