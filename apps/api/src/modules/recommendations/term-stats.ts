import type { Db } from '../../db/client';
import { countPublicPapers, selectDocumentFrequencies } from './term-stats.repo';

/** Document frequencies of the public corpus' title and abstract lexemes. */
export interface TermStats {
  /** Papers counted. */
  documents: number;
  /** Lexeme → papers containing it; lexemes found in one paper only are left out (df 1). */
  frequencies: ReadonlyMap<string, number>;
}

/** Rebuild when the corpus has grown or shrunk by more than this share since the last build. */
const STALE_SHARE = 0.05;
/** Least time between two checks of the corpus size. */
const CHECK_INTERVAL_MS = 60_000;

async function computeTermStats(db: Db): Promise<TermStats> {
  const [frequencies, documents] = await Promise.all([selectDocumentFrequencies(db), countPublicPapers(db)]);
  return { documents, frequencies };
}

export type TermStatsSource = () => Promise<TermStats>;

/**
 * Lazily computed, shared by concurrent callers (one ts_stat at a time), and refreshed in the
 * background when the corpus size drifts by more than STALE_SHARE (harvests, imports); callers keep
 * the previous statistics meanwhile, which only shifts weights slightly.
 */
export function createTermStatsCache(db: Db, now: () => number = Date.now): TermStatsSource {
  let current: TermStats | undefined;
  let building: Promise<TermStats> | undefined;
  let checkedAt = 0;

  const rebuild = () => {
    building ??= computeTermStats(db)
      .then((stats) => {
        current = stats;
        checkedAt = now();
        return stats;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  };

  const checkDrift = async (stats: TermStats) => {
    checkedAt = now();
    const documents = await countPublicPapers(db);
    if (Math.abs(documents - stats.documents) > stats.documents * STALE_SHARE) await rebuild();
  };

  return async () => {
    if (!current) return rebuild();
    if (now() - checkedAt >= CHECK_INTERVAL_MS && !building) {
      checkDrift(current).catch(() => undefined);
    }
    return current;
  };
}
