import { type TIdeaProposal, ZIdeaProposal, ZNoveltyCheck, ZResearchPlan } from '@paperbench/contract';
import type { z } from 'zod';
import type { IdeaRow } from './ideas.repo';

/** The `idea` jsonb column: the proposal's fields, as the service wrote them. */
export const ZStoredIdea = ZIdeaProposal.pick({
  problem: true,
  approach: true,
  novelty: true,
  experiments: true,
  risks: true,
  based_on: true,
  scores: true,
  evidence: true,
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
