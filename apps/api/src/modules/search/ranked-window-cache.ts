import { corpusWriteGeneration } from '../../lib/corpus-writes';

/** One paper of a ranked window: its place is its index in the window. */
export interface RankedKey {
  platform: string;
  paperId: string;
  /** The full score inside the rank window; null past it, where the index's order stands. */
  score: number | null;
}

/** A query's ranked window and its total (docs/search.md#totals). */
export interface RankedWindow {
  keys: RankedKey[];
  total: number;
  /** Whether the total is the planner's estimate. */
  estimated: boolean;
  /** How many keys were asked for: fewer came back only when the query has no more matches. */
  depth: number;
}

/**
 * docs/search.md#repeated-searches: how long a window is reused. Papers added by this process clear
 * it at once (lib/corpus-writes.ts); another process's harvest shows within this time.
 */
export const WINDOW_TTL_MS = 5 * 60_000;
/** Queries kept per database handle, least recently used dropped first (a window is ~20 kB, 100 kB when paged deep). */
const MAX_WINDOWS = 200;

interface Kept extends RankedWindow {
  at: number;
  generation: number;
}

/** Per handle (the primary, a read replica, each test's database): windows never cross databases. */
const kept = new WeakMap<object, Map<string, Kept>>();

/** The window ranked for this query and filters a short while ago, if still current. */
export function recallWindow(db: object, key: string, now = Date.now()): RankedWindow | undefined {
  const windows = kept.get(db);
  const found = windows?.get(key);
  if (!windows || !found) return undefined;
  windows.delete(key);
  if (now - found.at > WINDOW_TTL_MS || found.generation !== corpusWriteGeneration()) return undefined;
  windows.set(key, found); // most recently used last
  return found;
}

export function keepWindow(db: object, key: string, window: RankedWindow, now = Date.now()): void {
  let windows = kept.get(db);
  if (!windows) {
    windows = new Map();
    kept.set(db, windows);
  }
  windows.delete(key);
  windows.set(key, { ...window, at: now, generation: corpusWriteGeneration() });
  while (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value as string);
}
