import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { papers } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility';

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

/**
 * Title (A) and abstract (C) positions of the stored search vector: author names (B) are not what a
 * paper is about. ts_stat scans every vector once (~0.7 s on PostgreSQL for 25k papers), so the
 * result is cached.
 */
export const TOPICAL_WEIGHTS = '{a,c}';

async function countDocuments(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(papers)
    .where(sql`${papers.platform} <> ${UPLOAD_PLATFORM}`);
  return row?.value ?? 0;
}

async function computeTermStats(db: Db): Promise<TermStats> {
  const inner = `select ts_filter(search_vector, '${TOPICAL_WEIGHTS}') from papers where platform <> '${UPLOAD_PLATFORM}'`;
  const [result, documents] = await Promise.all([
    db.execute(sql`select word, ndoc from ts_stat(${inner}) where ndoc > 1`),
    countDocuments(db),
  ]);
  const frequencies = new Map<string, number>();
  for (const { word, ndoc } of (result as unknown as { rows: { word: string; ndoc: number }[] }).rows) {
    frequencies.set(word, Number(ndoc));
  }
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
    const documents = await countDocuments(db);
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
