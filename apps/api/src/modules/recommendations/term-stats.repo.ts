import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { termFrequencies, termStatsBuilds } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { countPapers } from '../papers/papers.repo';

/**
 * Title (A) and abstract (C) positions of the stored search vector: author names (B) are not what a
 * paper is about.
 */
export const TOPICAL_WEIGHTS = '{a,c}';

/** pg_advisory_xact_lock key: one build at a time per database, whichever process starts it. */
const BUILD_LOCK = ADVISORY_LOCKS.termStatsBuild;

export interface TermStatsBuild {
  documents: number;
  builtAt: Date;
  buildMs: number;
}

const buildColumns = {
  documents: termStatsBuilds.documents,
  builtAt: termStatsBuilds.builtAt,
  buildMs: termStatsBuilds.buildMs,
};

/** The stored build's summary, or undefined before the first build. */
export async function selectTermStatsBuild(db: Db): Promise<TermStatsBuild | undefined> {
  const [row] = await db.select(buildColumns).from(termStatsBuilds).limit(1);
  return row;
}

/** Every stored lexeme → public papers containing it. */
export async function selectTermFrequencies(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ lexeme: termFrequencies.lexeme, papers: termFrequencies.papers })
    .from(termFrequencies);
  return new Map(rows.map((row) => [row.lexeme, row.papers]));
}

/**
 * Counts the public papers' topical lexemes (ts_stat reads every vector) and replaces the stored
 * counts in one transaction, so readers see the old or the new statistics, never a part. It runs
 * without the statement timeout: after an import or harvest (keepTermStatsCurrent), or in the background.
 * Builds are serialized by an advisory lock; a build that waited for another one keeps the result
 * that one finished while it waited instead of counting again (built_at is the clock at commit time,
 * so it is later than the waiting transaction's start, now()).
 */
export async function rebuildTermStats(db: Db): Promise<TermStatsBuild> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BUILD_LOCK})`);
    const [existing] = await tx
      .select(buildColumns)
      .from(termStatsBuilds)
      .where(sql`${termStatsBuilds.builtAt} >= now()`);
    if (existing) return existing;
    const started = performance.now();
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.delete(termFrequencies);
    const vectors = `select ts_filter(search_vector, '${TOPICAL_WEIGHTS}') from papers where platform <> '${UPLOAD_PLATFORM}'`;
    await tx.execute(sql`
      insert into term_frequencies (lexeme, papers)
      select word, ndoc from ts_stat(${vectors}) where ndoc > 1`);
    const documents = await countPapers(tx);
    const buildMs = Math.round(performance.now() - started);
    const [row] = await tx
      .insert(termStatsBuilds)
      .values({ id: 1, documents, buildMs, builtAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({ target: termStatsBuilds.id, set: { documents, buildMs, builtAt: sql`clock_timestamp()` } })
      .returning(buildColumns);
    if (!row) throw new Error('term_stats_builds: the upsert returned no row');
    return row;
  });
}
