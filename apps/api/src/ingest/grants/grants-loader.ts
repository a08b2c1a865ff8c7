import { statSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Progress } from '../../lib/progress-reporter';
import { estimateLines, readJsonLines } from '../json-lines';
import { grantFromSampleRecord, type NewGrant } from './grant-record';
import {
  addGrantCounts,
  emptyGrantCounts,
  type GrantUpsertCounts,
  hasAnyGrant,
  upsertGrants,
  vacuumGrants,
} from './grant-upsert.repo';

export interface GrantLoadSummary extends GrantUpsertCounts {
  file: string;
  lines: number;
  skipped: number;
  /** Skip reasons with how many lines each. */
  reasons: Record<string, number>;
  milliseconds: number;
}

const BATCH = 500;
/** The shipped sample's bytes per line, plain and gzipped: a progress bar's total before the file is read. */
const BYTES_PER_LINE = { plain: 4300, gzipped: 620 };

export interface GrantLoadOptions {
  /** Lines done (their batch written) of the file's lines, estimated until it has been read. */
  onProgress?: (progress: Progress) => void;
}

/**
 * docs/grants.md#seeding: loads a grants JSON-lines file (the shipped sample's fields, gzipped or not), upserted by
 * (source, source_id); unusable lines are skipped and counted by reason. Loading the same file twice changes nothing.
 */
export async function loadGrants(
  db: Db,
  file: string,
  { onProgress }: GrantLoadOptions = {},
): Promise<GrantLoadSummary> {
  const started = performance.now();
  const estimated = Math.round(estimateLines(file, statSync(file).size, BYTES_PER_LINE));
  const report = (done: number, isReadDone: boolean, stage?: string) =>
    onProgress?.({ done, total: isReadDone ? lines : Math.max(estimated, lines), isEstimate: !isReadDone, stage });
  const counts = emptyGrantCounts();
  const reasons: Record<string, number> = {};
  let lines = 0;
  let skipped = 0;
  const skip = (reason: string) => {
    skipped += 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };
  // All lines or none: a failing batch rolls the whole file back.
  await db.transaction(async (tx) => {
    // docs/security.md#rate-limits-and-quotas: bulk work lifts the request statement timeout for its own transaction.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    let batch: NewGrant[] = [];
    report(0, false);
    for await (const line of readJsonLines(file)) {
      lines += 1;
      if ('error' in line) {
        skip(line.error);
        continue;
      }
      const grant = grantFromSampleRecord(line.value);
      if (typeof grant === 'string') {
        skip(grant);
        continue;
      }
      batch.push(grant);
      if (batch.length >= BATCH) {
        addGrantCounts(counts, await upsertGrants(tx, batch));
        batch = [];
        report(lines, false);
      }
    }
    if (batch.length) addGrantCounts(counts, await upsertGrants(tx, batch));
    report(lines, true);
  });
  report(lines, true, 'vacuuming');
  await vacuumGrants(db);
  return { file, lines, skipped, reasons, ...counts, milliseconds: Math.round(performance.now() - started) };
}

/** First start: fill an empty grants table from the shipped sample (GRANTS_FILE). */
export async function seedGrantsIfEmpty(
  db: Db,
  file: string,
  options: GrantLoadOptions = {},
): Promise<GrantLoadSummary | null> {
  if (!file || (await hasAnyGrant(db))) return null;
  return loadGrants(db, file, options);
}
