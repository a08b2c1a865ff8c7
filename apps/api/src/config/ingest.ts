import { z } from 'zod';
import { splitList, zFlag, zOptional } from './fields';

/**
 * arXiv's top-level OAI-PMH sets: together, all of arXiv (physics holds astro-ph, cond-mat, hep-th, …
 * as sub-sets). docs/ingest.md#freshness: the daily harvest keeps them all fresh unless told otherwise.
 */
export const ARXIV_TOP_LEVEL_SETS = ['cs', 'econ', 'eess', 'math', 'physics', 'q-bio', 'q-fin', 'stat'] as const;

/**
 * HARVEST_SETS: unset means every top-level set; an explicit empty value (`HARVEST_SETS=`) means none,
 * which switches the harvest off. ZList cannot tell the two apart (its default is ''), hence its own rule.
 */
const ZHarvestSets = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? [...ARXIV_TOP_LEVEL_SETS] : splitList(value)));

/** Keeping the corpus fresh (docs/ingest.md), grant sources, scheduled jobs and the work queue. */
export const ingestEnv = {
  // Keeping the corpus fresh from arXiv (docs/ingest.md).
  /** arXiv's OAI-PMH endpoint (tests point it at a local server replaying real responses). */
  ARXIV_OAI_BASE_URL: z.string().url().default('https://oaipmh.arxiv.org/oai'),
  /** arXiv's API (Atom) endpoint, for fetching single papers the corpus lacks. */
  ARXIV_API_BASE_URL: z.string().url().default('https://export.arxiv.org/api/query'),
  /** Least time between two requests to arXiv (arXiv asks for at most one every 3 seconds). */
  ARXIV_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  /** OAI-PMH sets the daily harvest keeps fresh, e.g. `cs,stat,math`; unset: all of arXiv; empty switches harvesting off. */
  HARVEST_SETS: ZHarvestSets,
  /** Fetch a paper from the arXiv API when a user opens or adds one the corpus lacks. */
  ARXIV_FETCH_MISSING: zFlag(true),
  /**
   * docs/uploads.md#crossref: Crossref's REST API (e.g. `https://api.crossref.org`), asked for the record of a DOI
   * an uploaded PDF prints that the corpus lacks; unset (the default) asks nobody.
   */
  CROSSREF_BASE_URL: zOptional(z.string().url()),
  /** Least time between two requests to Crossref (paced like arXiv, across replicas). */
  CROSSREF_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  // docs/security.md#outbound-requests-to-arxiv (polite to arXiv): requests waiting for an arXiv slot, in this process and as
  // time ahead in the schedule all replicas share; one more is refused with 503 and Retry-After.
  ARXIV_MAX_WAITING: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * docs/ai.md#full-text-and-passages: fetch the PDFs of arXiv and ACL papers users work with (through the PDF proxy's
   * cache, on the work queue) to read their full text; off, those papers keep status 'none'.
   */
  FULL_TEXT_FETCH: zFlag(true),

  // docs/references.md#openalex: optional online enrichment of reference lists and cited-by; unset = off.
  /** OpenAlex API base, e.g. https://api.openalex.org; unset (the default) keeps Paperbench offline for references. */
  OPENALEX_BASE_URL: zOptional(z.string().url()),
  /** Least time between two requests to OpenAlex (its polite pool asks for at most 10 a second). */
  OPENALEX_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(200),

  // docs/grants.md: the grant sources of `pnpm ingest grants` (tests point them at local servers replaying real responses).
  /** NIH RePORTER API (POST /v2/projects/search). */
  NIH_REPORTER_BASE_URL: z.string().url().default('https://api.reporter.nih.gov'),
  /** NSF Award Search API (GET /services/v1/awards.json). */
  NSF_AWARDS_BASE_URL: z.string().url().default('https://api.nsf.gov'),
  /** Grants.gov Applicant API (POST /v1/api/search2). */
  GRANTS_GOV_BASE_URL: z.string().url().default('https://api.grants.gov'),

  // Scheduled jobs (harvest, digests): every API process runs the scheduler; job_runs claims a slot once.
  JOBS_ENABLED: zFlag(true),
  /** How often the scheduler looks for due work, in milliseconds. */
  JOBS_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** UTC hour after which the daily harvest and the digests of the day run. */
  DAILY_JOBS_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),

  // docs/queue.md (queue): the durable work queue (jobs/queue) and the limits of PDF text extraction.
  /** How often every process polls queue_jobs for due work (an enqueue also wakes its own process at once). */
  QUEUE_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Jobs one process runs at once, all kinds together (each kind may allow fewer). */
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Finished (done or failed) queue_jobs rows are deleted after this many days. */
  QUEUE_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
  /** PDFs one process extracts at once, each on its own worker thread. */
  EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Heap cap of one extraction worker thread, in MB: a PDF needing more fails with that reason. */
  EXTRACTION_MAX_HEAP_MB: z.coerce.number().int().min(16).default(512),
  /** Wall-clock budget of one document's extraction: past it the worker is terminated and the PDF fails. */
  EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** A PDF that declares more pages than this is refused before any page is read. */
  EXTRACTION_MAX_PAGES: z.coerce.number().int().min(1).default(2000),
  /** A PDF whose text is longer than this many characters is refused (not truncated). */
  EXTRACTION_MAX_TEXT_CHARS: z.coerce.number().int().min(1000).default(5_000_000),
  /** Inflated bytes a PDF's compressed streams may add up to (flate bombs), checked before pdf.js parses it. */
  EXTRACTION_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(256 * 1024 * 1024),
};
