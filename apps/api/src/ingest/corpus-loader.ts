import type { Db } from '../db/client';
import { type ImportOptions, type ImportSummary, importJsonLines } from './bulk-import';
import { hasAnyPaper } from './bulk-load.repo';
import { recordCorpusImport } from './corpus-imports.repo';

/**
 * Loads a metadata dump (see bulk-import.ts): all usable lines or nothing, upserted by id. The import
 * is recorded (docs/ingest.md#freshness: the corpus status's "updated at").
 */
export async function loadCorpus(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary = await importJsonLines(db, file, options);
  await recordCorpusImport(db, summary);
  return summary;
}

/** First start: fill an empty papers table from the shipped corpus. */
export async function seedCorpusIfEmpty(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary | null> {
  if (await hasAnyPaper(db)) return null;
  return loadCorpus(db, file, options);
}
