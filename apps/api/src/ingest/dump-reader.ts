import { type NewPaper, paperFromDumpRecord } from './arxiv-record';
import type { ImportTracker } from './import-progress';
import { readJsonLines } from './json-lines';

/** Line numbers kept per skip reason, to show where to look. */
const EXAMPLE_LINES = 5;
export interface SkipReason {
  reason: string;
  count: number;
  /** The first few line numbers skipped for this reason. */
  lines: number[];
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

/** Reads a dump into batches of papers, counting lines and skips. */
export class DumpReader {
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
