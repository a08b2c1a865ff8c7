import { z } from 'zod';
import { MAX_PAGE_LIMIT, ZBooleanQuery } from './common';
import { ZPaper } from './paper.schemas';

export const ZRecommendationQuery = z.object({
  /** How many papers to return (default 10). */
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
  /** Leave out papers already in the user's (or the folder's) files. 'false' means false. */
  exclude_existing: ZBooleanQuery.default(true),
});
export type TRecommendationQuery = z.infer<typeof ZRecommendationQuery>;

export const ZRecommendation = ZPaper.extend({
  /** Similarity to the user's or folder's papers, 0..1; higher is better. */
  score: z.number(),
  /** Why it was recommended, e.g. 'Shares categories cs.CL with 3 of your papers'. */
  reason: z.string(),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZRecommendationsResponse = z.object({ papers: z.array(ZRecommendation) });
export type TRecommendationsResponse = z.infer<typeof ZRecommendationsResponse>;
