import { Worker } from 'node:worker_threads';
import type { PdfText } from './pdf-text';

export interface PdfTextWorker {
  extract(data: Uint8Array): Promise<PdfText>;
  /** Stops the thread (it is started again by the next extract). */
  close(): Promise<void>;
}

type Reply = { id: number; result: PdfText } | { id: number; error: string };

/**
 * The worker's own file beside this one: .js in the bundle, where tsup emits it next to main.js;
 * from source (vitest, tsx) the thread first registers tsx's loader, then imports the .ts file.
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pdf-text.worker.js', import.meta.url));
  const entry = new URL('./pdf-text.worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/**
 * pdf.js parsing is CPU-bound for seconds on a large or hostile PDF; on a worker thread it cannot
 * stall the requests the event loop is serving. One thread, started on first use and kept while
 * there is work; if it dies (a PDF that exhausts its memory), the pending extraction fails with the
 * reason and the next one starts a fresh thread.
 */
export function createPdfTextWorker(): PdfTextWorker {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: PdfText) => void; reject: (error: Error) => void }>();

  const start = (): Worker => {
    const thread = spawnWorker();
    thread.unref();
    thread.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.result);
    });
    const failAll = (reason: string) => {
      if (worker === thread) worker = undefined;
      for (const waiter of pending.values()) waiter.reject(new Error(reason));
      pending.clear();
    };
    thread.on('error', (error) => failAll(`text extraction stopped: ${error.message}`));
    thread.on('exit', (code) => failAll(`text extraction stopped (exit code ${code})`));
    return thread;
  };

  return {
    extract(data) {
      worker ??= start();
      const id = nextId++;
      const thread = worker;
      return new Promise<PdfText>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // The bytes are moved, not copied: the caller has no further use for them.
        thread.postMessage({ id, data }, [data.buffer as ArrayBuffer]);
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
