import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

/**
 * Title (A) and abstract (C) positions of the stored search vector: author names (B) are not what a
 * paper is about. ts_stat scans every vector once (~0.7 s on PostgreSQL for 25k papers), so its
 * result is cached (term-stats.ts).
 */
export const TOPICAL_WEIGHTS = '{a,c}';

/** Papers of the public corpus (uploads are private and left out of the statistics). */
export async function countPublicPapers(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(papers)
    .where(sql`${papers.platform} <> ${UPLOAD_PLATFORM}`);
  return row?.value ?? 0;
}

/** Topical lexeme → public papers containing it; lexemes found in one paper only are left out (df 1). */
export async function selectDocumentFrequencies(db: Db): Promise<Map<string, number>> {
  const inner = `select ts_filter(search_vector, '${TOPICAL_WEIGHTS}') from papers where platform <> '${UPLOAD_PLATFORM}'`;
  const result = await db.execute(sql`select word, ndoc from ts_stat(${inner}) where ndoc > 1`);
  const frequencies = new Map<string, number>();
  for (const { word, ndoc } of rowsOf<{ word: string; ndoc: number }>(result)) {
    frequencies.set(word, Number(ndoc));
  }
  return frequencies;
}
