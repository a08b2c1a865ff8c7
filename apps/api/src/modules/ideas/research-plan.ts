import type { TIdeaProposal, TResearchPlan } from '@paperbench/contract';
import { z } from 'zod';
import type { AiModel } from '../../ai/model';
import { splitSentences } from '../../ai/text/sentences';
import { bestQuote } from '../conversational/grounded-text';
import { NOVELTY_LABEL_TEXT } from './novelty-check';
import { keepVerifiedSentences } from './verified-text';

/**
 * docs/ideas.md#research-plan: an idea worked out into experiments, baselines, risks and related
 * work. Related work cites the idea's nearest corpus papers by their number, and every such sentence
 * goes through the checker; offline the plan is assembled from the idea and those papers' own words.
 */

/** A nearest paper with what the plan may say about it: its title and abstract. */
export interface PlanPaper {
  n: number;
  title: string;
  text: string;
}

const item = z.string().trim().min(1).max(1_000);
export const ZModelPlan = z.object({
  summary: z.string().trim().min(1).max(2_000),
  experiments: z.array(item).min(1).max(8),
  baselines: z.array(item).max(8),
  risks: z.array(item).min(1).max(8),
  related_work: z.array(z.object({ n: z.number().int(), text: item })).max(10),
});

const ideaBrief = (idea: TIdeaProposal) =>
  [
    `Title: ${idea.title}`,
    `Problem: ${idea.problem}`,
    `Approach: ${idea.approach}`,
    `Novelty: ${idea.novelty}`,
    `Experiments: ${idea.experiments}`,
    `Risks: ${idea.risks}`,
  ].join('\n');

export async function modelPlan(
  ai: AiModel,
  idea: TIdeaProposal,
  papers: readonly PlanPaper[],
  abortSignal?: AbortSignal,
): Promise<TResearchPlan> {
  const plan = await ai.generateObject({
    schema: ZModelPlan,
    name: 'research_plan',
    system: [
      'You turn a research idea into a concrete research plan, in whatever discipline the idea belongs to.',
      'Give: a summary; experiments (each a step with its material or data and its measure); baselines (what to compare with); risks (with a mitigation each); related_work: for the numbered papers that matter, one sentence each on what that paper does, ending with its number in brackets, e.g. [2].',
      'Say about a paper only what its text below says. Cite only the numbers listed.',
      '',
      'Closest existing papers:',
      papers.map((paper) => `[${paper.n}] ${paper.title}\n${paper.text}`).join('\n\n') || '(none)',
    ].join('\n'),
    prompt: `${ideaBrief(idea)}\n\nWrite the research plan.`,
    abortSignal,
  });
  const passages = new Map(papers.map((paper) => [paper.n, `${paper.title}. ${paper.text}`]));
  const related_work = plan.related_work.flatMap(({ n, text }) => {
    if (!passages.has(n)) return [];
    // A related-work sentence is a claim about paper n: it must cite it and pass the checker.
    const cited = /\[\d+(?:\s*,\s*\d+)*\]/.test(text) ? text : `${text.replace(/\s+$/, '')} [${n}]`;
    const verified = keepVerifiedSentences(cited, passages);
    return verified.text && verified.unsupported.length === 0 ? [{ n, text: verified.text }] : [];
  });
  const uncited = (text: string) => keepVerifiedSentences(text, passages).text;
  return {
    source: 'model',
    summary: uncited(plan.summary),
    experiments: plan.experiments.map(uncited).filter(Boolean),
    baselines: plan.baselines.map(uncited).filter(Boolean),
    risks: plan.risks.map(uncited).filter(Boolean),
    related_work,
  };
}

const sentencesOf = (text: string) =>
  splitSentences(text)
    .map((sentence) => sentence.text.trim())
    .filter(Boolean);

/** Offline: the idea's own words and the nearest papers' own sentences, labelled extractive. */
export function extractivePlan(idea: TIdeaProposal, papers: readonly PlanPaper[]): TResearchPlan {
  const check = idea.novelty_check;
  const closest = check.nearest[0];
  const risks = sentencesOf(idea.risks);
  if (closest && check.label !== 'likely_novel') {
    risks.push(
      `The nearest paper, “${closest.title}” [${closest.n}], is close (similarity ${closest.similarity.toFixed(2)}, ` +
        `${NOVELTY_LABEL_TEXT[check.label]}): check that it does not already do this.`,
    );
  }
  const wanted = [idea.title, idea.problem, idea.approach];
  return {
    source: 'extractive',
    summary: `Assembled without a model from the idea and its ${papers.length} nearest papers among the ${check.searched} searched.`,
    experiments: sentencesOf(idea.experiments),
    baselines: papers.slice(0, 3).map((paper) => `The approach of “${paper.title}” [${paper.n}].`),
    risks,
    related_work: papers
      .filter((paper) => paper.text.trim().length > 0)
      .map((paper) => ({ n: paper.n, text: `${bestQuote(paper.text, wanted)} [${paper.n}]` })),
  };
}
