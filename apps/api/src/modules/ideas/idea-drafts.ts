import type { TIdeaEvidence, TIdeaScores } from '@paperbench/contract';
import type { TermVector } from '../recommendations/term-vectors';

/** An idea before its novelty check and its row: what generation (with or without a model) produces. */
export interface IdeaDraft {
  title: string;
  problem: string;
  approach: string;
  novelty: string;
  experiments: string;
  risks: string;
  /** Basis numbers (BasisPaper.n). */
  basedOn: number[];
  scores: TIdeaScores | null;
  evidence: TIdeaEvidence[];
}

/** A paper ideas are built on, numbered as their texts cite it; `text` is what the model reads of it. */
export interface BasisPaper {
  n: number;
  platform: string;
  paper_id: string;
  title: string;
  text: string;
  vector: TermVector;
}

/** The text the novelty check compares with the corpus: what the idea proposes, not its evidence. */
export const noveltyText = (draft: Pick<IdeaDraft, 'problem' | 'approach' | 'novelty'>) =>
  [draft.problem, draft.approach, draft.novelty].join('\n');
