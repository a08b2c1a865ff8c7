import cliProgress from 'cli-progress';

/** Where a long load stands: `done` of `total` units, the total possibly an estimate, and the step under way. */
export interface Progress {
  done: number;
  total: number;
  /** The total is estimated (e.g. from the file's size, before the file has been read to its end). */
  isEstimate?: boolean;
  /** A step after the counted work, shown instead of the ETA (e.g. "building indexes"). */
  stage?: string;
}

export interface ProgressReporter {
  update(progress: Progress): void;
  /** Ends the bar (its last state stays on screen); safe to call more than once. */
  stop(): void;
}

export interface ProgressReporterOptions {
  /** What is loading, e.g. "Loading corpus". */
  label: string;
  /** What is counted, e.g. "papers". */
  unit: string;
  /** A bar where it is a terminal, a few plain lines otherwise. Default: stderr. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Milliseconds, for the rate; injectable for tests. */
  now?: () => number;
  /** Not a terminal: a line at every 10 % and, between them, at least this often. */
  plainEveryMs?: number;
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** 7s, 2m 05s, 1h 02m. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * "12,400/25,002 papers · 1,850/s · ETA 7s": counts, the rate since the start, and the time left at
 * that rate (or the stage under way once the counted work is done). An estimated total reads "~25,000".
 */
export function formatProgress({ done, total, isEstimate, stage }: Progress, unit: string, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const parts = [`${count(done)}/${isEstimate ? '~' : ''}${count(Math.max(total, done))} ${unit}`];
  if (rate > 0) parts.push(`${count(rate)}/s`);
  if (stage) parts.push(stage);
  else if (rate > 0 && done < total) parts.push(`ETA ${formatDuration((total - done) / rate)}`);
  return parts.join(' · ');
}

const fraction = ({ done, total }: Progress) => (total > 0 ? Math.min(1, done / total) : 0);

/**
 * Progress of a long load (the corpus and grants on first start, `pnpm ingest import`): on a terminal a
 * bar redrawn in place (cli-progress), otherwise plain lines, one per 10 % or per `plainEveryMs`, so CI
 * and container logs get a few lines instead of hundreds or silence.
 */
export function createProgressReporter({
  label,
  unit,
  stream = process.stderr,
  now = () => performance.now(),
  plainEveryMs = 30_000,
}: ProgressReporterOptions): ProgressReporter {
  const started = now();
  const text = (progress: Progress) => formatProgress(progress, unit, now() - started);

  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} {bar} {text}', barsize: 24, stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let isRunning = false;
    let isStopped = false;
    return {
      update: (progress) => {
        if (isStopped) return;
        // The bar's own value is a share in thousandths, so a changing (estimated) total never rescales it.
        const payload = { label, text: text(progress) };
        if (!isRunning) bar.start(1000, Math.round(fraction(progress) * 1000), payload);
        else bar.update(Math.round(fraction(progress) * 1000), payload);
        isRunning = true;
      },
      stop: () => {
        if (isRunning && !isStopped) bar.stop();
        isStopped = true;
      },
    };
  }

  let lastDecile = -1;
  let lastStage: string | undefined;
  let lastLineAt = started;
  return {
    update: (progress) => {
      const decile = Math.floor(fraction(progress) * 10);
      const isDue = decile > lastDecile || progress.stage !== lastStage || now() - lastLineAt >= plainEveryMs;
      if (!isDue) return;
      lastDecile = decile;
      lastStage = progress.stage;
      lastLineAt = now();
      stream.write(`${label}: ${Math.floor(fraction(progress) * 100)}% · ${text(progress)}\n`);
    },
    stop: () => undefined,
  };
}
