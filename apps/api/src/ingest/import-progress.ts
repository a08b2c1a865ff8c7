import type { Progress } from '../lib/progress-reporter';

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
  /** The step under way, as named in the summary's phases (copy, load, index, swap, vacuum, terms). */
  phase: string;
}

/** What a step after the writing is called on a progress bar; the writing itself shows its ETA instead. */
const PHASE_LABELS: Record<string, string> = {
  copy: 'copying the stored papers',
  index: 'building indexes',
  swap: 'swapping the new table in',
  vacuum: 'vacuuming',
  terms: 'counting the corpus words',
};

/** An import's progress as a progress bar shows it (lib/progress-reporter.ts). */
export const importProgressView = (progress: ImportProgress): Progress => ({
  done: progress.papersWritten,
  total: progress.papers,
  isEstimate: progress.papersIsEstimate,
  stage: PHASE_LABELS[progress.phase],
});

/** Counts what has been read and written, and tells onProgress. */
export class ImportTracker {
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
