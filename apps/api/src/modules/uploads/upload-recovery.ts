import type { AppContext } from '../../app-context';

/**
 * Start-up repair after a crash or kill (issue 3: no orphan rows, no partial file). Rows are written
 * only after an upload's bytes are complete, so an interrupted upload left at most a temp file: swept
 * here. A crash between the commit and text extraction left a 'pending' paper_texts row: re-queued.
 * Call it before the server accepts requests (the temp sweep must not race a live upload).
 */
export async function recoverUploads({ storage, textExtraction }: AppContext) {
  const tempFilesRemoved = await storage.sweepTemp();
  const textsRequeued = await textExtraction.recoverPending();
  return { tempFilesRemoved, textsRequeued };
}
