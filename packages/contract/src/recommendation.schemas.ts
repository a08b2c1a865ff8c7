import { z } from 'zod';
import { MAX_PAGE_LIMIT, ZBooleanQuery, zText } from './common';
import { ZPaper } from './paper.schemas';

export const ZRecommendationQuery = z.object({
  /** How many papers to return (default 10). */
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
  /** Leave out papers already in the user's (or the folder's) files. 'false' means false. */
  exclude_existing: ZBooleanQuery.default(true),
});
export type TRecommendationQuery = z.infer<typeof ZRecommendationQuery>;

/** One of the user's kept papers that a recommendation resembles. */
export const ZSimilarPaper = z.object({
  paper_id: zText(),
  platform: zText(),
  title: zText(),
});
export type TSimilarPaper = z.infer<typeof ZSimilarPaper>;

export const ZRecommendation = ZPaper.extend({
  /** Cosine similarity (tf-idf over titles and abstracts) to the user's or folder's papers, 0..1; higher is better. */
  score: z.number().min(0).max(1),
  /** Why it was recommended, e.g. 'Close to “Attention is all you need” and 2 more of your papers: shares transformer, attention'. */
  reason: zText(),
  /** The 1-3 kept papers it shares the most weighted terms with, closest first. */
  similar_to: z.array(ZSimilarPaper),
  /** The words it shares with them, most telling first (surface forms as they appear in its text). */
  shared_terms: z.array(zText()),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZRecommendationsResponse = z.object({ papers: z.array(ZRecommendation) });
export type TRecommendationsResponse = z.infer<typeof ZRecommendationsResponse>;
