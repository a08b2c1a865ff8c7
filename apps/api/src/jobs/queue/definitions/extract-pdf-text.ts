import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { storeExtractedText } from '../../../modules/passages/full-text-store';
import { markTextFailed, selectUploadText } from '../../../modules/uploads/paper-texts.repo';
import { PdfRefusedError } from '../../../modules/uploads/pdf-text-limits';
import { readStoredBytes } from '../../../storage/read-stored-bytes';
import { defineQueueJob, PermanentJobError } from '../queue-job-definition';

const ZPayload = z.object({ platform: z.string().min(1), paper_id: z.string().min(1) });

/**
 * An uploaded paper's text (docs/queue.md): enqueued in the upload's transaction, run on whichever
 * process polls first, on a worker thread under the EXTRACTION_* limits (item 3). paper_texts stays
 * the status users see: 'pending' until this finishes, then 'ready' with the text's passages
 * (docs/ai.md#full-text-and-passages), or 'failed' with the reason.
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
  async handler({ db, storage, pdfText, ai }, ref, { signal }) {
    const file = await selectUploadText(db, ref);
    // Deleted since, or already finished by an earlier run: nothing to do.
    if (file?.status !== 'pending') return;
    const data = await readStoredBytes(storage, file.key);
    let extracted: Awaited<ReturnType<AppContext['pdfText']['extract']>>;
    try {
      extracted = await pdfText.extract(data, signal);
    } catch (error) {
      if (error instanceof PdfRefusedError && !signal.aborted) throw new PermanentJobError(error.message);
      throw error;
    }
    if (signal.aborted) return;
    // Written only while the row is 'pending': a second run, or one after a give-up, changes nothing.
    await storeExtractedText(db, ref, extracted, { embed: ai.embed !== null });
  },
  async onGaveUp({ db }, ref, reason) {
    await markTextFailed(db, ref, reason);
  },
});
