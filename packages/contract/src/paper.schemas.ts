import { z } from 'zod';
import { DEFAULT_PLATFORM, ZPagination, ZPaperId, ZPlatform, zText } from './common';

/** requirements §3 Paper. Dates are ISO calendar dates (YYYY-MM-DD). */
export const ZPaper = z.object({
  paper_id: ZPaperId,
  /** Source platform (default arxiv; 'upload' for uploaded papers). */
  platform: ZPlatform.default(DEFAULT_PLATFORM),
  title: zText(),
  /** Author names in order. */
  authors: z.array(zText()),
  /** First publication date, YYYY-MM-DD, or null when unknown. */
  published_date: zText().nullable(),
  /**
   * 'year' when only the year of published_date is known (an imported entry with a year alone, a PDF that
   * prints only its year): published_date is then YYYY-01-01 and is shown as the year. Absent otherwise.
   */
  published_precision: z.literal('year').optional(),
  abstract: zText().nullable(),
  /** Subject categories, primary first (arXiv codes such as cs.CL). */
  categories: z.array(zText()),
  /** Where the PDF lives; null when the paper has none. */
  pdf_url: zText().nullable(),
  /** Date of the latest revision, YYYY-MM-DD, when known. */
  updated_date: zText().nullable().optional(),
  doi: zText().nullable().optional(),
  /** Author comments (arXiv: pages, venue). */
  comments: zText().nullable().optional(),
  /** An uploaded PDF that is a corpus paper (its DOI or arXiv id matched): that paper (docs/uploads.md#metadata-from-the-pdf). */
  also_on: z.object({ paper_id: ZPaperId, platform: ZPlatform }).optional(),
});
export type TPaper = z.infer<typeof ZPaper>;

export const ZPaperListQuery = ZPagination.extend({
  /** Optional full-text filter (same syntax as search). Blank means no filter. */
  keyword: zText().trim().max(500).optional(),
});
export type TPaperListQuery = z.infer<typeof ZPaperListQuery>;

/** A reference to one paper: papers are keyed by (platform, paper_id). */
export const ZPaperRef = z.object({
  paper_id: ZPaperId,
  /** Source platform; requirements §9 default arxiv. */
  platform: ZPlatform.default(DEFAULT_PLATFORM),
});
export type TPaperRef = z.infer<typeof ZPaperRef>;
