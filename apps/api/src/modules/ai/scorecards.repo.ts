import { type TScorecard, type TScorecardMetrics, ZScorecardMetrics } from '@paperbench/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiScorecards } from '../../db/schema';

export interface NewScorecard {
  mode: 'model' | 'extractive';
  model: string | null;
  setName: string;
  setHash: string;
  metrics: TScorecardMetrics;
}

/** `pnpm eval` stores its run (docs/ai.md#scorecard); one row per run, none ever updated. */
export async function insertScorecard(db: Db, scorecard: NewScorecard): Promise<TScorecard> {
  const [row] = await db.insert(aiScorecards).values(scorecard).returning();
  const stored = row ? presentScorecard(row) : null;
  if (!stored) throw new Error('ai_scorecards: the insert returned no row, or not the metrics given');
  return stored;
}

/**
 * The newest run of this mode and model (a scorecard of another model says nothing about this one);
 * null when there is none, or when its metrics are of a shape this version no longer reads (a run of
 * an older `pnpm eval`: the hint to run it again is then the truth).
 */
export async function selectLatestScorecard(
  db: Db,
  mode: 'model' | 'extractive',
  model: string | null,
): Promise<TScorecard | null> {
  const [row] = await db
    .select()
    .from(aiScorecards)
    .where(
      and(eq(aiScorecards.mode, mode), model === null ? isNull(aiScorecards.model) : eq(aiScorecards.model, model)),
    )
    .orderBy(desc(aiScorecards.createdAt), desc(aiScorecards.id))
    .limit(1);
  return row ? presentScorecard(row) : null;
}

function presentScorecard(row: typeof aiScorecards.$inferSelect): TScorecard | null {
  const metrics = ZScorecardMetrics.safeParse(row.metrics);
  if (!metrics.success) return null;
  return {
    mode: row.mode === 'model' ? 'model' : 'extractive',
    model: row.model,
    set_name: row.setName,
    set_hash: row.setHash,
    created_at: row.createdAt.toISOString(),
    metrics: metrics.data,
  };
}
