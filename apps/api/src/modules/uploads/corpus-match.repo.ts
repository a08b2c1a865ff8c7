import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { papers } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

export interface CorpusPaper {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  abstract: string | null;
  publishedDate: string | null;
  publishedPrecision: string | null;
  doi: string | null;
}

const columns = {
  platform: papers.platform,
  paperId: papers.paperId,
  title: papers.title,
  authors: papers.authors,
  abstract: papers.abstract,
  publishedDate: papers.publishedDate,
  publishedPrecision: papers.publishedPrecision,
  doi: papers.doi,
};

/**
 * The corpus paper a PDF prints the DOI or arXiv id of (docs/uploads.md#metadata-from-the-pdf): by
 * lower(doi) (papers_doi_idx), else the arXiv record. Never another upload: a user's uploads are
 * private, and an upload found by DOI would tell that someone holds that paper.
 */
export async function findCorpusPaper(
  db: Db | Tx,
  { doi, arxivId }: { doi: string | null; arxivId: string | null },
): Promise<CorpusPaper | undefined> {
  if (arxivId) {
    const [row] = await db
      .select(columns)
      .from(papers)
      .where(and(eq(papers.platform, 'arxiv'), eq(papers.paperId, arxivId)))
      .limit(1);
    if (row) return row;
  }
  if (doi) {
    const [row] = await db
      .select(columns)
      .from(papers)
      .where(and(sql`lower(${papers.doi}) = ${doi.toLowerCase()}`, ne(papers.platform, UPLOAD_PLATFORM)))
      .orderBy(papers.platform, papers.paperId)
      .limit(1);
    if (row) return row;
  }
  return undefined;
}
