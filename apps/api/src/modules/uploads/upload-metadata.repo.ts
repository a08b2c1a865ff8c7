import type { TPaperRef } from '@paperbench/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploadFileJoin } from '../../db/columns/upload-joins';
import { papers, storedFiles, uploads } from '../../db/schema';
import { insertJobsForPapers } from '../../jobs/queue/queue-jobs.repo';
import type { MetadataField, PdfMetadata } from './pdf-metadata';
import type { ResolvedMetadata } from './resolve-pdf-metadata';
import { type TypedField, titleFromFilename, UNKNOWN_PUBLISHED } from './upload-form';

/** Where an upload's bytes are and who owns it, when it has bytes; undefined once deleted. */
export async function selectUploadFile(db: Db, ref: TPaperRef) {
  const [row] = await db
    .select({ key: storedFiles.storageKey, ownerId: uploads.ownerId, sources: uploads.metadataSources })
    .from(uploads)
    .innerJoin(storedFiles, uploadFileJoin)
    .where(and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id)));
  return row;
}

/**
 * Which fields an upload made before typed_fields existed had typed: the ones that differ from the
 * upload form's defaults (title = file name without .pdf, no authors, 1900-01-01, no abstract).
 */
function typedBefore(row: {
  title: string;
  authors: string[];
  published: string | null;
  abstract: string | null;
  filename: string;
}) {
  const typed: TypedField[] = [];
  if (row.title !== titleFromFilename(row.filename)) typed.push('title');
  if (row.authors.length > 0) typed.push('authors');
  if (row.published !== null && row.published !== UNKNOWN_PUBLISHED) typed.push('published');
  if (row.abstract) typed.push('abstract');
  return typed;
}

/**
 * Writes what the PDF says into its upload's papers row, in the caller's transaction (the text
 * job's, docs/uploads.md#metadata-from-the-pdf): every field the uploader did not type and the PDF
 * told is replaced; the DOI only fills an empty one. The uploads row keeps the sources of what was
 * taken and the corpus paper it is. Returns false when the upload is gone.
 */
export async function applyUploadMetadata(tx: Tx, ref: TPaperRef, { metadata, link }: ResolvedMetadata) {
  const key = and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id));
  const [row] = await tx
    .select({
      typedFields: uploads.typedFields,
      filename: uploads.originalFilename,
      title: papers.title,
      authors: papers.authors,
      published: papers.publishedDate,
      abstract: papers.abstract,
      doi: papers.doi,
    })
    .from(uploads)
    .innerJoin(papers, and(eq(papers.platform, uploads.platform), eq(papers.paperId, uploads.paperId)))
    .where(key)
    .for('update', { of: uploads });
  if (!row) return false;
  const typed = new Set<string>(row.typedFields ?? typedBefore(row));
  const take = (field: MetadataField) => !typed.has(field) && metadata[field] !== null;
  const update: Partial<typeof papers.$inferInsert> = {};
  if (take('title') && metadata.title) update.title = metadata.title;
  if (take('authors') && metadata.authors) update.authors = metadata.authors;
  if (take('published') && metadata.published) {
    update.publishedDate = metadata.published;
    update.publishedPrecision = metadata.published_precision ?? null;
  }
  if (take('abstract')) update.abstract = metadata.abstract;
  if (!row.doi && metadata.doi) update.doi = metadata.doi;
  if (Object.keys(update).length > 0) {
    await tx
      .update(papers)
      .set(update)
      .where(and(eq(papers.platform, ref.platform), eq(papers.paperId, ref.paper_id)));
  }
  const sources = Object.fromEntries(
    Object.entries(metadata.sources).filter(([field]) => !typed.has(field)),
  ) as PdfMetadata['sources'];
  await tx
    .update(uploads)
    .set({
      typedFields: [...typed],
      metadataSources: sources,
      linkedPlatform: link?.platform ?? null,
      linkedPaperId: link?.paperId ?? null,
    })
    .where(key);
  return true;
}

/**
 * docs/uploads.md#backfill: one fill-upload-metadata job for every upload that has a file and whose
 * metadata was never read, and whose text is not waiting for extract-pdf-text (that job reads it).
 * The dedupe key makes it safe when replicas start together; returns how many were enqueued.
 */
export function enqueueMetadataBackfill(
  db: Db,
  job: { id: string; version: number; maxAttempts: number },
): Promise<number> {
  return insertJobsForPapers(
    db,
    job,
    sql`select u.platform, u.paper_id from uploads u
        where u.metadata_sources is null and u.content_hash is not null
          and not exists (
            select 1 from paper_texts t
            where t.platform = u.platform and t.paper_id = u.paper_id and t.status = 'pending')`,
  );
}
