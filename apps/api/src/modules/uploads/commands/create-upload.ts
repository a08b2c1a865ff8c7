import { randomBytes } from 'node:crypto';
import type { TUploadResponse } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import { papers, paperTexts, uploads } from '../../../db/schema';
import type { StagedFile } from '../../../storage/file-storage';
import { withStoredFile } from '../../../storage/stored-file';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility';
import type { UploadMetadata } from '../upload-form';

export interface CreateUploadProps {
  ownerId: number;
  /** The PDF's bytes, complete and checked; taken over (committed or discarded) by this command. */
  staged: StagedFile;
  metadata: UploadMetadata;
}

/** Where an uploaded paper's PDF is served (modules/pdfs, access-checked). */
export const uploadedPdfUrl = (paperId: string) => `/api/uploads/${paperId}/pdf`;

/**
 * An upload becomes a paper in ONE transaction, written only after the bytes are complete: the
 * stored file (once per content), the papers row of platform 'upload', the uploads row (owner,
 * content, original name) and a 'pending' paper_texts row. Text extraction is queued after the
 * commit; a crash before it runs leaves the row pending for start-up to pick up.
 */
export async function createUpload(
  { db, storage, textExtraction }: AppContext,
  { ownerId, staged, metadata }: CreateUploadProps,
): Promise<TUploadResponse> {
  // 128 random bits: an upload's id must not be guessable (architecture: ids that grant access).
  const paperId = randomBytes(16).toString('base64url');
  const key = { platform: UPLOAD_PLATFORM, paperId };
  await withStoredFile(db, storage, staged, 'application/pdf', async (tx, contentHash) => {
    await tx.insert(papers).values({
      ...key,
      title: metadata.title,
      authors: metadata.authors,
      abstract: metadata.abstract,
      publishedDate: metadata.publishedDate,
      pdfUrl: uploadedPdfUrl(paperId),
    });
    await tx.insert(uploads).values({ ...key, ownerId, contentHash, originalFilename: metadata.filename });
    await tx.insert(paperTexts).values({ ...key, status: 'pending' });
  });
  const ref = { paper_id: paperId, platform: UPLOAD_PLATFORM };
  textExtraction.enqueue(ref);
  return ref;
}
