import type { RawSession } from '../db/raw-session';
import type { NewPaper } from './arxiv-record';
import type { DumpReader } from './dump-reader';
import type { ImportTracker } from './import-progress';
import { addUpsertCounts, emptyUpsertCounts, type UpsertCounts, upsertPapers } from './paper-upsert.repo';

/** Batches read ahead per loader while it writes: parsing overlaps the database's work. */
const READ_AHEAD = 2;
/** A bounded queue from the reader to one loader; a failure on either side ends both. */
export class BatchChannel {
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

export async function drain(session: RawSession, batches: BatchChannel, counts: UpsertCounts, tracker: ImportTracker) {
  for (let batch = await batches.take(); batch; batch = await batches.take()) {
    addUpsertCounts(counts, await upsertPapers(session, batch));
    tracker.written(batch.length);
  }
}

/** Reads the dump into `loaders` loaders at once (each `load` drains its channel), summing their counts. */
export async function readInto(
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

/** Runs `work(i)` for i in 0..n-1 at once; waits for all of them, then throws the first failure. */
export async function allOrFirstError(n: number, work: (i: number) => Promise<void>): Promise<void> {
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => work(i)));
  for (const run of settled) if (run.status === 'rejected') throw run.reason;
}
