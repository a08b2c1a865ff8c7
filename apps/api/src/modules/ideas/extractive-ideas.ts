import { paperRefKey, type TIdeaEvidence, type TPaperRef } from '@paperbench/contract';
import type { BasisPaper, IdeaDraft } from './idea-drafts';
import type { PhraseIdea } from './phrase-discovery';

/**
 * docs/ideas.md#offline-literature-based-discovery: a key-phrase link written out as a proposal. Every sentence states what
 * the papers show (which phrases occur where, counted) or what to do with it; nothing is presented as a
 * model's judgement, and the ideas are labelled 'extractive'.
 */
export function phraseIdeaToDraft(
  idea: PhraseIdea,
  {
    titles,
    basis,
    neighbours,
  }: { titles: ReadonlyMap<string, string>; basis: readonly BasisPaper[]; neighbours: number },
): IdeaDraft {
  const { topic, bridge, target } = idea;
  const withTitles = (refs: readonly TPaperRef[]) =>
    refs.map((ref) => ({ ...ref, title: titles.get(paperRefKey(ref)) ?? ref.paper_id }));
  const evidence: TIdeaEvidence[] = [
    { link: 'A-B', terms: [topic, bridge], papers: withTitles(idea.basisPapers) },
    { link: 'B-C', terms: [bridge, target], papers: withTitles(idea.targetPapers) },
  ];
  const basedOnKeys = new Set(idea.basisPapers.map(paperRefKey));
  const basedOn = basis.filter((paper) => basedOnKeys.has(paperRefKey(paper))).map((paper) => paper.n);
  const where =
    idea.inBasis === 0
      ? `none of the ${basis.length} basis papers on ${topic} does`
      : `only ${idea.inBasis} of the ${basis.length} basis papers on ${topic} ${idea.inBasis === 1 ? 'mentions' : 'mention'} it`;
  const count = idea.targetPapers.length;
  const evidencePapers = `the ${count === 1 ? 'evidence paper' : `${count} evidence papers`} holding both “${bridge}” and ${target}`;
  const problem = `${idea.targetCount} of the ${neighbours} papers next to the topic ${idea.targetCount === 1 ? 'works' : 'work'} with ${target}; ${where}, although both groups write about “${bridge}”.`;
  const approach =
    idea.kind === 'method'
      ? `Bring ${target} to ${topic}: start from the basis papers' ${bridge} and use ${target} the way ${evidencePapers} ${count === 1 ? 'does' : 'do'}.`
      : `Take ${topic} to ${target}: start from the basis papers' ${bridge} and carry it to the questions of ${evidencePapers}.`;
  return {
    title: idea.title,
    problem,
    approach,
    novelty:
      `Literature-based discovery over key phrases (Swanson's ABC model): ${topic}–“${bridge}” and “${bridge}”–${target} ` +
      `are each documented among the topic's papers; ${topic} with ${target} is not, in its basis papers.`,
    experiments:
      idea.kind === 'method'
        ? `Take the data and measures of the basis papers, add ${target} as the evidence papers use it, and compare with the basis papers' own methods.`
        : `Take a ${target} question from the evidence papers, treat it as the basis papers treat ${topic}, and compare with the evidence papers' own methods on their data.`,
    risks:
      `The link is lexical: “${bridge}” may mean different things in the two groups of papers, and ${target} may already be ` +
      `combined with ${topic} in work outside this corpus. Read the evidence papers first.`,
    basedOn,
    scores: null,
    evidence,
  };
}
