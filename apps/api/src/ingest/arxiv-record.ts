import { z } from 'zod';
import type { papers } from '../db/schema';
import { normalizeArxivId } from './arxiv-id';

/** One line of the shipped arXiv metadata dump (see data/README.md). */
const ZArxivRecord = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  authors_list: z.array(z.string()).nullish(),
  authors: z.string().nullish(),
  abstract: z.string().nullish(),
  categories: z.array(z.string()).nullish(),
  comments: z.string().nullish(),
  doi: z.string().nullish(),
  created: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  updated: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
});

export type NewPaper = typeof papers.$inferInsert;

/** arXiv's canonical PDF address; the web client rewrites it to the export host (spec §5). */
export const arxivPdfUrl = (id: string) => `https://arxiv.org/pdf/${id}`;

/**
 * Maps one dump record to a papers row, or returns null for a line that is not a usable record
 * (the loader counts those instead of failing the whole load).
 */
export function paperFromArxivRecord(value: unknown): NewPaper | null {
  const parsed = ZArxivRecord.safeParse(value);
  if (!parsed.success) return null;
  const record = parsed.data;
  const paperId = normalizeArxivId(record.id);
  const authors = record.authors_list ?? record.authors?.split(', ') ?? [];
  return {
    platform: 'arxiv',
    paperId,
    title: record.title.replace(/\s+/g, ' ').trim(),
    authors: authors.map((name) => name.trim()).filter(Boolean),
    abstract: record.abstract?.trim() || null,
    categories: record.categories ?? [],
    publishedDate: record.created ?? null,
    updatedDate: record.updated ?? null,
    pdfUrl: arxivPdfUrl(paperId),
    doi: record.doi ?? null,
    comments: record.comments ?? null,
  };
}
