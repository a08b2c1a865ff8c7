import type { AppContext } from '../app-context';
import { hasConcurrentSessions } from '../db/raw-session';
import { corpusCategories } from '../modules/search/search-categories.repo';
import { ensurePrewarm, prewarmRelation, selectPrewarmTargets } from './prewarm.repo';

/** One step of the warm-up: how long it took and what it did, or why it did not. */
export interface WarmUpStep {
  step: 'term statistics' | 'categories' | 'prewarm';
  ms: number;
  detail: Record<string, unknown>;
  error?: string;
}

type WarmUpContext = Pick<AppContext, 'db' | 'readDb' | 'termStats'> & {
  config: Pick<AppContext['config'], 'PREWARM_MAX_MB'>;
};

async function timedStep(step: WarmUpStep['step'], work: () => Promise<Record<string, unknown>>): Promise<WarmUpStep> {
  const started = performance.now();
  try {
    const detail = await work();
    return { step, ms: Math.round(performance.now() - started), detail };
  } catch (error) {
    return { step, ms: Math.round(performance.now() - started), detail: {}, error: (error as Error).message };
  }
}

/**
 * Reads the indexes the first requests need into the OS page cache, smallest first, until PREWARM_MAX_MB: after a
 * restart or on a new machine they would otherwise come from disk one page at a time (a first search of a common
 * word at 2.6M papers: hundreds of ms to seconds). PostgreSQL only: PGlite's files are read by its own process.
 */
async function prewarm(db: AppContext['db'], maxMb: number): Promise<Record<string, unknown>> {
  if (maxMb === 0) return { skipped: 'PREWARM_MAX_MB is 0' };
  if (!hasConcurrentSessions(db)) return { skipped: 'embedded database' };
  if (!(await ensurePrewarm(db))) return { skipped: 'pg_prewarm is not available to this role' };
  const budget = maxMb * 1024 ** 2;
  let bytes = 0;
  const read: string[] = [];
  const left: string[] = [];
  for (const target of await selectPrewarmTargets(db)) {
    if (bytes + target.bytes > budget) {
      left.push(target.name);
      continue;
    }
    await prewarmRelation(db, target.name);
    bytes += target.bytes;
    read.push(target.name);
  }
  return { mb: Math.round(bytes / 1024 ** 2), relations: read.length, left };
}

/**
 * docs/deploy.md#warm-up-after-a-start: what the first requests after a start would otherwise wait for, done right
 * after the server listens, without holding up any request: the term statistics loaded (recommendations,
 * docs/recommendations.md#term-statistics), the corpus categories counted (filtered search,
 * docs/search.md#category-filters), and the ranking indexes read into the page cache. Each step that fails is
 * reported and left to the first request that needs it, as before.
 */
export async function warmUp(context: WarmUpContext): Promise<WarmUpStep[]> {
  const handles = [...new Set([context.db, context.readDb])];
  return Promise.all([
    timedStep('term statistics', async () => {
      const stats = await context.termStats();
      return { documents: stats.documents, lexemes: stats.frequencies.size };
    }),
    timedStep('categories', async () => {
      const counted = await Promise.all(handles.map((handle) => corpusCategories(handle)));
      return { categories: counted[0]?.categories.length ?? 0 };
    }),
    timedStep('prewarm', async () => {
      const results = [];
      for (const handle of handles) results.push(await prewarm(handle, context.config.PREWARM_MAX_MB));
      return results.length === 1 ? (results[0] ?? {}) : { primary: results[0], replica: results[1] };
    }),
  ]);
}
