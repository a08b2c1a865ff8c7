import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { markTextFailed, markTextReady, selectUploadText } from '../../../modules/uploads/paper-texts.repo';
import { PdfRefusedError } from '../../../modules/uploads/pdf-text-limits';
import type { FileStorage } from '../../../storage/file-storage';
import { defineQueueJob, PermanentJobError } from '../queue-job-definition';

const ZPayload = z.object({ platform: z.string().min(1), paper_id: z.string().min(1) });

/**
 * An uploaded paper's text (docs/queue.md): enqueued in the upload's transaction, run on whichever
 * process polls first, on a worker thread under the EXTRACTION_* limits (item 3). paper_texts stays
 * the status users see: 'pending' until this finishes, then 'ready', or 'failed' with the reason.
 * A refused document (over a limit, or unreadable) fails at once; a crashed worker or a database
 * error is retried with backoff, at most three tries in all.
 */
export const extractPdfTextJob = defineQueueJob({
  id: 'extract-pdf-text',
  version: 1,
  payload: ZPayload,
  maxAttempts: 3,
  // The heartbeat renews the lock every 40 s; a dead process's job is taken over two minutes on.
  visibilityTimeoutMs: 120_000,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  concurrency: (config) => config.EXTRACTION_CONCURRENCY,
  async handler({ db, storage, pdfText }, ref, { signal }) {
    const file = await selectUploadText(db, ref);
    // Deleted since, or already finished by an earlier run: nothing to do.
    if (file?.status !== 'pending') return;
    const data = await readAll(storage, file.key);
    let extracted: Awaited<ReturnType<AppContext['pdfText']['extract']>>;
    try {
      extracted = await pdfText.extract(data, signal);
    } catch (error) {
      if (error instanceof PdfRefusedError && !signal.aborted) throw new PermanentJobError(error.message);
      throw error;
    }
    if (signal.aborted) return;
    // markText* write a row only while it is 'pending': a second run, or one after a give-up, changes nothing.
    await markTextReady(db, ref, extracted);
  },
  async onGaveUp({ db }, ref, reason) {
    await markTextFailed(db, ref, reason);
  },
});

/** pdf.js parses from memory; the upload cap bounds what this holds. */
async function readAll(storage: FileStorage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
