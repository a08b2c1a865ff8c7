import { z } from 'zod';
import { ZAnswerSource, ZFolderId, zText } from './common';

/** docs/grants.md: a funded award (NIH, NSF, NEH, USAspending…) or an open or forecasted call (Grants.gov). */
export const GRANT_KINDS = ['award', 'opportunity'] as const;
export const ZGrantKind = z.enum(GRANT_KINDS);
export type TGrantKind = z.infer<typeof ZGrantKind>;

export const GRANT_SORTS = ['relevance', 'amount', 'date'] as const;
export const ZGrantSort = z.enum(GRANT_SORTS);
export type TGrantSort = z.infer<typeof ZGrantSort>;

/**
 * docs/grants.md#example-queries: the topics the grants page offers to try, one per field of the shipped
 * sample (health, computing, earth and physical sciences, behaviour, education, humanities); each finds
 * awards in it (grant-relevance.test.ts checks).
 */
export const GRANT_EXAMPLE_QUERIES = [
  'cancer',
  'machine learning',
  'climate change',
  'materials science',
  'substance use',
  'early childhood education',
  'oral history',
  'digital humanities',
] as const;

/** Largest page of grant results. */
export const GRANT_SEARCH_MAX_LIMIT = 50;

/** A calendar date, YYYY-MM-DD. */
const ZGrantDate = zText().date('a date must be a real calendar date, YYYY-MM-DD');

const ZAmount = z
  .number({ invalid_type_error: 'an amount must be a number' })
  .min(0, 'an amount must not be negative')
  .max(1e15, 'an amount must be at most 1e15');

/**
 * docs/grants.md#search: full-text search over grant titles, abstracts and keywords. The query may be blank
 * only when folder_id asks for "grants like this folder" (the query is then built from the folder's papers).
 */
export const ZGrantSearchRequest = z
  .object({
    /** Web-search syntax: "quoted phrase", OR, -excluded. Trimmed; may be empty only with folder_id. */
    query: zText().trim().max(500, 'query must be at most 500 characters').default(''),
    /** Only awards or only opportunities; absent means both. */
    kind: ZGrantKind.optional(),
    /** Only grants of any of these agencies (exact names as the agency facet lists them). */
    agencies: z
      .array(zText({ trim: true, min: 1, max: 200, label: 'agency' }))
      .max(20, 'at most 20 agencies')
      .optional(),
    /** Least amount in the grant's currency (inclusive); grants without an amount are then left out. */
    amount_min: ZAmount.optional(),
    /** Greatest amount (inclusive); grants without an amount are then left out. */
    amount_max: ZAmount.optional(),
    /** Only grants starting (awards) or opening (opportunities) on or after this date. */
    date_from: ZGrantDate.optional(),
    /** Only grants starting or opening on or before this date. */
    date_to: ZGrantDate.optional(),
    /** Words of the organisation's name (case-insensitive substring). */
    organisation: zText({ trim: true, min: 1, max: 200, label: 'organisation' }).optional(),
    /** Words of the principal investigator's name (case-insensitive substring). */
    pi: zText({ trim: true, min: 1, max: 200, label: 'pi' }).optional(),
    /** "Grants like this folder": search with the folder's most distinctive words (ORed with query). */
    folder_id: ZFolderId.optional(),
    /** relevance (default), amount (largest first) or date (newest first). */
    sort: ZGrantSort.default('relevance'),
    limit: z.number().int().min(1).max(GRANT_SEARCH_MAX_LIMIT).default(20),
    offset: z.number().int().min(0).max(10_000).default(0),
  })
  // An empty query lists every open call (the Open calls tab); awards are too many to list without words.
  .refine(({ query, folder_id, kind }) => query.length > 0 || folder_id !== undefined || kind === 'opportunity', {
    message: 'query must not be empty (unless folder_id asks for grants like a folder, or kind is opportunity)',
    path: ['query'],
  })
  .refine(
    ({ amount_min, amount_max }) => amount_min === undefined || amount_max === undefined || amount_min <= amount_max,
    {
      message: 'amount_min must not be greater than amount_max',
      path: ['amount_min'],
    },
  )
  .refine(({ date_from, date_to }) => !date_from || !date_to || date_from <= date_to, {
    message: 'date_from must not be after date_to',
    path: ['date_from'],
  });
export type TGrantSearchRequest = z.infer<typeof ZGrantSearchRequest>;
export type TGrantSearchRequestInput = z.input<typeof ZGrantSearchRequest>;

export const ZGrant = z.object({
  /** Stable id: `<source>:<source id>`, e.g. nsf:1900123. */
  id: zText(),
  /** nih | nsf | grantsgov | neh | usaspending | federal_reporter. */
  source: zText(),
  kind: ZGrantKind,
  title: zText(),
  abstract: zText().nullable(),
  agency: zText(),
  organisation: zText().nullable(),
  /** Principal investigator(s), as the source names them, joined by "; ". */
  pi: zText().nullable(),
  amount: z.number().nullable(),
  /** ISO 4217, e.g. USD. */
  currency: zText(),
  /** YYYY-MM-DD: an award's start, an opportunity's open date. */
  start_date: zText().nullable(),
  end_date: zText().nullable(),
  /** YYYY-MM-DD: an opportunity's closing date; null for awards. */
  close_date: zText().nullable(),
  keywords: z.array(zText()),
  url: zText().nullable(),
  /** Full-text relevance; higher is better, comparable within one response only. */
  score: z.number(),
  /**
   * An opportunity's state on the server's today (UTC): 'open' (no deadline yet passed), 'closed' (its
   * close_date is past), 'forecast' (opens later); null for awards.
   */
  call_status: z.enum(['open', 'closed', 'forecast']).nullable(),
});
export type TGrant = z.infer<typeof ZGrant>;

export const ZFacetCount = z.object({ value: zText(), count: z.number().int() });
export type TFacetCount = z.infer<typeof ZFacetCount>;

export const ZGrantSearchResponse = z.object({
  results: z.array(ZGrant),
  /** Grants matching the query and filters (all pages). */
  total: z.number().int(),
  /** Counts over the filtered set (all pages), largest first. */
  facets: z.object({ kind: z.array(ZFacetCount), agency: z.array(ZFacetCount) }),
  /** Related terms the model added to the query (ORed in); empty without a model. */
  expanded_terms: z.array(zText()),
  /** 'model' when a model expanded the query, 'extractive' otherwise. */
  mode: ZAnswerSource,
  /**
   * docs/grants.md#partial-matches: 'all' when the results hold every concept of the query (or the query
   * has one, or uses operators); 'partial' when fewer than a few grants do, so grants holding some of them
   * are shown too, ranked by how many and how rare the concepts they hold are.
   */
  match: z.enum(['all', 'partial']),
  /** With match 'partial': the query's concepts, how many grants hold all of them, and those the results hold. */
  partial: z
    .object({
      concepts: z.array(zText()),
      /** Grants (with the filters) holding every concept. */
      all_count: z.number().int(),
      /** The concepts the shown grants hold, the most-held first. */
      showing: z.array(zText()),
    })
    .nullable(),
  /** A sentence to show above the results when they are partial matches; null otherwise. */
  notice: zText().nullable(),
  /** Words learned from the grants' own texts as related to the query (co-occurrence), ranked below its words. */
  related_terms: z.array(zText()),
  /** Grants stored of each kind, whatever the query: 0 opportunities means no open calls were fetched. */
  stored: z.object({ award: z.number().int(), opportunity: z.number().int() }),
});
export type TGrantSearchResponse = z.infer<typeof ZGrantSearchResponse>;
