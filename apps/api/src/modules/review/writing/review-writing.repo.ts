import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { papers, reviewEdges, reviewFiles } from '../../../db/schema';

/** What writing needs of a paper: its metadata for the reference list and its abstract as fallback evidence. */
const paperColumns = {
  platform: papers.platform,
  paperId: papers.paperId,
  title: papers.title,
  authors: papers.authors,
  abstract: papers.abstract,
  publishedDate: papers.publishedDate,
  publishedPrecision: papers.publishedPrecision,
  doi: papers.doi,
  pdfUrl: papers.pdfUrl,
};

export type WritingPaperRow = {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  abstract: string | null;
  publishedDate: string | null;
  publishedPrecision: string | null;
  doi: string | null;
  pdfUrl: string | null;
};

export type AcceptedEdgeRow = { source: TPaperRef; target: TPaperRef; label: string };

/**
 * The session's papers (its graph's nodes) with their metadata, in the order they were added. The
 * caller has checked the session is the user's (requireAccess 'chatSession.use').
 */
export async function selectSessionPapers(db: Db, sessionId: number): Promise<WritingPaperRow[]> {
  return db
    .select(paperColumns)
    .from(reviewFiles)
    .innerJoin(papers, and(eq(papers.platform, reviewFiles.platform), eq(papers.paperId, reviewFiles.paperId)))
    .where(eq(reviewFiles.sessionId, sessionId))
    .orderBy(asc(reviewFiles.addedAt), asc(reviewFiles.platform), asc(reviewFiles.paperId));
}

/** The user's relations (state 'accepted'): proposals wait for the user and never shape the outline. */
export async function selectAcceptedEdges(db: Db, sessionId: number): Promise<AcceptedEdgeRow[]> {
  const rows = await db
    .select({
      sourcePlatform: reviewEdges.sourcePlatform,
      sourcePaperId: reviewEdges.sourcePaperId,
      targetPlatform: reviewEdges.targetPlatform,
      targetPaperId: reviewEdges.targetPaperId,
      label: reviewEdges.label,
    })
    .from(reviewEdges)
    .where(and(eq(reviewEdges.sessionId, sessionId), eq(reviewEdges.state, 'accepted')))
    .orderBy(asc(reviewEdges.id));
  return rows.map((row) => ({
    source: { platform: row.sourcePlatform, paper_id: row.sourcePaperId },
    target: { platform: row.targetPlatform, paper_id: row.targetPaperId },
    label: row.label,
  }));
}

/** The target paper's metadata (it need not be a node of the graph); null if the row is gone. */
export async function selectPaper(db: Db, ref: TPaperRef): Promise<WritingPaperRow | null> {
  const [row] = await db
    .select(paperColumns)
    .from(papers)
    .where(and(eq(papers.platform, ref.platform), eq(papers.paperId, ref.paper_id)));
  return row ?? null;
}
