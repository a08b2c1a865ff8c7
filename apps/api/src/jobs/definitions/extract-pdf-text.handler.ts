import type { AppContext } from '../../app-context';
import { storeExtractedText } from '../../modules/passages/full-text-store';
import { selectUploadText } from '../../modules/uploads/paper-texts.repo';
import type { PdfText } from '../../modules/uploads/pdf-text';
import { PdfRefusedError } from '../../modules/uploads/pdf-text-limits';
import { resolvePdfMetadata } from '../../modules/uploads/resolve-pdf-metadata';
import { applyUploadMetadata, selectUploadFile } from '../../modules/uploads/upload-metadata.repo';
import { readStoredBytes } from '../../storage/read-stored-bytes';
import { type JobRun, PermanentJobError } from '../job-definition';
import type { JobPayloads } from '../job-payloads';

/**
 * An uploaded paper's text: read from storage, extracted on the PDF workers, stored with its passages;
 * with it, in the same transaction, what the PDF says about itself fills the fields its uploader left
 * empty (docs/uploads.md#metadata-from-the-pdf).
 */
export async function extractPdfText(
  { db, storage, pdfText, ai, config }: Pick<AppContext, 'db' | 'storage' | 'pdfText' | 'ai' | 'config'>,
  ref: JobPayloads['extract-pdf-text'],
  { signal }: JobRun,
) {
  const file = await selectUploadText(db, ref);
  // Deleted since, or already finished by an earlier run: nothing to do.
  if (file?.status !== 'pending') return;
  const data = await readStoredBytes(storage, file.key);
  let extracted: PdfText;
  try {
    extracted = await pdfText.extract(data, signal);
  } catch (error) {
    if (error instanceof PdfRefusedError && !signal.aborted) throw new PermanentJobError(error.message);
    throw error;
  }
  if (signal.aborted) return;
  const owner = await selectUploadFile(db, ref);
  const resolved = owner ? await resolvePdfMetadata({ db, config }, owner.ownerId, extracted, signal) : null;
  if (signal.aborted) return;
  // Written only while the row is 'pending': a second run, or one after a give-up, changes nothing.
  await storeExtractedText(db, ref, extracted, { embed: ai.embed !== null }, async (tx) => {
    if (resolved) await applyUploadMetadata(tx, ref, resolved);
  });
}
