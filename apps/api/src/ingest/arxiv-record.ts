import { z } from 'zod';
import type { papers } from '../db/schema';
import { normalizeArxivId } from './arxiv-id';

export type NewPaper = typeof papers.$inferInsert;

/** A record becomes a paper row, or is skipped for a reason the import summary reports. */
export type RecordOutcome = { paper: NewPaper } | { reason: string };

/** arXiv's canonical PDF address; the web client rewrites it to the export host (requirements §5). */
export const arxivPdfUrl = (id: string) => `https://arxiv.org/pdf/${id}`;

/** Every harvested and imported record passes through this shape on its way to a papers row. */
export interface ArxivFields {
  id: string | null | undefined;
  title: string | null | undefined;
  authors: readonly string[];
  abstract?: string | null | undefined;
  categories: readonly string[];
  /** Date of version 1, YYYY-MM-DD. */
  published?: string | null | undefined;
  /** Date of the latest version when there is more than one, YYYY-MM-DD. */
  updated?: string | null | undefined;
  doi?: string | null | undefined;
  comments?: string | null | undefined;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** 'Mon, 2 Apr 2007 19:18:42 GMT' (arXivRaw versions, Kaggle versions) → '2007-04-02'. */
export function dateOfRfc2822(value: string | null | undefined): string | null {
  const match = /(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})/.exec(value ?? '');
  const month = match ? MONTHS.indexOf(match[2] as string) : -1;
  if (!match || month < 0) return null;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${(match[1] as string).padStart(2, '0')}`;
}

/** 'A. B, C. D, and E. F' / 'A and B' → names; the separators arXiv's free-text author lists use. */
export function splitAuthors(text: string | null | undefined): string[] {
  return collapse(text ?? '')
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
    .map((name) => name.trim())
    .filter(Boolean);
}

function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * Validates and normalises one record into a papers row. Text keeps arXiv's TeX (accents such as
 * \'E, math) as published; only whitespace is collapsed in titles and author names.
 */
export function paperFromArxivFields(fields: ArxivFields): RecordOutcome {
  const id = fields.id?.trim() ? normalizeArxivId(fields.id) : '';
  if (!id) return { reason: 'no id' };
  const title = collapse(fields.title ?? '');
  if (!title) return { reason: 'no title' };
  for (const [name, value] of [
    ['published', fields.published],
    ['updated', fields.updated],
  ] as const) {
    if (value && !isValidDate(value)) return { reason: `invalid ${name} date` };
  }
  const paper: NewPaper = {
    platform: 'arxiv',
    paperId: id,
    title,
    authors: fields.authors.map(collapse).filter(Boolean),
    abstract: fields.abstract?.trim() || null,
    categories: [...new Set(fields.categories.map((category) => category.trim()).filter(Boolean))],
    publishedDate: fields.published || null,
    updatedDate: fields.updated || null,
    pdfUrl: arxivPdfUrl(id),
    // arXivRaw lists every DOI of a paper (e.g. an erratum's) in one field; the first is the paper's.
    doi: fields.doi?.trim().split(/\s+/)[0] || null,
    comments: blankToNull(fields.comments)?.trim() ?? null,
  };
  // PostgreSQL text cannot hold NUL; one broken record must not sink a batch.
  if (JSON.stringify(paper).includes('\\u0000')) return { reason: 'contains a NUL character' };
  return { paper };
}

/**
 * One line of a metadata dump: the shipped sample's fields (authors_list, categories array,
 * created/updated) or the Kaggle arxiv-metadata-oai-snapshot's (authors_parsed, space-separated
 * categories, versions[].created).
 */
const ZDumpRecord = z
  .object({
    id: z.union([z.string(), z.number().transform(String)]).nullish(),
    title: z.string().nullish(),
    authors: z.string().nullish(),
    authors_list: z.array(z.string()).nullish(),
    authors_parsed: z.array(z.array(z.string())).nullish(),
    abstract: z.string().nullish(),
    categories: z.union([z.array(z.string()), z.string().transform((value) => value.split(/\s+/))]).nullish(),
    comments: z.string().nullish(),
    doi: z.string().nullish(),
    created: z.string().nullish(),
    updated: z.string().nullish(),
    versions: z.array(z.object({ created: z.string() }).passthrough()).nullish(),
  })
  .passthrough();

/** Kaggle's [last, first, suffix] triples → 'First Last Suffix'. */
const nameOfParsed = ([last = '', first = '', suffix = '']: string[]) => [first, last, suffix].join(' ');

export function paperFromDumpRecord(value: unknown): RecordOutcome {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'not a JSON object' };
  const parsed = ZDumpRecord.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { reason: `invalid ${issue?.path.join('.') || 'record'}` };
  }
  const record = parsed.data;
  const versions = record.versions ?? [];
  const authors = record.authors_list ?? record.authors_parsed?.map(nameOfParsed) ?? splitAuthors(record.authors);
  return paperFromArxivFields({
    id: record.id,
    title: record.title,
    authors,
    abstract: record.abstract,
    categories: record.categories ?? [],
    published: record.created ?? dateOfRfc2822(versions[0]?.created),
    updated: record.updated ?? (versions.length > 1 ? dateOfRfc2822(versions.at(-1)?.created) : null),
    doi: record.doi,
    comments: record.comments,
  });
}
