import { statSync } from 'node:fs';
import type { Db } from '../db/client';
import { hasConcurrentSessions, type RawSession, withRawTransaction } from '../db/raw-session';
import { noteCorpusWrite } from '../lib/corpus-writes';
import type { Progress } from '../lib/progress-reporter';
import { type NewPaper, paperFromDumpRecord } from './arxiv-record';
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
import { estimateLines, readJsonLines } from './json-lines';
import {
  addUpsertCounts,
  createStaging,
  emptyUpsertCounts,
  type UpsertCounts,
  upsertPapers,
} from './paper-upsert.repo';

/** Lines per batch: large enough to amortise statements, small enough for constant memory. */
const DEFAULT_BATCH_SIZE = 5000;
/** Line numbers kept per skip reason, to show where to look. */
const EXAMPLE_LINES = 5;
/** Batches read ahead per loader while it writes: parsing overlaps the database's work. */
const READ_AHEAD = 2;
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
  strategy: ImportStrategy;
  /** Milliseconds per step, in order (docs/ingest.md#measured: where the time goes). */
  phases: Record<string, number>;
}

export interface ImportProgress {
  /** Lines read so far. */
  lines: number;
  /** Bytes of the file read so far (compressed, for a .gz), and its size. */
  bytesRead: number;
  totalBytes: number;
  /** Papers written to the database so far (a batch counts once its upsert has returned). */
  papersWritten: number;
  /** Papers in the file: estimated from its size until it has been read to the end, then exact. */
  papers: number;
  papersIsEstimate: boolean;
  /** The step under way, as named in the summary's phases (copy, load, index, swap, vacuum). */
  phase: string;
}

/** What a step after the writing is called on a progress bar; the writing itself shows its ETA instead. */
const PHASE_LABELS: Record<string, string> = {
  copy: 'copying the stored papers',
  index: 'building indexes',
  swap: 'swapping the new table in',
  vacuum: 'vacuuming',
};

/** An import's progress as a progress bar shows it (lib/progress-reporter.ts). */
export const importProgressView = (progress: ImportProgress): Progress => ({
  done: progress.papersWritten,
  total: progress.papers,
  isEstimate: progress.papersIsEstimate,
  stage: PHASE_LABELS[progress.phase],
});

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

/** Counts what has been read and written, and tells onProgress. */
class ImportTracker {
  lines = 0;
  bytesRead = 0;
  papersRead = 0;
  papersWritten = 0;
  isReadDone = false;
  phase = '';

  constructor(
    private readonly estimatedLines: number,
    private readonly totalBytes: number,
    private readonly onProgress?: (progress: ImportProgress) => void,
  ) {}

  enter(phase: string) {
    this.phase = phase;
    this.report();
  }

  written(papers: number) {
    this.papersWritten += papers;
    this.report();
  }

  report() {
    this.onProgress?.({
      lines: this.lines,
      bytesRead: this.bytesRead,
      totalBytes: this.totalBytes,
      papersWritten: this.papersWritten,
      papers: this.isReadDone ? this.papersRead : Math.max(this.papersRead, this.estimatedLines),
      papersIsEstimate: !this.isReadDone,
      phase: this.phase,
    });
  }
}

/** Reads a dump into batches of papers, counting lines and skips. */
class DumpReader {
  readonly skips = new SkipLog();

  constructor(
    private readonly file: string,
    private readonly batchSize: number,
    readonly tracker: ImportTracker,
  ) {}

  get lines() {
    return this.tracker.lines;
  }

  async read(deliver: (batch: NewPaper[]) => Promise<void>): Promise<void> {
    const { tracker } = this;
    let batch: NewPaper[] = [];
    const flush = async () => {
      tracker.papersRead += batch.length;
      if (batch.length > 0) await deliver(batch);
      batch = [];
      tracker.report();
    };
    for await (const entry of readJsonLines(this.file, (bytes) => {
      tracker.bytesRead = bytes;
    })) {
      tracker.lines = entry.line;
      const outcome = 'error' in entry ? { reason: entry.error } : paperFromDumpRecord(entry.value);
      if ('reason' in outcome) this.skips.add(outcome.reason, entry.line);
      else batch.push(outcome.paper);
      if (batch.length >= this.batchSize) await flush();
    }
    tracker.isReadDone = true;
    await flush();
  }
}

/** A bounded queue from the reader to one loader; a failure on either side ends both. */
class BatchChannel {
  private readonly items: NewPaper[][] = [];
  private closed = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  private async until(ready: () => boolean) {
    while (!ready() && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure.error;
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async put(batch: NewPaper[]) {
    await this.until(() => this.items.length < READ_AHEAD);
    this.items.push(batch);
    this.notify();
  }

  /** The next batch, or undefined once the reader is done. */
  async take(): Promise<NewPaper[] | undefined> {
    await this.until(() => this.items.length > 0 || this.closed);
    const batch = this.items.shift();
    this.notify();
    return batch;
  }

  close() {
    this.closed = true;
    this.notify();
  }

  fail(error: unknown) {
    this.failure ??= { error };
    this.notify();
  }
}

/**
 * Which loader a paper goes to: every copy of one paper to the same one, in file order, so the
 * newest (or the last given) copy wins exactly as in one transaction, and two loaders never wait
 * on each other's rows.
 */
function loaderOf(paper: NewPaper, loaders: number): number {
  const key = `${paper.platform ?? 'arxiv'}/${paper.paperId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % loaders;
}

async function drain(session: RawSession, batches: BatchChannel, counts: UpsertCounts, tracker: ImportTracker) {
  for (let batch = await batches.take(); batch; batch = await batches.take()) {
    addUpsertCounts(counts, await upsertPapers(session, batch));
    tracker.written(batch.length);
  }
}

/** Reads the dump into `loaders` loaders at once (each `load` drains its channel), summing their counts. */
async function readInto(
  reader: DumpReader,
  loaders: number,
  load: (batches: BatchChannel, counts: UpsertCounts) => Promise<void>,
): Promise<UpsertCounts> {
  const channels = Array.from({ length: loaders }, () => new BatchChannel());
  const failAll = (error: unknown) => {
    for (const channel of channels) channel.fail(error);
  };
  const counts = channels.map(() => emptyUpsertCounts());
  const runs = channels.map((channel, i) =>
    load(channel, counts[i] as UpsertCounts).catch((error: unknown) => {
      failAll(error);
      throw error;
    }),
  );
  let readError: { error: unknown } | undefined;
  try {
    await reader.read(async (batch) => {
      const shares: NewPaper[][] = channels.map(() => []);
      for (const paper of batch) shares[loaderOf(paper, loaders)]?.push(paper);
      for (const [i, share] of shares.entries()) if (share.length > 0) await channels[i]?.put(share);
    });
    for (const channel of channels) channel.close();
  } catch (error) {
    readError = { error };
    failAll(error);
  }
  const settled = await Promise.allSettled(runs);
  if (readError) throw readError.error;
  for (const run of settled) if (run.status === 'rejected') throw run.reason;
  const total = emptyUpsertCounts();
  for (const part of counts) addUpsertCounts(total, part);
  return total;
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

/** Runs `work(i)` for i in 0..n-1 at once; waits for all of them, then throws the first failure. */
async function allOrFirstError(n: number, work: (i: number) => Promise<void>): Promise<void> {
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => work(i)));
  for (const run of settled) if (run.status === 'rejected') throw run.reason;
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
