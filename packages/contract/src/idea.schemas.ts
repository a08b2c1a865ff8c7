import { z } from 'zod';
import { ZAnswerSource, ZRowId, ZTimestamp, zText } from './common';
import { ZFileSelection } from './folder.schemas';
import { ZPaperRef } from './paper.schemas';

/** spec §3 Idea proposal (AI Scientist page). Proposals are stored so they can be expanded later. */
export const ZIdeaProposal = z.object({
  id: ZRowId,
  title: zText(),
  /** The gap or question the idea addresses. */
  problem: zText(),
  /** How to attack it. */
  approach: zText(),
  /** What is new compared with the source papers. */
  novelty: zText(),
  /** How to test it: data, baselines, metrics. */
  experiments: zText(),
  /** The papers it was drawn from. */
  based_on: z.array(ZPaperRef),
  source: ZAnswerSource,
  created_at: ZTimestamp,
});
export type TIdeaProposal = z.infer<typeof ZIdeaProposal>;

export const ZGenerateIdeasRequest = z.object({
  /** Research area or question to generate ideas for. */
  topic: zText().trim().min(1, 'topic must not be empty').max(2000),
  /** Papers to build on; omitted means the files currently selected in the File List. */
  selected_files: ZFileSelection.optional(),
  count: z.number().int().min(1).max(10).default(3),
});
export type TGenerateIdeasRequest = z.infer<typeof ZGenerateIdeasRequest>;

export const ZGenerateIdeasResponse = z.object({ ideas: z.array(ZIdeaProposal) });

export const ZExpandIdeaRequest = z.object({ id: ZRowId });

/** An idea worked out into a short research plan (markdown). */
export const ZExpandedIdea = ZIdeaProposal.extend({ plan: zText() });
export type TExpandedIdea = z.infer<typeof ZExpandedIdea>;
