import type { TPaperRef } from '@paperbench/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploadFileJoin } from '../../db/columns/upload-joins';
import { paperTexts, storedFiles, uploads } from '../../db/schema';
import { insertJobsForPapers } from '../../jobs/queue/queue-jobs.repo';
import type { PdfText } from './pdf-text';

/** A paper's key as the tables spell it. */
interface PaperKey {
  platform: string;
  paperId: string;
}

/** The text of a new upload starts 'pending' (its extraction job is enqueued in the same transaction). */
export async function insertPendingText(tx: Tx, key: PaperKey): Promise<void> {
  await tx.insert(paperTexts).values({ ...key, status: 'pending' });
}

/** Where an uploaded paper's bytes are and the status of its text; null once the upload is deleted. */
export async function selectUploadText(db: Db, ref: TPaperRef) {
  const [file] = await db
    .select({ key: storedFiles.storageKey, status: paperTexts.status })
    .from(uploads)
    .innerJoin(storedFiles, uploadFileJoin)
    .innerJoin(paperTexts, and(eq(paperTexts.platform, uploads.platform), eq(paperTexts.paperId, uploads.paperId)))
    .where(and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id)));
  return file ?? null;
}

/** Only a row still 'pending' is written: running a job twice, or after a give-up, changes nothing. */
const pendingText = (ref: TPaperRef) =>
  and(eq(paperTexts.platform, ref.platform), eq(paperTexts.paperId, ref.paper_id), eq(paperTexts.status, 'pending'));

/** Stores the extracted text and its pages; false when the row was no longer 'pending'. */
export async function markTextReady(db: Db | Tx, ref: TPaperRef, extracted: PdfText): Promise<boolean> {
  const rows = await db
    .update(paperTexts)
    .set({
      status: 'ready',
      text: extracted.text,
      pageCount: extracted.pageCount,
      pages: extracted.pages,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(pendingText(ref))
    .returning({ paperId: paperTexts.paperId });
  return rows.length === 1;
}

export async function markTextFailed(db: Db, ref: TPaperRef, reason: string) {
  await db.update(paperTexts).set({ status: 'failed', error: reason, updatedAt: sql`now()` }).where(pendingText(ref));
}

/**
 * Enqueues the job (`job`'s kind, version and attempts) of every 'pending' text of `platforms` that
 * has no queued or running one; the dedupe key makes it safe when replicas do it together. Returns
 * how many were enqueued.
 */
export function enqueueOrphanedTexts(
  db: Db,
  job: { id: string; version: number; maxAttempts: number },
  platforms: readonly string[],
): Promise<number> {
  return insertJobsForPapers(
    db,
    job,
    sql`select platform, paper_id from paper_texts where status = 'pending' and platform in (${sql.join(
      platforms.map((platform) => sql`${platform}`),
      sql`, `,
    )})`,
  );
}
