import type { TCitedPassage } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { isArtefact, querySentences } from './query-sentences';

const passage = (n: number, paper_id: string, text: string): TCitedPassage => ({
  n,
  paper_id,
  platform: 'arxiv',
  page: 1,
  text,
});

describe('offline summary sentences (docs/ai.md#summaries)', () => {
  it("picks the sentence that matches the query's stemmed terms, not the paper's first", () => {
    const passages = [
      passage(
        1,
        'a',
        'We study scientific documents at scale. Citation-informed transformers embed papers for retrieval tasks.',
      ),
      passage(
        2,
        'b',
        'Hospitals in Ghana were surveyed in 2019 by our team. Waiting times dominate the complaints of patients.',
      ),
    ];
    expect(querySentences('embedding papers with citations', passages, 3)).toEqual([
      { n: 1, text: 'Citation-informed transformers embed papers for retrieval tasks.', score: expect.any(Number) },
    ]);
  });

  it('takes one sentence per paper at most, even from several passages of one paper', () => {
    const passages = [
      passage(
        1,
        'a',
        'Graph neural networks predict molecular properties well. Graph neural networks also rank molecules.',
      ),
      passage(2, 'a', 'Molecular graphs feed graph neural networks in our second experiment.'),
      passage(3, 'b', 'A graph neural network for molecules is trained on ten thousand graphs.'),
    ];
    const chosen = querySentences('graph neural networks for molecules', passages, 6);
    expect(chosen).toHaveLength(2);
    expect(new Set(chosen.map((sentence) => sentence.n === 3))).toEqual(new Set([true, false]));
  });

  it('never chooses a broken sentence: hyphen splits, TeX residue, headings, capitals, fragments', () => {
    for (const broken of [
      'Ta- ble 3 lists the embed- dings of every paper we trained.',
      'The framework ({\\m}) embeds every paper of the corpus.',
      '1 Introduction Embeddings of papers help retrieval of related work.',
      'Abstract Embeddings of papers help retrieval of related work.',
      'EMBEDDINGS OF PAPERS FOR RETRIEVAL AND RELATED TASKS.',
      'Paper embeddings.',
      'Embeddings of papers help retrieval [4, 7] of related work.',
    ]) {
      expect(isArtefact(broken), broken).toBe(true);
      expect(querySentences('paper embeddings', [passage(1, 'a', broken)], 3)).toEqual([]);
    }
    expect(isArtefact('Embeddings of papers help the retrieval of related work.')).toBe(false);
  });
});
