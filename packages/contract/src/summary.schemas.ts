import { z } from 'zod';
import { ZAnswerSource, ZFolderId, ZTimestamp, zText } from './common';
import { ZCitationCheck, ZCitedPassage } from './stream.schemas';

/**
 * What makes a summary checkable (docs/ai.md#summaries): the numbered passages its `[n]` cite, the
 * deterministic checker's verdict on those citations, and whether it abstained (nothing to summarise).
 */
export const ZSummaryGrounding = z.object({
  /** The passages the summary may cite, numbered as it cites them. */
  passages: z.array(ZCitedPassage),
  citations: ZCitationCheck,
  /** True when the summary is the fixed sentence saying there is nothing to summarise from. */
  abstained: z.boolean(),
});
export type TSummaryGrounding = z.infer<typeof ZSummaryGrounding>;

/**
 * ?source= of GET /api/folders/{id}/summary: `papers` (default), the cached overview of the folder's
 * papers; `highlights`, the caller's own highlights on them, summarised now and never cached (it is theirs
 * alone: docs/ai.md#my-highlights).
 */
export const ZFolderSummaryQuery = z.object({ source: z.enum(['papers', 'highlights']).optional() });

/** Response of GET /api/folders/{id}/summary and POST /api/folders/{id}/summary/regenerate. */
export const ZFolderSummary = z
  .object({
    folder_id: ZFolderId,
    /** Markdown text; empty for an empty folder. */
    summary: zText(),
    source: ZAnswerSource,
    generated_at: ZTimestamp,
    /** The folder's papers changed since the summary was written: POST …/summary/regenerate rewrites it. */
    stale: z.boolean(),
  })
  .extend(ZSummaryGrounding.shape);
export type TFolderSummary = z.infer<typeof ZFolderSummary>;
