import type { Db } from '../db/client';
import { type ImportSummary, importJsonLines } from './bulk-import';
import { hasAnyPaper } from './bulk-load.repo';

/** Loads a metadata dump (see bulk-import.ts): all usable lines or nothing, upserted by id. */
export const loadCorpus = (db: Db, file: string): Promise<ImportSummary> => importJsonLines(db, file);

/** First start: fill an empty papers table from the shipped corpus. */
export async function seedCorpusIfEmpty(db: Db, file: string): Promise<ImportSummary | null> {
  if (await hasAnyPaper(db)) return null;
  return loadCorpus(db, file);
}
