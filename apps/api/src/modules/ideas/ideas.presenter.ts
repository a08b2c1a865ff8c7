import {
  type TIdeaProposal,
  ZIdeaEvidence,
  ZIdeaPaper,
  ZIdeaScores,
  ZNoveltyCheck,
  ZResearchPlan,
} from '@paperbench/contract';
import { z } from 'zod';
import type { IdeaRow } from './ideas.repo';

/** The `idea` jsonb column: the proposal's fields, as the service wrote them. */
export const ZStoredIdea = z.object({
  problem: z.string(),
  approach: z.string(),
  novelty: z.string(),
  experiments: z.string(),
  risks: z.string(),
  based_on: z.array(ZIdeaPaper),
  scores: ZIdeaScores.nullable(),
  evidence: z.array(ZIdeaEvidence),
});
export type TStoredIdea = z.infer<typeof ZStoredIdea>;

/** A saved row as the contract's proposal; the jsonb columns are parsed, not trusted. */
export function presentIdea(row: IdeaRow): TIdeaProposal {
  const idea = ZStoredIdea.parse(row.idea);
  return {
    id: row.id,
    topic: row.topic,
    title: row.title,
    ...idea,
    source: row.source === 'model' ? 'model' : 'extractive',
    novelty_check: ZNoveltyCheck.parse(row.noveltyCheck),
    plan: row.plan ? ZResearchPlan.parse(row.plan) : null,
    created_at: row.createdAt.toISOString(),
    expanded_at: row.expandedAt?.toISOString() ?? null,
  };
}
