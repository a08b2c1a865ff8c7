import type { Db } from '../../db/client';
import { corpusWriteGeneration } from '../../lib/corpus-writes';
import { countPapers } from './papers.repo';

/**
 * docs/ingest.md#freshness: up to this many papers an exact count(*) takes a few milliseconds and
 * every request counts; past it the count reads every row (58-163 ms and both cores at 525k papers on
 * PostgreSQL, five times that for a full snapshot), so requests are answered from a count kept here.
 */
export const EXACT_COUNT_LIMIT = 100_000;
/** A kept count older than this is counted again (in the background) on the next request. */
export const RECOUNT_AFTER_MS = 60_000;
/** After papers were added by this process, the kept count is counted again once it is this old. */
export const RECOUNT_AFTER_WRITE_MS = 5_000;

export interface PaperCountOptions {
  exactBelow?: number;
  recountAfterMs?: number;
  recountAfterWriteMs?: number;
  now?: () => number;
}

interface KeptCount {
  value: number;
  /** When the count that produced `value` started, and the write generation then. */
  countedAt: number;
  generation: number;
}

/** One kept count per database handle (the primary and a read replica each; tests' databases apart). */
const kept = new WeakMap<Db, KeptCount>();
/** The count under way per handle: concurrent callers of a large corpus share it. */
const underWay = new WeakMap<Db, Promise<number>>();

/** Counts now and keeps the result, unless a count that started later was kept already. */
async function countNow(db: Db, now: () => number): Promise<number> {
  const countedAt = now();
  const generation = corpusWriteGeneration();
  const value = await countPapers(db);
  const current = kept.get(db);
  if (!current || current.countedAt <= countedAt) kept.set(db, { value, countedAt, generation });
  return value;
}

/** One shared count per handle at a time. */
function recount(db: Db, now: () => number): Promise<number> {
  const running = underWay.get(db);
  if (running) return running;
  const counting = countNow(db, now).finally(() => underWay.delete(db));
  underWay.set(db, counting);
  return counting;
}

/**
 * The number of papers in the corpus (uploads not counted), for GET /api/papers/count and
 * GET /api/corpus/status alike. Below `exactBelow` it is counted on every request. Above it the
 * count is kept and served at once (stale while it revalidates): the next request after
 * `recountAfterMs`, or `recountAfterWriteMs` after this process added papers, starts a count in the
 * background and later requests get its result. The number is exact as of at most a minute ago: it
 * never wobbles as an estimate would, and grows only when papers arrived. `estimated` says it came
 * from the kept count. The first request of a large corpus waits for one count.
 */
export async function countCorpusPapers(
  db: Db,
  options: PaperCountOptions = {},
): Promise<{ papers: number; estimated: boolean }> {
  const {
    exactBelow = EXACT_COUNT_LIMIT,
    recountAfterMs = RECOUNT_AFTER_MS,
    recountAfterWriteMs = RECOUNT_AFTER_WRITE_MS,
    now = Date.now,
  } = options;
  const current = kept.get(db);
  if (!current) {
    const papers = await recount(db, now);
    return { papers, estimated: papers >= exactBelow };
  }
  if (current.value < exactBelow) {
    // A small corpus is counted on every request: a paper just added is counted at once.
    const papers = await countNow(db, now);
    return { papers, estimated: papers >= exactBelow };
  }
  const age = now() - current.countedAt;
  const written = corpusWriteGeneration() !== current.generation;
  if (!underWay.has(db) && (age >= recountAfterMs || (written && age >= recountAfterWriteMs))) {
    // A failed background count leaves the kept value; the next request tries again.
    recount(db, now).catch(() => undefined);
  }
  return { papers: current.value, estimated: true };
}

/** The background count under way for this database, if any (tests wait for it). */
export function paperRecountUnderWay(db: Db): Promise<number> | undefined {
  return underWay.get(db);
}
