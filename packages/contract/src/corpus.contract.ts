import { z } from 'zod';
import { c, ZTimestamp, zText } from './common';
import { ZDay } from './feed.schemas';

/**
 * docs/ingest.md#freshness: how big and how fresh the corpus is, so every "recent" list can say when
 * it is a frozen offline sample instead of passing old papers off as news.
 */
export const ZCorpusStatus = z.object({
  /** Papers in the corpus (uploads not counted): counted on each request up to 100,000; above that an exact count kept by the server, at most a minute old. */
  papers: z.number().int().nonnegative(),
  /** Whether `papers` is such a kept count (large corpora; the web app writes it rounded). */
  papers_estimated: z.boolean(),
  /** The newest published date not after today, YYYY-MM-DD; null when no paper is dated. */
  newest_published: ZDay.nullable(),
  /** When papers last arrived: the last successful harvest or import; null when neither ever ran. */
  updated_at: ZTimestamp.nullable(),
  /** Whether the daily arXiv harvest is configured (HARVEST_SETS not empty). */
  harvesting: z.boolean(),
  /** No harvest configured or none succeeded yet, and the newest paper is over 30 days old: the corpus will not move. */
  frozen: z.boolean(),
  /** One sentence for the operator: how this corpus is kept fresh, or what to do to keep it fresh. */
  refresh_hint: zText(),
});
export type TCorpusStatus = z.infer<typeof ZCorpusStatus>;

/** Extensions: the corpus's size and freshness (listed in EXTENSIONS, spec-endpoints.ts). */
export const corpusContract = c.router({
  status: {
    method: 'GET',
    path: '/api/corpus/status',
    responses: { 200: ZCorpusStatus },
    summary: 'How many papers the corpus holds, how new they are, and whether anything keeps them fresh',
    description: 'Public. Names the configured harvest sets but never the harvest endpoint.',
  },
});
