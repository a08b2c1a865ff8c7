import { statSync } from 'node:fs';
import type { Db } from '../db/client';
import { withRawTransaction } from '../db/raw-session';
import { type NewPaper, paperFromDumpRecord } from './arxiv-record';
import { vacuumPapers, withPaperIndexesDeferred } from './bulk-load.repo';
import { readJsonLines } from './json-lines';
import {
  addUpsertCounts,
  createStaging,
  emptyUpsertCounts,
  type UpsertCounts,
  upsertPapers,
} from './paper-upsert.repo';

/** Rows per COPY + upsert: large enough to amortise statements, small enough for constant memory. */
const DEFAULT_BATCH_SIZE = 5000;
/** Line numbers kept per skip reason, to show where to look. */
const EXAMPLE_LINES = 5;

export interface SkipReason {
  reason: string;
  count: number;
  /** The first few line numbers skipped for this reason. */
  lines: number[];
}

export interface ImportSummary extends UpsertCounts {
  file: string;
  lines: number;
  skipped: number;
  reasons: SkipReason[];
  milliseconds: number;
}

export interface ImportProgress {
  lines: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
}

class SkipLog {
  readonly byReason = new Map<string, SkipReason>();
  total = 0;

  add(reason: string, line: number) {
    this.total += 1;
    const entry = this.byReason.get(reason) ?? { reason, count: 0, lines: [] };
    entry.count += 1;
    if (entry.lines.length < EXAMPLE_LINES) entry.lines.push(line);
    this.byReason.set(reason, entry);
  }

  reasons(): SkipReason[] {
    return [...this.byReason.values()].sort((a, b) => b.count - a.count);
  }
}

/**
 * Imports a JSON-lines metadata dump (the shipped sample's or the Kaggle snapshot's fields, gzipped
 * or not) in one transaction: every usable line lands, or nothing does. Lines stream through COPY
 * into a staging table in batches and are upserted by (platform, paper_id), so memory stays flat
 * for millions of lines and importing the same file twice changes nothing. Unusable lines are
 * skipped and counted by reason.
 */
export async function importJsonLines(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const { batchSize = DEFAULT_BATCH_SIZE, onProgress } = options;
  const started = performance.now();
  const totalBytes = statSync(file).size;
  const counts = emptyUpsertCounts();
  const skips = new SkipLog();
  let lines = 0;
  let bytesRead = 0;
  await withRawTransaction(db, (session) =>
    withPaperIndexesDeferred(session, async () => {
      await createStaging(session);
      let batch: NewPaper[] = [];
      const flush = async () => {
        addUpsertCounts(counts, await upsertPapers(session, batch));
        batch = [];
        onProgress?.({ lines, bytesRead, totalBytes });
      };
      for await (const entry of readJsonLines(file, (bytes) => {
        bytesRead = bytes;
      })) {
        lines = entry.line;
        const outcome = 'error' in entry ? { reason: entry.error } : paperFromDumpRecord(entry.value);
        if ('reason' in outcome) skips.add(outcome.reason, entry.line);
        else batch.push(outcome.paper);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
    }),
  );
  await vacuumPapers(db);
  return {
    file,
    lines,
    ...counts,
    skipped: skips.total,
    reasons: skips.reasons(),
    milliseconds: Math.round(performance.now() - started),
  };
}
