import type { TPaper } from '@paperbench/contract';
import type { PaperRow } from '../../db/columns/paper-columns';

/** Row → requirements §3 Paper. */
export function presentPaper(row: PaperRow): TPaper {
  return {
    paper_id: row.paperId as string,
    platform: row.platform as string,
    title: row.title as string,
    authors: row.authors ?? [],
    published_date: row.publishedDate,
    ...(row.publishedPrecision === 'year' && { published_precision: 'year' as const }),
    abstract: row.abstract,
    categories: row.categories ?? [],
    pdf_url: row.pdfUrl,
    updated_date: row.updatedDate,
    doi: row.doi,
    comments: row.comments,
  };
}
