import { statSync } from 'node:fs';
import type { Db } from '../db/client';
import { hasConcurrentSessions, type RawSession, withRawTransaction } from '../db/raw-session';
import { noteCorpusWrite } from '../lib/corpus-writes';
import { keepTermStatsCurrent } from '../modules/recommendations/term-stats';
import {
  buildLoadIndex,
  copyPapersToLoadTable,
  countPapersUpTo,
  createLoadTable,
  dropLoadTable,
  holdPapersForRebuild,
  type LoadTable,
  rebuildBlocker,
  swapInLoadTable,
  vacuumPapers,
  withPaperIndexesDeferred,
  writeToLoadTable,
} from './bulk-load.repo';
import { DumpReader, type SkipReason } from './dump-reader';
import { type ImportProgress, ImportTracker } from './import-progress';
import { estimateLines } from './json-lines';
import { createStaging, type UpsertCounts } from './paper-upsert.repo';
import { allOrFirstError, drain, readInto } from './parallel-load';

/** Lines per batch: large enough to amortise statements, small enough for constant memory. */
const DEFAULT_BATCH_SIZE = 5000;
/**
 * Connections a rebuild loads and indexes over. The database's work (two tsvectors per row, then
 * each index) runs on one core per connection; docs/ingest.md#measured: 2 cores.
 */
const REBUILD_CONNECTIONS = 2;
/** Fewer lines (estimated) than this always write in place: a rebuild's fixed steps outweigh its gain. */
const REBUILD_MIN_LINES = 20_000;
/** A dump's bytes per line, to estimate its lines before reading it: the shipped sample's, plain and gzipped. */
const BYTES_PER_LINE = { plain: 1350, gzipped: 440 };

/**
 * docs/ingest.md#importing-a-metadata-dump. `in-place`: one transaction upserts into papers.
 * `rebuild`: a new papers table is filled over several connections, indexed, and swapped in.
 */
export type ImportStrategy = 'in-place' | 'rebuild';

export { type ImportProgress, importProgressView } from './import-progress';

export interface ImportSummary extends UpsertCounts {
  file: string;
  lines: number;
  skipped: number;
  reasons: SkipReason[];
  milliseconds: number;
  strategy: ImportStrategy;
  /** Milliseconds per step, in order (docs/ingest.md#measured: where the time goes). */
  phases: Record<string, number>;
}

export interface ImportOptions {
  batchSize?: number;
  /** Called as batches are read and written, and as each step begins. */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * `auto` (default): rebuild on PostgreSQL when the file (estimated from its size) holds at least
   * REBUILD_MIN_LINES lines and more than twice as many as the corpus has papers (a first load, a
   * backfill; re-importing a dump over itself stays in place), else in place. `rebuild`
   * rebuilds whatever the sizes, where it can (PostgreSQL, a papers table it can recreate).
   */
  strategy?: 'auto' | ImportStrategy;
}

type Phases = Record<string, number>;

/** One step of an import, timed into the summary's phases and reported as under way. */
interface ImportRun {
  phases: Phases;
  tracker: ImportTracker;
}

async function timed<T>({ phases, tracker }: ImportRun, name: string, work: () => Promise<T>): Promise<T> {
  tracker.enter(name);
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round(performance.now() - started);
  }
}

/** One transaction: every batch upserted into papers, committed together (PGlite; small imports). */
async function importInPlace(db: Db, reader: DumpReader, run: ImportRun): Promise<UpsertCounts> {
  return timed(run, 'load', () =>
    withRawTransaction(db, (session) =>
      withPaperIndexesDeferred(
        session,
        async () => {
          await createStaging(session);
          return readInto(reader, 1, (batches, counts) => drain(session, batches, counts, run.tracker));
        },
        // Timed within 'load' (the summary's phases are unchanged); shown as its own step.
        () => run.tracker.enter('index'),
      ),
    ),
  );
}

/**
 * A new papers table (bulk-load.repo.ts): the stored papers copied in, the dump upserted over them
 * by REBUILD_CONNECTIONS loaders, indexes built the same way, then swapped in by the transaction that
 * held writers off since the start. Until that commit readers see the corpus as it was; if anything
 * fails before it the corpus is untouched and the half-filled table is dropped (or, after a kill, by
 * the next rebuild).
 */
async function importByRebuild(db: Db, reader: DumpReader, run: ImportRun): Promise<UpsertCounts> {
  return withRawTransaction(db, async (control) => {
    await holdPapersForRebuild(control);
    try {
      const table: LoadTable = await withRawTransaction(db, createLoadTable);
      const fill = (work: (session: RawSession) => Promise<unknown>) =>
        withRawTransaction(db, async (session) => {
          await writeToLoadTable(session, table);
          await work(session);
        });
      await timed(run, 'copy', () =>
        allOrFirstError(REBUILD_CONNECTIONS, (part) =>
          fill((session) => copyPapersToLoadTable(session, table, part, REBUILD_CONNECTIONS)),
        ),
      );
      const counts = await timed(run, 'load', () =>
        readInto(reader, REBUILD_CONNECTIONS, (batches, partCounts) =>
          fill(async (session) => {
            await createStaging(session);
            await drain(session, batches, partCounts, run.tracker);
          }),
        ),
      );
      const pending = [...table.indexes];
      await timed(run, 'index', () =>
        allOrFirstError(REBUILD_CONNECTIONS, async () => {
          for (let index = pending.shift(); index; index = pending.shift()) {
            await withRawTransaction(db, (session) => buildLoadIndex(session, index)).catch((error: unknown) => {
              pending.length = 0;
              throw error;
            });
          }
        }),
      );
      await timed(run, 'swap', () => swapInLoadTable(control, table));
      return counts;
    } catch (error) {
      // Still under the rebuild lock: no other rebuild's table can be dropped here.
      await withRawTransaction(db, dropLoadTable).catch(() => undefined);
      throw error;
    }
  });
}

async function chooseStrategy(
  db: Db,
  file: string,
  totalBytes: number,
  requested: ImportOptions['strategy'],
): Promise<ImportStrategy> {
  if (requested === 'in-place' || !hasConcurrentSessions(db)) return 'in-place';
  return withRawTransaction(db, async (session) => {
    if (await rebuildBlocker(session)) return 'in-place';
    if (requested === 'rebuild') return 'rebuild';
    const expected = estimateLines(file, totalBytes, BYTES_PER_LINE);
    if (expected < REBUILD_MIN_LINES) return 'in-place';
    return (await countPapersUpTo(session, expected / 2)) < expected / 2 ? 'rebuild' : 'in-place';
  });
}

/**
 * Imports a JSON-lines metadata dump (the shipped sample's or the Kaggle snapshot's fields, gzipped
 * or not): every usable line lands, or nothing does. Lines stream in batches (constant memory for
 * millions of lines) and are upserted by (platform, paper_id), so importing the same file twice
 * changes nothing; unusable lines are skipped and counted by reason. A large import into a smaller
 * corpus on PostgreSQL rebuilds the table over several connections (importByRebuild), anything else
 * writes in place in one transaction.
 */
export async function importJsonLines(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const { batchSize = DEFAULT_BATCH_SIZE, onProgress, strategy: requested = 'auto' } = options;
  const started = performance.now();
  const totalBytes = statSync(file).size;
  const strategy = await chooseStrategy(db, file, totalBytes, requested);
  const tracker = new ImportTracker(
    Math.round(estimateLines(file, totalBytes, BYTES_PER_LINE)),
    totalBytes,
    onProgress,
  );
  const reader = new DumpReader(file, batchSize, tracker);
  const run: ImportRun = { phases: {}, tracker };
  const counts = strategy === 'rebuild' ? await importByRebuild(db, reader, run) : await importInPlace(db, reader, run);
  // After the commit: the kept paper count may count again (docs/ingest.md#freshness).
  if (counts.inserted > 0) noteCorpusWrite();
  await timed(run, 'vacuum', () => vacuumPapers(db));
  // docs/recommendations.md#term-statistics: counted here, once per import that grew the corpus past the drift
  // bound, rather than by the first recommendation (51 s at 2.6M papers).
  if (counts.inserted > 0) await timed(run, 'terms', () => keepTermStatsCurrent(db));
  const { phases } = run;
  return {
    file,
    lines: reader.lines,
    ...counts,
    skipped: reader.skips.total,
    reasons: reader.skips.reasons(),
    milliseconds: Math.round(performance.now() - started),
    strategy,
    phases,
  };
}
