import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { papers, remotePdfs, uploads } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import type { UploadMetadata } from './upload-form';

export interface NewUpload {
  paperId: string;
  ownerId: number;
  contentHash: string;
  metadata: UploadMetadata;
  pdfUrl: string;
}

/** The papers row of platform 'upload' and the uploads row (owner, content, original name). */
export async function insertUpload(tx: Tx, { paperId, ownerId, contentHash, metadata, pdfUrl }: NewUpload) {
  const key = { platform: UPLOAD_PLATFORM, paperId };
  await tx.insert(papers).values({
    ...key,
    title: metadata.title,
    authors: metadata.authors,
    abstract: metadata.abstract,
    publishedDate: metadata.publishedDate,
    pdfUrl,
  });
  await tx.insert(uploads).values({
    ...key,
    ownerId,
    contentHash,
    originalFilename: metadata.filename,
    typedFields: metadata.typedFields,
  });
}

/**
 * The caller's own earlier upload of these bytes, or undefined (docs/security.md#uploads-of-the-same-bytes).
 * Scoped to the owner: another user's upload of identical bytes is never found, so nothing tells
 * anyone that someone else holds the same file. Call it under lockContentHash, so two identical
 * uploads racing each other cannot both miss.
 */
export async function findOwnedUploadByHash(tx: Tx, ownerId: number, contentHash: string) {
  const [row] = await tx
    .select({ paper_id: uploads.paperId, platform: uploads.platform })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.contentHash, contentHash)))
    .orderBy(uploads.createdAt, uploads.paperId)
    .limit(1);
  return row;
}

/**
 * The caller's upload, its row locked until the transaction ends, with its content hash (null for a
 * metadata-only paper, docs/import-export.md); null when not theirs.
 */
export async function lockOwnedUpload(
  tx: Tx,
  ownerId: number,
  paperId: string,
): Promise<{ contentHash: string | null } | null> {
  const [owned] = await tx
    .select({ contentHash: uploads.contentHash })
    .from(uploads)
    .where(and(eq(uploads.platform, UPLOAD_PLATFORM), eq(uploads.paperId, paperId), eq(uploads.ownerId, ownerId)))
    .for('update');
  return owned ?? null;
}

/** A metadata-only paper's new PDF: the stored file becomes its content, under the file's name. */
export async function attachUploadFile(tx: Tx, paperId: string, contentHash: string, filename: string, pdfUrl: string) {
  await tx
    .update(uploads)
    .set({ contentHash, originalFilename: filename })
    .where(and(eq(uploads.platform, UPLOAD_PLATFORM), eq(uploads.paperId, paperId)));
  await tx
    .update(papers)
    .set({ pdfUrl })
    .where(and(eq(papers.platform, UPLOAD_PLATFORM), eq(papers.paperId, paperId)));
}

/** Deletes the uploaded paper; ON DELETE CASCADE takes every row that hangs off it. */
export async function deleteUploadedPaper(tx: Tx, paperId: string): Promise<void> {
  await tx.delete(papers).where(and(eq(papers.platform, UPLOAD_PLATFORM), eq(papers.paperId, paperId)));
}

/** Whether another upload or a cached remote PDF still points at these bytes. */
export async function isContentHeld(tx: Tx, contentHash: string): Promise<boolean> {
  const [upload] = await tx
    .select({ hash: uploads.contentHash })
    .from(uploads)
    .where(eq(uploads.contentHash, contentHash))
    .limit(1);
  if (upload) return true;
  const [remote] = await tx
    .select({ hash: remotePdfs.contentHash })
    .from(remotePdfs)
    .where(eq(remotePdfs.contentHash, contentHash))
    .limit(1);
  return remote !== undefined;
}
