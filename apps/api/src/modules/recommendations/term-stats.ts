import type { Db } from '../../db/client';
import { countCorpusPapers } from '../papers/paper-count';
import { countPapers } from '../papers/papers.repo';
import { rebuildTermStats, selectTermFrequencies, selectTermStatsBuild, type TermStatsBuild } from './term-stats.repo';

/** Document frequencies of the public corpus' title and abstract lexemes. */
export interface TermStats {
  /** Papers counted. */
  documents: number;
  /** Lexeme → papers containing it; lexemes found in one paper only are left out (df 1). */
  frequencies: ReadonlyMap<string, number>;
}

/** Rebuild when the corpus has grown or shrunk by more than this share since the last build. */
const STALE_SHARE = 0.05;
/** Least time between two looks at the stored build and the corpus size (both cheap at any size). */
const CHECK_INTERVAL_MS = 60_000;

export type TermStatsSource = () => Promise<TermStats>;

/** Whether statistics counted over `basis` papers still describe a corpus of `papers`. */
const isStale = (basis: number, papers: number) => Math.abs(papers - basis) > basis * STALE_SHARE;

/**
 * docs/recommendations.md#term-statistics: what the importer and the harvest call once their papers are
 * committed, so a recommendation never waits for a build: counts again when there is no build yet or the corpus
 * size has drifted by more than STALE_SHARE since the last one; otherwise a look at the build and a count. Returns
 * the build that is current afterwards and whether this call counted.
 */
export async function keepTermStatsCurrent(db: Db): Promise<TermStatsBuild & { rebuilt: boolean }> {
  const stored = await selectTermStatsBuild(db);
  // Counted exactly, as a build counts its documents: the kept count may predate the writes just made.
  if (stored && !isStale(stored.documents, await countPapers(db))) return { ...stored, rebuilt: false };
  return { ...(await rebuildTermStats(db)), rebuilt: true };
}

type LoadedTermStats = TermStats & { builtAt: Date };

/**
 * docs/recommendations.md#term-statistics: the statistics every process reads, loaded from the
 * database at first use (term_frequencies) and shared by concurrent callers. The importer and the harvest
 * keep the stored build current (keepTermStatsCurrent) and the server loads it after listening
 * (warm-up/warm-up.ts), so a caller waits for a build (0.7 s at 25k papers on PostgreSQL, 51 s at 2.6M)
 * only on a database no import has counted. At most once a minute a caller looks at the stored build in the
 * background: a newer one (another process rebuilt) is loaded, and when the corpus size has drifted
 * by more than STALE_SHARE since it (harvests, imports) it is rebuilt; callers keep the previous
 * statistics meanwhile, which only shifts weights slightly.
 */
export function createTermStatsCache(db: Db, now: () => number = Date.now): TermStatsSource {
  let current: LoadedTermStats | undefined;
  let loading: Promise<LoadedTermStats> | undefined;
  let checkedAt = 0;

  const load = (build: () => Promise<TermStatsBuild>) => {
    loading ??= build()
      .then(async (stored) => {
        const stats = {
          documents: stored.documents,
          frequencies: await selectTermFrequencies(db),
          builtAt: stored.builtAt,
        };
        current = stats;
        checkedAt = now();
        return stats;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const check = async (stats: LoadedTermStats) => {
    checkedAt = now();
    const stored = await selectTermStatsBuild(db);
    const { papers } = await countCorpusPapers(db);
    const basis = stored ?? stats;
    if (isStale(basis.documents, papers)) await load(() => rebuildTermStats(db));
    else if (stored && stored.builtAt > stats.builtAt) await load(async () => stored);
  };

  return async () => {
    if (!current) return load(async () => (await selectTermStatsBuild(db)) ?? rebuildTermStats(db));
    if (now() - checkedAt >= CHECK_INTERVAL_MS && !loading) check(current).catch(() => undefined);
    return current;
  };
}
