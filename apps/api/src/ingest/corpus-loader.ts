import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { papers } from '../db/schema';
import { type ImportSummary, importJsonLines } from './bulk-import';

/** Loads a metadata dump (see bulk-import.ts): all usable lines or nothing, upserted by id. */
export const loadCorpus = (db: Db, file: string): Promise<ImportSummary> => importJsonLines(db, file);

/** First start: fill an empty papers table from the shipped corpus. */
export async function seedCorpusIfEmpty(db: Db, file: string): Promise<ImportSummary | null> {
  const [row] = await db
    .select({ exists: sql<boolean>`exists (select 1 from ${papers})` })
    .from(sql`(select 1) as one`);
  if (row?.exists) return null;
  return loadCorpus(db, file);
}
