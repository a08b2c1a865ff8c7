import { paperRefKey, type TIdeaEvidence, type TPaperRef } from '@paperbench/contract';
import type { BasisPaper, IdeaDraft } from './idea-drafts';
import type { AbcLink } from './literature-discovery';

/**
 * docs/ideas.md#offline-literature-based-discovery: an ABC link written out as an "apply A to C"
 * proposal. Every sentence states what the corpus shows (which terms co-occur where) or what to do
 * with it; nothing is presented as a model's judgement, and the ideas are labelled 'extractive'.
 */
export function linkToDraft(
  link: AbcLink,
  {
    words,
    titles,
    basis,
    searched,
  }: {
    words: ReadonlyMap<string, string>;
    titles: ReadonlyMap<string, string>;
    basis: readonly BasisPaper[];
    searched: number;
  },
): IdeaDraft {
  const word = (lexeme: string) => words.get(lexeme) ?? lexeme;
  const [a, b, c] = [word(link.a), word(link.b), word(link.c)];
  const withTitles = (refs: readonly TPaperRef[]) =>
    refs.map((ref) => ({ ...ref, title: titles.get(paperRefKey(ref)) ?? ref.paper_id }));
  const evidence: TIdeaEvidence[] = [
    { link: 'A-B', terms: [a, b], papers: withTitles(link.abPapers) },
    { link: 'B-C', terms: [b, c], papers: withTitles(link.bcPapers) },
  ];
  // The basis papers that hold A: where the proposal starts from.
  const basedOn = basis.filter((paper) => paper.vector.has(link.a)).map((paper) => paper.n);
  return {
    title: `Apply ${a} to ${c}`,
    problem:
      `The basis papers work with ${a}, and papers on ${c} do not mention it: no title or abstract among the ${searched} ` +
      `papers searched holds both terms, although both literatures share “${b}”.`,
    approach:
      `Carry ${a} over to ${c}, through what the two literatures have in common (${b}): start from the ` +
      `${link.abPapers.length} evidence papers linking ${a} and ${b}, and the ${link.bcPapers.length} linking ${b} and ${c}.`,
    novelty:
      `Literature-based discovery (Swanson's ABC model): ${a}–${b} and ${b}–${c} are each documented in the corpus, ` +
      `${a}–${c} is not.`,
    experiments:
      `Take a ${c} question from the ${b}–${c} evidence papers, apply the ${a} of the basis papers to it, and compare ` +
      `with those papers' own methods on their data and measures.`,
    risks:
      `The link is lexical: “${b}” may mean different things in the two literatures, and ${a} and ${c} may already be ` +
      'combined in work outside this corpus. Read the evidence papers first.',
    basedOn,
    scores: null,
    evidence,
  };
}
