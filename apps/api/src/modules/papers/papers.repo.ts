import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { paperClicks, papers } from '../../db/schema';
import { matchesFullText, webSearchQuery } from '../../db/sql/full-text';
import { UPLOAD_PLATFORM } from './paper-visibility.repo';

/** Public lists never show uploads: those are private to their uploader and folder holders. */
const isPublicPaper = ne(papers.platform, UPLOAD_PLATFORM);

/** Newest first, in the order of the papers_recent_idx index so paging needs no sort. */
export const recentOrder = [sql`${papers.publishedDate} DESC NULLS LAST`, desc(papers.platform), desc(papers.paperId)];

/**
 * Pages over the narrow index columns first, then fetches full rows for that page only (a deferred
 * join), so a deep offset skips index entries rather than whole papers.
 */
export function listRecentPapers(
  db: Db,
  { limit, offset, keyword }: { limit: number; offset: number; keyword?: string },
) {
  const matches = keyword ? matchesFullText(webSearchQuery(keyword)) : undefined;
  const page = db
    .select({ platform: papers.platform, paperId: papers.paperId })
    .from(papers)
    .where(and(isPublicPaper, matches))
    .orderBy(...recentOrder)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(paperColumns)
    .from(page)
    .innerJoin(papers, and(eq(papers.platform, page.platform), eq(papers.paperId, page.paperId)))
    .orderBy(...recentOrder);
}

/** The publication date of the corpus's newest public paper (YYYY-MM-DD), or null for an empty corpus. */
export async function newestPublicationDate(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ date: papers.publishedDate })
    .from(papers)
    .where(and(isPublicPaper, sql`${papers.publishedDate} is not null`))
    .orderBy(...recentOrder)
    .limit(1);
  return row?.date ?? null;
}

export async function countPapers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(papers).where(isPublicPaper);
  return row?.value ?? 0;
}

export async function paperExists(db: Db, platform: string, paperId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: papers.paperId })
    .from(papers)
    .where(and(eq(papers.platform, platform), eq(papers.paperId, paperId)))
    .limit(1);
  return row !== undefined;
}

export async function insertPaperClick(db: Db, click: { platform: string; paperId: string; userId: number | null }) {
  await db.insert(paperClicks).values(click);
}
