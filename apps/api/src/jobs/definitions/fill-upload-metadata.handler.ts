import type { AppContext } from '../../app-context';
import { EMPTY_METADATA } from '../../modules/uploads/pdf-metadata';
import { PdfRefusedError } from '../../modules/uploads/pdf-text-limits';
import { resolvePdfMetadata } from '../../modules/uploads/resolve-pdf-metadata';
import { applyUploadMetadata, selectUploadFile } from '../../modules/uploads/upload-metadata.repo';
import { readStoredBytes } from '../../storage/read-stored-bytes';
import type { JobRun } from '../job-definition';
import type { JobPayloads } from '../job-payloads';

/**
 * Reads an existing upload's PDF for its metadata and fills what its uploader left at the form's
 * defaults. A PDF the worker refuses is recorded as read with nothing found (sources {}), so it is
 * not tried again at every start.
 */
export async function fillUploadMetadata(
  { db, storage, pdfText, config }: Pick<AppContext, 'db' | 'storage' | 'pdfText' | 'config'>,
  ref: JobPayloads['fill-upload-metadata'],
  { signal }: JobRun,
) {
  const file = await selectUploadFile(db, ref);
  // Deleted since, no file (a metadata-only upload), or already read.
  if (!file || file.sources !== null) return;
  const data = await readStoredBytes(storage, file.key);
  let resolved: Awaited<ReturnType<typeof resolvePdfMetadata>>;
  try {
    resolved = await resolvePdfMetadata({ db, config }, file.ownerId, await pdfText.extract(data, signal), signal);
  } catch (error) {
    if (!(error instanceof PdfRefusedError) || signal.aborted) throw error;
    resolved = { metadata: { ...EMPTY_METADATA, sources: {} }, link: null };
  }
  if (signal.aborted) return;
  await db.transaction((tx) => applyUploadMetadata(tx, ref, resolved));
}
