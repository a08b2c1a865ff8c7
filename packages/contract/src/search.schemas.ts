import { z } from 'zod';
import { ZAnswerSource } from './common';
import { ZPaper } from './paper.schemas';

export const SEARCH_SORTS = ['relevance', 'date'] as const;
export const SUMMARY_TYPES = ['full', 'brief'] as const;

/** spec §3 Search request. */
export const ZSearchRequest = z.object({
  /** Web-search syntax: "quoted phrase", OR, -excluded. Trimmed; must not be blank. */
  query: z.string().trim().min(1, 'query must not be empty').max(500, 'query must be at most 500 characters'),
  /** spec §9 default 30. */
  limit: z.number().int().min(1).max(100).default(30),
  /** Rows to skip, for paging through results. */
  offset: z.number().int().min(0).max(10_000).default(0),
  /** Ask for an AI summary of the results (produced by POST /api/search-summary/). */
  include_summary: z.boolean().default(false),
  /** spec §9 default 'full'. */
  summary_type: z.enum(SUMMARY_TYPES).default('full'),
  /** relevance (default, spec §3 sortBy) or date (newest first). */
  sort: z.enum(SEARCH_SORTS).default('relevance'),
});
export type TSearchRequest = z.infer<typeof ZSearchRequest>;

export const ZSearchHit = ZPaper.extend({
  /** Full-text relevance score; higher is better. Comparable within one response only. */
  score: z.number(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResponse = z.object({
  query: z.string(),
  sort: z.enum(SEARCH_SORTS),
  /** Number of papers matching the query (all pages). */
  total: z.number().int(),
  results: z.array(ZSearchHit),
  /**
   * The AI summary when one was produced. Search itself never calls a model: summaries come from
   * POST /api/search-summary/, so this is null here.
   */
  summary: z.string().nullable(),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** spec §3 Search state: what the search results screen keeps between renders. */
export const ZSearchState = z.object({
  query: z.string(),
  results: z.array(ZSearchHit),
  hasSearched: z.boolean(),
  sortBy: z.enum(SEARCH_SORTS).default('relevance'),
  summary: z.string().nullable(),
  includeSummary: z.boolean(),
  isSummaryLoading: z.boolean(),
  summaryError: z.string().nullable(),
});
export type TSearchState = z.infer<typeof ZSearchState>;

export const ZSearchSummaryRequest = z.object({
  query: z.string().trim().min(1),
  papers: z.array(ZPaper).max(100),
  summary_type: z.enum(SUMMARY_TYPES).default('full'),
});

export const ZSearchSummaryResponse = z.object({
  summary: z.string(),
  /** 'model' when an LLM wrote it, 'extractive' when built from the papers' own sentences offline. */
  source: ZAnswerSource,
});
