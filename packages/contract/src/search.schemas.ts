import { z } from 'zod';
import { ZAnswerSource, zText } from './common';
import { ZPaper } from './paper.schemas';
import { ZSummaryGrounding } from './summary.schemas';

export const SEARCH_SORTS = ['relevance', 'date'] as const;
export const SUMMARY_TYPES = ['full', 'brief'] as const;
export const SEARCH_INDEXES = ['rum', 'gin'] as const;
export const JUMP_KINDS = ['arxiv_id', 'arxiv_url', 'doi'] as const;
/**
 * Why a named paper was not opened: the corpus lacks it and fetching is off or impossible (a DOI that
 * is not arXiv's), an anonymous caller (only signed-in users cause fetches), arXiv does not know the
 * id, or arXiv could not be reached.
 */
export const JUMP_MISSING = ['not_in_corpus', 'sign_in_to_fetch', 'not_on_arxiv', 'arxiv_unreachable'] as const;
export type TJumpMissing = (typeof JUMP_MISSING)[number];

/**
 * An arXiv category (cs.CL, math.AG, astro-ph.CO, cond-mat.stat-mech) or a whole archive (cs, math,
 * hep-th), which matches every category of that archive. Matched case-insensitively.
 */
export const ZCategoryFilter = zText()
  .trim()
  .max(40, 'a category must be at most 40 characters')
  .regex(/^[A-Za-z][A-Za-z-]*(\.[A-Za-z][A-Za-z-]*)?$/, 'a category looks like cs.CL, or an archive such as math');

/** A calendar date, YYYY-MM-DD. */
const ZCalendarDate = zText().date('a date must be a real calendar date, YYYY-MM-DD');

/** requirements §3 Search request, plus category and date filters and the sort. */
export const ZSearchRequest = z
  .object({
    /** Web-search syntax: "quoted phrase", OR, -excluded. Trimmed; must not be blank. */
    query: zText().trim().min(1, 'query must not be empty').max(500, 'query must be at most 500 characters'),
    /** requirements §9 default 30. */
    limit: z.number().int().min(1).max(100).default(30),
    /** Rows to skip, for paging through results. */
    offset: z.number().int().min(0).max(10_000).default(0),
    /** Ask for an AI summary of the results (produced by POST /api/search-summary/). */
    include_summary: z.boolean().default(false),
    /** requirements §9 default 'full'. */
    summary_type: z.enum(SUMMARY_TYPES).default('full'),
    /** relevance (default, requirements §3 sortBy) or date (newest first). */
    sort: z.enum(SEARCH_SORTS).default('relevance'),
    /** Only papers in any of these categories or archives; empty or absent means every category. */
    categories: z.array(ZCategoryFilter).max(20, 'at most 20 categories').optional(),
    /** Only papers published on or after this date (inclusive). */
    from: ZCalendarDate.optional(),
    /** Only papers published on or before this date (inclusive). */
    to: ZCalendarDate.optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type TSearchRequest = z.infer<typeof ZSearchRequest>;
/** What a client may send: defaults (limit, offset, sort) filled in by the server. */
export type TSearchRequestInput = z.input<typeof ZSearchRequest>;

/**
 * Where the query matched, as [start, end) offsets (UTF-16 code units, as JavaScript indexes strings)
 * into the hit's own title and abstract, so clients can mark them without parsing HTML.
 */
export const ZSearchHighlights = z.object({
  title: z.array(z.tuple([z.number().int(), z.number().int()])),
  abstract: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type TSearchHighlights = z.infer<typeof ZSearchHighlights>;

export const ZSearchHit = ZPaper.extend({
  /** Full-text relevance score; higher is better. Comparable within one response only. */
  score: z.number(),
  highlights: ZSearchHighlights,
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResponse = z.object({
  query: zText(),
  sort: z.enum(SEARCH_SORTS),
  /** Number of papers matching the query (all pages). */
  total: z.number().int(),
  /**
   * docs/search.md#totals: `total` is the database's estimate, not a count. Only on a corpus past
   * 100,000 papers: for a query planned to match more than 20,000 of them (counting those would read
   * most of the table), and for words alone (or, with RUM, a lone quoted phrase) that the full-text
   * index finds in more than 5,000 (its own count, which includes rows not yet vacuumed); clients say
   * "about". False for every smaller total.
   */
  total_estimated: z.boolean(),
  results: z.array(ZSearchHit),
  /**
   * When nothing matched: the query with its misspelt words replaced by the closest words of the
   * corpus titles, and how many papers that query finds (with the same filters). Null otherwise.
   */
  did_you_mean: z.object({ query: zText(), total: z.number().int() }).nullable(),
  /**
   * docs/search.md#syntax: the author the results are narrowed to, from `author:` or from a query that
   * reads as a name of an author of the corpus ("Yoshua Bengio"); null otherwise.
   */
  author: zText().nullable(),
  /**
   * docs/search.md#ranking: how the list was ordered. By relevance, the first `ranked` matches (at
   * most 1,000; 200 with 'rum', whose order already is the rank) are ranked in full: the query as a title phrase, the words as typed, the stemmed rank;
   * past them results follow the index's order. With index 'rum' those are the top matches by rank,
   * taken straight from the index; with 'gin' they are all the matches when they fit, else the newest
   * 1,000. 0 when sorted by date.
   */
  ranking: z.object({ index: z.enum(SEARCH_INDEXES), ranked: z.number().int() }),
  /**
   * docs/search.md#jumps: the query named one paper (an arXiv id, an arXiv URL, a DOI). Found: `paper`
   * is it and the only result, and clients open it. Not found: `paper` is null, `missing` says why, and
   * the query was searched as words. Null for word queries.
   */
  jump: z
    .object({ via: z.enum(JUMP_KINDS), paper: ZPaper.nullable(), missing: z.enum(JUMP_MISSING).nullable() })
    .nullable(),
  /**
   * The AI summary when one was produced. Search itself never calls a model: summaries come from
   * POST /api/search-summary/, so this is null here.
   */
  summary: zText().nullable(),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const SUGGESTION_KINDS = ['query', 'title'] as const;

export const ZSearchSuggestionsQuery = z.object({
  /** What the user has typed so far; blank or absent asks for the most popular queries. */
  q: zText().trim().max(200, 'q must be at most 200 characters').optional(),
});

export const ZSearchSuggestion = z.object({
  text: zText(),
  /** 'query': a popular search of other users; 'title': the title of a paper in the corpus. */
  kind: z.enum(SUGGESTION_KINDS),
});
export type TSearchSuggestion = z.infer<typeof ZSearchSuggestion>;

export const ZSearchSuggestionsResponse = z.object({ suggestions: z.array(ZSearchSuggestion) });

/** The arXiv archives (cs, math, hep-th) present in the corpus, with their categories and paper counts. */
export const ZSearchCategoriesResponse = z.object({
  archives: z.array(
    z.object({
      archive: zText(),
      /** Papers with at least one category of this archive. */
      count: z.number().int(),
      categories: z.array(z.object({ category: zText(), count: z.number().int() })),
    }),
  ),
});
export type TSearchCategories = z.infer<typeof ZSearchCategoriesResponse>;

/** requirements §3 Search state: what the search results screen keeps between renders. */
export const ZSearchState = z.object({
  query: zText(),
  results: z.array(ZSearchHit),
  hasSearched: z.boolean(),
  sortBy: z.enum(SEARCH_SORTS).default('relevance'),
  summary: zText().nullable(),
  includeSummary: z.boolean(),
  isSummaryLoading: z.boolean(),
  summaryError: zText().nullable(),
});
export type TSearchState = z.infer<typeof ZSearchState>;

export const ZSearchSummaryRequest = z.object({
  query: zText().trim().min(1),
  /** The results to summarise, in result order; the first SEARCH_SUMMARY_PAPERS are read. */
  papers: z.array(ZPaper).max(100),
  /** 'brief': 2-3 sentences; 'full': a paragraph or two. */
  summary_type: z.enum(SUMMARY_TYPES).default('full'),
});
export type TSearchSummaryRequest = z.infer<typeof ZSearchSummaryRequest>;

/** How many of the top results a search summary reads (docs/ai.md#summaries). */
export const SEARCH_SUMMARY_PAPERS = 10;

/**
 * A cited synthesis of the results' abstracts: `[n]` cites the abstract of the n-th paper sent (the
 * n-th result card), and `passages` holds those abstracts under the same numbers.
 */
export const ZSearchSummaryResponse = z
  .object({
    summary: zText(),
    /** 'model' when an LLM wrote it, 'extractive' when built from the papers' own sentences offline. */
    source: ZAnswerSource,
  })
  .extend(ZSummaryGrounding.shape);
export type TSearchSummary = z.infer<typeof ZSearchSummaryResponse>;
