import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderFiles, folderSummaries, folders, papers, passages } from '../../db/schema';
import { readableThroughFolder } from '../papers/paper-visibility.repo';

export type FolderSummaryRow = typeof folderSummaries.$inferSelect;

export interface FolderPaperRow {
  platform: string;
  paperId: string;
  title: string;
  abstract: string | null;
}

/**
 * The papers of a folder that all its readers may read through it (readableThroughFolder), oldest
 * added first. The caller has checked that the user may read the folder (requireAccess 'folder.read').
 */
export function selectFolderPapers(db: Db, folderId: number): Promise<FolderPaperRow[]> {
  return db
    .select({ platform: papers.platform, paperId: papers.paperId, title: papers.title, abstract: papers.abstract })
    .from(folderFiles)
    .innerJoin(folders, eq(folders.id, folderFiles.folderId))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .where(and(eq(folderFiles.folderId, folderId), readableThroughFolder()))
    .orderBy(asc(folderFiles.addedAt), asc(folderFiles.platform), asc(folderFiles.paperId));
}

/** The first stored passage of each of these papers (uploads have text but often no abstract). */
export async function selectOpeningPassages(db: Db, paperIds: readonly { platform: string; paperId: string }[]) {
  if (paperIds.length === 0) return [];
  return db
    .select({ platform: passages.platform, paperId: passages.paperId, page: passages.page, text: passages.text })
    .from(passages)
    .where(
      and(
        eq(passages.ordinal, 0),
        or(...paperIds.map((ref) => and(eq(passages.platform, ref.platform), eq(passages.paperId, ref.paperId)))),
      ),
    );
}

export async function selectFolderSummary(db: Db, folderId: number): Promise<FolderSummaryRow | null> {
  const [row] = await db.select().from(folderSummaries).where(eq(folderSummaries.folderId, folderId));
  return row ?? null;
}

/** Stores a folder's summary in place of the previous one (two regenerations at once: the last one wins). */
export async function upsertFolderSummary(
  db: Db,
  summary: Omit<FolderSummaryRow, 'generatedAt'>,
): Promise<FolderSummaryRow> {
  const { folderId, ...fields } = summary;
  const [row] = await db
    .insert(folderSummaries)
    .values(summary)
    .onConflictDoUpdate({ target: folderSummaries.folderId, set: { ...fields, generatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error(`folder summary ${folderId} was not stored`);
  return row;
}
