import { z } from 'zod';
import { c, ZPaperId, ZPlatformQuery } from './common';
import { ZPaper } from './paper.schemas';

/** One entry of a paper's reference list (docs/references.md); null fields where the entry does not say. */
export const ZPaperReference = z.object({
  /** 1-based place in the list. */
  n: z.number().int().positive(),
  raw: z.string(),
  title: z.string().nullable(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  venue: z.string().nullable(),
  doi: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  /** The paper it resolved to, when the caller may read it; null otherwise. */
  paper: z.object({ paper_id: z.string(), platform: z.string() }).nullable(),
});
export type TPaperReference = z.infer<typeof ZPaperReference>;

/** An in-text citation marker: offsets into the page's extracted text, the entries it points to. */
export const ZCitationMarker = z.object({
  page: z.number().int().positive(),
  char_start: z.number().int().nonnegative(),
  char_end: z.number().int().positive(),
  entries: z.array(z.number().int().positive()),
});
export type TCitationMarker = z.infer<typeof ZCitationMarker>;

/** The state of the paper's text, so an empty list can say why (not extracted yet, or no references in it). */
export const ZReferencesText = z.enum(['none', 'pending', 'ready', 'failed', 'abstract-only']);

const paperParams = z.object({ id: ZPaperId });

export const referencesContract = c.router({
  list: {
    method: 'GET',
    path: '/api/papers/:id/references',
    pathParams: paperParams,
    query: ZPlatformQuery,
    responses: { 200: z.array(ZPaperReference) },
    summary: "A paper's reference list, parsed from its extracted text",
    description:
      'Anyone who can read the paper (404 otherwise). Each entry resolves to a corpus paper by arXiv id, DOI, then ' +
      'title and year; `paper` is null when none did or the caller may not read it. Empty before the text is extracted.',
  },
  markers: {
    method: 'GET',
    path: '/api/papers/:id/citation-markers',
    pathParams: paperParams,
    query: ZPlatformQuery,
    responses: { 200: z.object({ text_status: ZReferencesText, markers: z.array(ZCitationMarker) }) },
    summary: "A paper's in-text citation markers, with offsets into its pages' text",
  },
  citations: {
    method: 'GET',
    path: '/api/papers/:id/citations',
    pathParams: paperParams,
    query: ZPlatformQuery,
    responses: { 200: z.array(ZPaper) },
    summary: 'The papers the caller may read whose references resolve to this paper ("Cited by")',
  },
});
