import type { TPaper } from '@paperbench/contract';
import { getTableColumns } from 'drizzle-orm';
import { papers } from '../../db/schema';

/** The columns a paper's wire shape needs (the search vector stays in the database). */
const { searchVector: _searchVector, createdAt: _createdAt, ...paperColumns } = getTableColumns(papers);

export { paperColumns };

export type PaperRow = {
  [K in keyof typeof paperColumns]: (typeof paperColumns)[K]['_']['data'] | null;
};

/** Row → spec §3 Paper. */
export function presentPaper(row: PaperRow): TPaper {
  return {
    paper_id: row.paperId as string,
    platform: row.platform as string,
    title: row.title as string,
    authors: row.authors ?? [],
    published_date: row.publishedDate,
    abstract: row.abstract,
    categories: row.categories ?? [],
    pdf_url: row.pdfUrl,
    updated_date: row.updatedDate,
    doi: row.doi,
    comments: row.comments,
  };
}
