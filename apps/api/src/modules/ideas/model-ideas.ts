import { z } from 'zod';
import type { AiModel } from '../../ai/model';
import type { BasisPaper, IdeaDraft } from './idea-drafts';
import { keepVerifiedSentences } from './verified-text';

/**
 * docs/ideas.md#with-a-model: the ideas are one structured answer (ai.generateObject: zod-validated,
 * one repair retry), built on the numbered basis papers. The prompt names no field of research: the
 * same words serve a historian and a chemist.
 */

const field = (max: number) => z.string().trim().min(1).max(max);
const score = z.number().int().min(1).max(10);

export const ZModelIdea = z.object({
  title: field(200),
  problem: field(2_000),
  approach: field(2_000),
  novelty: field(2_000),
  experiments: field(2_000),
  risks: field(2_000),
  based_on: z.array(z.number().int()).max(20),
  scores: z.object({ interest: score, feasibility: score, novelty: score }),
});
export const ZModelIdeas = z.object({ ideas: z.array(ZModelIdea).min(1).max(10) });

export const numberedBasis = (basis: readonly BasisPaper[]) =>
  basis.map((paper) => `[${paper.n}] ${paper.title}\n${paper.text}`).join('\n\n');

export function ideasSystemPrompt(basis: readonly BasisPaper[], count: number): string {
  return [
    'You help researchers of any discipline find new research ideas, using the numbered papers below as the state of the art.',
    `Propose ${count} distinct ideas on the researcher's topic. For each idea give:`,
    '- title: a short name for the idea;',
    '- problem: the gap or open question it addresses;',
    '- approach: how to attack it;',
    '- novelty: what is new compared with the numbered papers;',
    '- experiments: how to test it (material or data, comparisons, measures), as the discipline does it;',
    '- risks: what could make it fail;',
    '- based_on: the numbers of the papers it builds on;',
    '- scores: interest, feasibility and novelty, each an integer from 1 (low) to 10 (high).',
    'When a sentence states what a paper says or found, put its number in square brackets right after the sentence, e.g. [2], and say only what that paper says. Cite only the numbers listed. Never invent results, figures or references.',
    '',
    'Papers:',
    numberedBasis(basis),
  ].join('\n');
}

/** The model's ideas, at most `count`: based_on limited to the basis, and every cited sentence checked. */
export async function modelIdeaDrafts(
  ai: AiModel,
  { topic, count, basis }: { topic: string; count: number; basis: readonly BasisPaper[] },
  abortSignal: AbortSignal,
): Promise<{ drafts: IdeaDraft[]; supported: number[]; unsupported: number[] }> {
  const reply = await ai.generateObject({
    schema: ZModelIdeas,
    name: 'research_ideas',
    system: ideasSystemPrompt(basis, count),
    prompt: `Topic: ${topic}\nPropose ${count} research ideas on this topic.`,
    abortSignal,
  });
  const passages = new Map(basis.map((paper) => [paper.n, `${paper.title}. ${paper.text}`]));
  const supported = new Set<number>();
  const unsupported = new Set<number>();
  const check = (text: string) => {
    const verified = keepVerifiedSentences(text, passages);
    for (const n of verified.supported) supported.add(n);
    for (const n of verified.unsupported) unsupported.add(n);
    return verified.text;
  };
  const checked = reply.ideas.slice(0, count).map((idea): IdeaDraft => {
    const texts = {
      problem: check(idea.problem),
      approach: check(idea.approach),
      novelty: check(idea.novelty),
      experiments: check(idea.experiments),
      risks: check(idea.risks),
    };
    // Unknown numbers are dropped; a paper the idea's texts cite is one it builds on.
    const cited = Object.values(texts).flatMap((text) => [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    const basedOn = [...new Set([...idea.based_on, ...cited])].filter((n) => passages.has(n)).sort((a, b) => a - b);
    return { title: idea.title, ...texts, basedOn, scores: idea.scores, evidence: [] };
  });
  return {
    // An idea whose problem or approach was nothing but unverified claims is no idea left.
    drafts: checked.filter((draft) => draft.problem && draft.approach),
    supported: [...supported].sort((a, b) => a - b),
    unsupported: [...unsupported].sort((a, b) => a - b),
  };
}

const ZRationale = z.object({ rationale: z.string().trim().min(1).max(1_000) });

/**
 * With a model, the novelty check's rationale is the model's words about facts it is given: the label
 * and the nearest papers are computed without it and cannot be changed by it.
 */
export async function modelRationale(
  ai: AiModel,
  idea: { title: string; problem: string },
  facts: { label: string; searched: number; nearest: { title: string; similarity: number; shared_terms: string[] }[] },
  abortSignal: AbortSignal,
): Promise<string> {
  const nearest = facts.nearest
    .map(
      (paper, index) =>
        `${index + 1}. "${paper.title}" (similarity ${paper.similarity.toFixed(2)}; shared terms: ${paper.shared_terms.join(', ') || 'none'})`,
    )
    .join('\n');
  const { rationale } = await ai.generateObject({
    schema: ZRationale,
    name: 'novelty_rationale',
    system:
      'You explain, in two or three sentences, how a research idea relates to the closest existing papers. The verdict is fixed; do not change it, and use only the facts given.',
    prompt: `Idea: ${idea.title}\n${idea.problem}\n\nVerdict: ${facts.label} (compared with ${facts.searched} papers).\nClosest papers:\n${nearest || 'none'}`,
    abortSignal,
  });
  return rationale;
}
