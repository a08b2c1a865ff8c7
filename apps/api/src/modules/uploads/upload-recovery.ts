import type { AppContext } from '../../app-context';
import { queuedJob } from '../../jobs/job-payloads';
import { FETCHED_PLATFORMS } from '../../lib/paper-platforms';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { enqueueOrphanedTexts } from './paper-texts.repo';
import { enqueueMetadataBackfill } from './upload-metadata.repo';

/**
 * Start-up repair after a crash or kill (no orphan rows, no partial file may survive one). Rows are written
 * only after an upload's bytes are complete, so an interrupted upload left at most a temp file: swept
 * here. Call it before the server accepts requests (the temp sweep must not race a live upload).
 *
 * Text extraction needs no re-queueing since docs/queue.md: its job is committed with the upload
 * and lives in queue_jobs. Only a 'pending' paper_texts row with no active job (written before the
 * queue existed) gets one here, and so does a fetched paper's (docs/ai.md#full-text-and-passages);
 * the dedupe key makes that safe when replicas start together. Uploads whose metadata was never read
 * from their PDF get a fill-upload-metadata job (docs/uploads.md#backfill).
 */
export async function recoverUploads({ storage, db, queue }: Pick<AppContext, 'storage' | 'db' | 'queue'>) {
  const tempFilesRemoved = await storage.sweepTemp();
  const textsRequeued =
    (await enqueueOrphanedTexts(db, queuedJob('extract-pdf-text'), [UPLOAD_PLATFORM])) +
    (await enqueueOrphanedTexts(db, queuedJob('fetch-paper-text'), FETCHED_PLATFORMS));
  const metadataQueued = await enqueueMetadataBackfill(db, queuedJob('fill-upload-metadata'));
  if (textsRequeued || metadataQueued) queue.wake();
  return { tempFilesRemoved, textsRequeued, metadataQueued };
}
