import type { TPaperRef } from '@paperbench/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { paperTexts, storedFiles, uploads } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { createPdfTextWorker, type PdfTextWorker } from './pdf-text-worker';

/**
 * Text extraction after an upload's commit, off the request path. One PDF at a time: pdf.js holds a
 * whole document in memory, so running them in series bounds the server's memory. Everything is
 * driven by paper_texts rows in status 'pending', so a crash loses nothing: start-up re-queues them
 * (`recoverPending`). pdf.js runs on a worker thread (pdf-text-worker.ts) so parsing never blocks
 * the requests being served.
 */
export interface TextExtractionQueue {
  enqueue(ref: TPaperRef): void;
  /** Resolves once everything queued so far (and anything queued meanwhile) has finished. */
  drain(): Promise<void>;
  /** Queues every paper whose text is still pending; returns how many. */
  recoverPending(): Promise<number>;
  useLogger(log: FastifyBaseLogger): void;
  /** Finishes what is queued, then stops the worker thread. */
  close(): Promise<void>;
}

export function createTextExtractionQueue(db: Db, storage: FileStorage): TextExtractionQueue {
  const worker = createPdfTextWorker();
  let tail: Promise<void> = Promise.resolve();
  let log: Pick<FastifyBaseLogger, 'error'> = { error: () => undefined };
  const queue: TextExtractionQueue = {
    enqueue(ref) {
      tail = tail
        .then(() => extractPaperText(db, storage, worker, ref))
        .catch((err: unknown) => log.error({ err, ref }, 'text extraction could not record its result'));
    },
    async drain() {
      let seen: Promise<void> | undefined;
      while (seen !== tail) {
        seen = tail;
        await tail;
      }
    },
    async recoverPending() {
      const rows = await db
        .select({ platform: paperTexts.platform, paper_id: paperTexts.paperId })
        .from(paperTexts)
        .where(eq(paperTexts.status, 'pending'));
      for (const row of rows) queue.enqueue(row);
      return rows.length;
    },
    useLogger(next) {
      log = next;
    },
    async close() {
      await queue.drain();
      await worker.close();
    },
  };
  return queue;
}

/**
 * Extracts one uploaded paper's text and records 'ready' (text + page count) or 'failed' (the
 * reason). Safe to run twice: only a row still 'pending' is updated.
 */
export async function extractPaperText(
  db: Db,
  storage: FileStorage,
  worker: Pick<PdfTextWorker, 'extract'>,
  ref: TPaperRef,
): Promise<void> {
  const [file] = await db
    .select({ key: storedFiles.storageKey })
    .from(uploads)
    .innerJoin(storedFiles, eq(storedFiles.contentHash, uploads.contentHash))
    .where(and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id)));
  let result: Partial<typeof paperTexts.$inferInsert>;
  try {
    if (!file) throw new Error('no stored PDF for this paper');
    const data = await readAll(storage, file.key);
    const { text, pageCount } = await worker.extract(data);
    result = { status: 'ready', text, pageCount, error: null };
  } catch (error) {
    result = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  await db
    .update(paperTexts)
    .set({ ...result, updatedAt: sql`now()` })
    .where(
      and(
        eq(paperTexts.platform, ref.platform),
        eq(paperTexts.paperId, ref.paper_id),
        eq(paperTexts.status, 'pending'),
      ),
    );
}

/** pdf.js parses from memory; the upload cap bounds what this holds. */
async function readAll(storage: FileStorage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
