import { type ChildProcess, fork, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PdfText } from './pdf-text';
import { limitReasons, PdfLimitError, PdfRefusedError, type PdfTextLimits } from './pdf-text-limits';

export interface PdfTextExtractor {
  /**
   * Extracts in a worker process under the limits. Rejects with PdfLimitError for a document over a
   * limit (time, memory, pages, text, inflated size, nesting), PdfRefusedError for one pdf.js cannot
   * read, plain Error when the worker itself failed (worth another try), and
   * with the signal's reason when aborted (the worker is killed, not drained).
   */
  extract(data: Uint8Array, signal?: AbortSignal): Promise<PdfText>;
  /** Kills every worker process at once, busy or idle (shutdown does not wait for a bomb to finish). */
  close(): Promise<void>;
}

type Reply = { id: number; result: PdfText } | { id: number; error: string; isLimit: boolean } | { ready: true };

/**
 * pdf.js keeps decoded streams in ArrayBuffers outside the JS heap, which --max-old-space-size does
 * not count: an extraction process whose resident memory passes twice its heap cap is killed too.
 * Read from /proc (Linux, where servers run); elsewhere only the heap cap and the clock apply.
 */
const RSS_CHECK_MS = 200;
const residentMb = (pid: number | undefined): number | undefined => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** What V8 prints when a process passes --max-old-space-size. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/i;

/**
 * Forks the extraction process: pdf-text.worker.js beside the bundle's main.js; from source (vitest,
 * tsx) the .ts file under tsx's loader. --max-old-space-size is the heap cap (docs/security.md#work-queue-and-pdf-limits).
 */
function spawnWorker(maxHeapMb: number): ChildProcess {
  const heapCap = `--max-old-space-size=${maxHeapMb}`;
  const options = { serialization: 'advanced' as const, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as StdioOptions };
  if (!import.meta.url.endsWith('.ts')) {
    return fork(fileURLToPath(new URL('./pdf-text.worker.js', import.meta.url)), [], {
      ...options,
      execArgv: [heapCap],
    });
  }
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return fork(fileURLToPath(new URL('./pdf-text.worker.ts', import.meta.url)), [], {
    ...options,
    execArgv: [heapCap, '--import', pathToFileURL(tsx).href],
  });
}

/** Resolves once a fresh process has loaded pdf.js (its 'ready' message); rejects if it dies first. */
function untilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      child.off('close', onClose);
      child.off('message', onMessage);
      resolve();
    };
    const onClose = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`text extraction could not start (exit code ${code})`));
    };
    child.on('message', onMessage);
    child.once('close', onClose);
  });
}

/** A fresh extraction process that keeps the tail of its stderr and does not keep the server alive. */
function spawnQuietWorker(maxHeapMb: number, stderrTail: WeakMap<ChildProcess, string>): ChildProcess {
  const child = spawnWorker(maxHeapMb);
  // Keep the last few KB of what it prints: V8's out-of-memory report tells a memory kill apart.
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail.set(child, `${stderrTail.get(child) ?? ''}${chunk.toString()}`.slice(-4096));
  });
  // An idle extraction process must not keep the server (or a test run) alive.
  child.unref();
  child.channel?.unref();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  return child;
}

/** One document sent to a worker process taken for it; `release` gives the process back (keep: reuse it). */
interface ExtractionRun {
  worker: ChildProcess;
  id: number;
  data: Uint8Array;
  limits: PdfTextLimits;
  stderrTail: WeakMap<ChildProcess, string>;
  signal: AbortSignal | undefined;
  release: (keep: boolean) => void;
}

/**
 * Settles on the worker's reply (the process is kept), or on its death, the clock, its resident memory
 * or an abort (the process is killed).
 */
function extractOn({ worker, id, data, limits, stderrTail, signal, release }: ExtractionRun): Promise<PdfText> {
  return new Promise<PdfText>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let watchdog: NodeJS.Timeout | undefined;
    const settle = (keep: boolean, outcome: () => void) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('close', onExit);
      signal?.removeEventListener('abort', onAbort);
      release(keep);
      outcome();
    };
    const onMessage = (reply: Reply) => {
      if (!('id' in reply) || reply.id !== id) return;
      if ('result' in reply) settle(true, () => resolve(reply.result));
      else
        settle(true, () => reject(reply.isLimit ? new PdfLimitError(reply.error) : new PdfRefusedError(reply.error)));
    };
    const onError = (error: Error) =>
      settle(false, () => reject(new Error(`text extraction stopped: ${error.message}`)));
    // 'close', not 'exit': by then all of stderr has been read.
    const onExit = (code: number | null, killedBy: NodeJS.Signals | null) => {
      const failure = OUT_OF_MEMORY.test(stderrTail.get(worker) ?? '')
        ? new PdfLimitError(limitReasons.memory(limits.maxHeapMb))
        : new Error(`text extraction stopped (${killedBy ?? `exit code ${code}`})`);
      settle(false, () => reject(failure));
    };
    const onAbort = () => settle(false, () => reject(signal?.reason ?? new Error('aborted')));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('close', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(
      () => settle(false, () => reject(new PdfLimitError(limitReasons.timeout(limits.timeoutMs)))),
      limits.timeoutMs,
    );
    const rssLimitMb = 2 * limits.maxHeapMb;
    watchdog = setInterval(() => {
      if ((residentMb(worker.pid) ?? 0) > rssLimitMb) {
        settle(false, () => reject(new PdfLimitError(limitReasons.resident(rssLimitMb))));
      }
    }, RSS_CHECK_MS);
    const { maxPages, maxTextChars, maxInflatedBytes } = limits;
    worker.send({ id, data, limits: { maxPages, maxTextChars, maxInflatedBytes } });
  });
}

/**
 * pdf.js parsing is CPU-bound for seconds on a large or hostile PDF, and can exhaust memory. It runs
 * in child processes, not threads: V8 ends a whole process when one isolate passes its heap limit
 * in a single large allocation (measured: a 30 KB PDF holding one 30-million-character string
 * aborted the server through a worker thread capped at 512 MB), so only a separate process bounds
 * the damage to itself. Up to `concurrency` documents run at once, each in its own process (so
 * one bad file does not block everyone's). A process is kept for the next document after a
 * success or a refusal it reported itself; one that ran out of time or memory is killed and
 * replaced by a fresh one on demand.
 */
export function createPdfTextExtractor({
  limits,
  concurrency,
}: {
  limits: PdfTextLimits;
  concurrency: number;
}): PdfTextExtractor {
  const all = new Set<ChildProcess>();
  const idle: ChildProcess[] = [];
  const waiting: Array<() => void> = [];
  const stderrTail = new WeakMap<ChildProcess, string>();
  let busy = 0;
  let closed = false;
  let nextId = 0;

  const acquire = async (): Promise<ChildProcess> => {
    while (busy >= concurrency && !closed) await new Promise<void>((resolve) => waiting.push(resolve));
    if (closed) throw new Error('text extraction is shutting down');
    busy++;
    const reused = idle.pop();
    if (reused) return reused;
    const child = spawnQuietWorker(limits.maxHeapMb, stderrTail);
    all.add(child);
    child.once('exit', () => all.delete(child));
    try {
      await untilReady(child);
    } catch (error) {
      release(child, false);
      throw error;
    }
    return child;
  };

  const release = (child: ChildProcess, keep: boolean) => {
    busy--;
    if (keep && !closed && child.connected) idle.push(child);
    else child.kill('SIGKILL');
    waiting.shift()?.();
  };

  return {
    async extract(data, signal) {
      signal?.throwIfAborted();
      const worker = await acquire();
      if (signal?.aborted) {
        release(worker, true);
        throw signal.reason;
      }
      const id = nextId++;
      stderrTail.delete(worker);
      return extractOn({ worker, id, data, limits, stderrTail, signal, release: (keep) => release(worker, keep) });
    },
    async close() {
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      // SIGKILL: a process deep in a bomb is not asked to finish, and it cannot refuse.
      for (const child of all) child.kill('SIGKILL');
    },
  };
}

/** Limits from the config's EXTRACTION_* variables. */
export const pdfTextLimitsFrom = (config: {
  EXTRACTION_MAX_HEAP_MB: number;
  EXTRACTION_TIMEOUT_MS: number;
  EXTRACTION_MAX_PAGES: number;
  EXTRACTION_MAX_TEXT_CHARS: number;
  EXTRACTION_MAX_INFLATED_BYTES: number;
}): PdfTextLimits => ({
  maxHeapMb: config.EXTRACTION_MAX_HEAP_MB,
  timeoutMs: config.EXTRACTION_TIMEOUT_MS,
  maxPages: config.EXTRACTION_MAX_PAGES,
  maxTextChars: config.EXTRACTION_MAX_TEXT_CHARS,
  maxInflatedBytes: config.EXTRACTION_MAX_INFLATED_BYTES,
});
