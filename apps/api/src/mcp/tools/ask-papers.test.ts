import { describe, expect, it } from 'vitest';
import { verifiedCitations } from './ask-papers';

const passages = [
  { n: 1, paper_id: '2001.00001', platform: 'arxiv', page: 3, text: 'SPECTER learns document embeddings.' },
  { n: 2, paper_id: '2001.00002', platform: 'arxiv', page: 7, text: 'x'.repeat(3000) },
];
const done = (supported: number[], unsupported: number[], abstained = false) => ({
  type: 'done' as const,
  message_id: 1,
  source: 'model' as const,
  abstained,
  citations: { supported, unsupported },
});

describe('ask_papers citations', () => {
  it('keeps only the supported citations, each with its passage paper, page and text', () => {
    const citations = verifiedCitations({ passages, answer: 'a [1] b [2]', done: done([1], [2]) });
    expect(citations).toEqual([
      { n: 1, paper_id: '2001.00001', platform: 'arxiv', page: 3, quote: 'SPECTER learns document embeddings.' },
    ]);
  });

  it('bounds a long passage and drops a number no passage carries', () => {
    const citations = verifiedCitations({ passages, answer: '', done: done([2, 9, 2], []) });
    expect(citations.map((citation) => citation.n)).toEqual([2]);
    expect(citations[0]?.quote.length).toBeLessThanOrEqual(1000);
  });

  it('gives no citation for an abstained answer', () => {
    expect(verifiedCitations({ passages, answer: 'I cannot find this.', done: done([1], [], true) })).toEqual([]);
  });
});
