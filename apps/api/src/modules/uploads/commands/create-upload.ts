import { randomBytes } from 'node:crypto';
import { paperRefKey, type TUploadResponse } from '@paperbench/contract';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { enqueue } from '../../../jobs/queue/enqueue';
import type { JobQueue } from '../../../jobs/queue/queue-runner';
import type { FileStorage, StagedFile } from '../../../storage/file-storage';
import { withStoredFile } from '../../../storage/stored-file';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';
import { uploadedPdfUrl } from '../../pdfs/signed-pdf-url';
import { requireUploadRoom } from '../../quotas/user-quotas';
import { insertPendingText } from '../paper-texts.repo';
import type { UploadMetadata } from '../upload-form';
import { findOwnedUploadByHash, insertUpload } from '../uploads.repo';

export interface CreateUploadProps {
  ownerId: number;
  /** The PDF's bytes, complete and checked; taken over (committed or discarded) by this command. */
  staged: StagedFile;
  metadata: UploadMetadata;
}

export interface CreatedUpload {
  ref: TUploadResponse;
  /** True when the caller had already uploaded these bytes: `ref` is that upload and nothing was written. */
  isExisting: boolean;
}

/** What an upload needs of the app context (not the whole of it: app-context.ts imports this module's URLs). */
export interface UploadContext {
  db: Db;
  storage: FileStorage;
  queue: Pick<JobQueue, 'wake'>;
  config: Pick<Config, 'USER_UPLOAD_QUOTA_BYTES'>;
}

/**
 * An upload becomes a paper in ONE transaction, written only after the bytes are complete: the
 * stored file (once per content), the papers row of platform 'upload', the uploads row (owner,
 * content, original name), a 'pending' paper_texts row and its text-extraction job (docs/queue.md:
 * the job commits with the rows, so no crash can leave a pending row without one). After the commit
 * the local poller is woken, so the text is usually ready within seconds.
 *
 * The same bytes uploaded again by the same user reuse the first upload (docs/security.md#uploads-of-the-same-bytes):
 * under the per-hash lock withStoredFile holds, the owner's upload of that hash is looked up first; if
 * there is one it is answered and nothing is written (no paper row, no stored file, no text job), and
 * the staged temp file is dropped. Another user's identical bytes are their own upload.
 */
export async function createUpload(
  { db, storage, queue, config }: UploadContext,
  { ownerId, staged, metadata }: CreateUploadProps,
): Promise<CreatedUpload> {
  // 128 random bits: an upload's id must not be guessable (architecture: ids that grant access).
  const paperId = randomBytes(16).toString('base64url');
  const ref = { paper_id: paperId, platform: UPLOAD_PLATFORM };
  const existing = await withStoredFile(db, storage, staged, 'application/pdf', async (tx, contentHash) => {
    // The stored_files row already holds these bytes (the earlier upload keeps it), so withStoredFile wrote nothing.
    const earlier = await findOwnedUploadByHash(tx, ownerId, contentHash);
    if (earlier) return earlier;
    // docs/security.md#rate-limits-and-quotas: re-checked under a per-user lock, so concurrent uploads cannot pass the quota together.
    await requireUploadRoom(tx, ownerId, staged.size, config.USER_UPLOAD_QUOTA_BYTES);
    await insertUpload(tx, { paperId, ownerId, contentHash, metadata, pdfUrl: uploadedPdfUrl(paperId) });
    await insertPendingText(tx, { platform: UPLOAD_PLATFORM, paperId });
    await enqueue(tx, 'extract-pdf-text', ref, {
      dedupeKey: paperRefKey({ platform: UPLOAD_PLATFORM, paper_id: paperId }),
    });
    return undefined;
  });
  if (existing) return { ref: existing, isExisting: true };
  queue.wake();
  return { ref, isExisting: false };
}
