import type { TPaperRef } from '@paperbench/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { papers, paperTexts } from '../../db/schema';

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
