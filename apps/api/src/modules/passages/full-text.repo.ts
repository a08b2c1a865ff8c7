import type { TPaperRef } from '@paperbench/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CLEANING_VERSION } from '../../ai/text/clean/clean-page-text';
import type { Db, Tx } from '../../db/client';
import { papers, paperTexts } from '../../db/schema';
import { insertJobsForPapers } from '../../jobs/queue/queue-jobs.repo';

const textOf = (ref: TPaperRef) => and(eq(paperTexts.platform, ref.platform), eq(paperTexts.paperId, ref.paper_id));

/** A fetched paper's text status and its abstract (the fallback passage); null when there is no row. */
export async function selectFetchedPaper(db: Db, ref: TPaperRef) {
  const [row] = await db
    .select({ status: paperTexts.status, abstract: papers.abstract })
    .from(paperTexts)
    .innerJoin(papers, and(eq(papers.platform, paperTexts.platform), eq(papers.paperId, paperTexts.paperId)))
    .where(textOf(ref));
  return row ?? null;
}

/** The paper's text status, null when its full text was never asked for. */
export async function selectTextStatus(db: Db | Tx, ref: TPaperRef): Promise<string | null> {
  const [row] = await db.select({ status: paperTexts.status }).from(paperTexts).where(textOf(ref));
  return row?.status ?? null;
}

/** A 'pending' row for a paper that has none; false when it had one (pending, ready or not): nothing to do. */
export async function insertPendingTextIfAbsent(tx: Db | Tx, ref: TPaperRef): Promise<boolean> {
  const rows = await tx
    .insert(paperTexts)
    .values({ platform: ref.platform, paperId: ref.paper_id, status: 'pending' })
    .onConflictDoNothing()
    .returning({ paperId: paperTexts.paperId });
  return rows.length === 1;
}

const reopen = async (tx: Db | Tx, ref: TPaperRef, condition: ReturnType<typeof and>) => {
  const rows = await tx
    .update(paperTexts)
    .set({ status: 'pending', error: null, updatedAt: sql`now()` })
    .where(and(textOf(ref), condition))
    .returning({ paperId: paperTexts.paperId });
  return rows.length === 1;
};

/** An abstract-only paper is read again (its PDF may be reachable now); false for any other status. */
export const reopenAbstractOnly = (tx: Db | Tx, ref: TPaperRef) =>
  reopen(tx, ref, eq(paperTexts.status, 'abstract-only'));

/** A text extracted before pages were kept has no passages: it is extracted again; false otherwise. */
export const reopenTextWithoutPages = (tx: Db | Tx, ref: TPaperRef) =>
  reopen(tx, ref, and(eq(paperTexts.status, 'ready'), isNull(paperTexts.pages)));

/** Stamps a text's passages as cut with the current cleaning (docs/ai.md#clean-text). */
export async function markCleaned(tx: Tx, ref: TPaperRef): Promise<void> {
  await tx.update(paperTexts).set({ cleanedVersion: CLEANING_VERSION }).where(textOf(ref));
}

/** Texts with passages to cut again: ready with pages, or abstract-only, and cleaned by an older version or never. */
const cleanedBefore = sql`${paperTexts.status} in ('ready', 'abstract-only')
  and (${paperTexts.status} = 'abstract-only' or ${paperTexts.pages} is not null)
  and coalesce(${paperTexts.cleanedVersion}, 0) < ${CLEANING_VERSION}`;

/**
 * A text whose passages were cut by an older cleaning, locked for the re-cut (with the abstract, an
 * abstract-only text's one passage); undefined when there is none (deleted, or cleaned meanwhile).
 */
export async function selectTextToClean(tx: Tx, ref: TPaperRef) {
  const [row] = await tx
    .select({ status: paperTexts.status, pages: paperTexts.pages, abstract: papers.abstract })
    .from(paperTexts)
    .innerJoin(papers, and(eq(papers.platform, paperTexts.platform), eq(papers.paperId, paperTexts.paperId)))
    .where(and(textOf(ref), cleanedBefore))
    .for('update', { of: paperTexts });
  return row;
}

/**
 * docs/ai.md#clean-text: one clean-stored-text job for every text cleaned by an older version. The
 * dedupe key makes it safe when replicas start together; returns how many were enqueued.
 */
export function enqueueCleaningBackfill(db: Db, job: { id: string; version: number; maxAttempts: number }) {
  return insertJobsForPapers(db, job, sql`select platform, paper_id from paper_texts where ${cleanedBefore}`);
}
