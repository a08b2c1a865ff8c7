import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../../ai/grounding/check-citations';
import { checkedText } from './checked-text';
import { extractiveParagraph } from './write-paragraph';

const passages = [
  {
    n: 1,
    platform: 'arxiv',
    paper_id: 'a',
    page: 2,
    text: 'Protein language models propose enzyme variants for directed evolution.',
  },
  {
    n: 2,
    platform: 'arxiv',
    paper_id: 'b',
    page: 1,
    text: 'Graph neural networks predict enzyme activity from structure graphs.',
  },
];
const passageMap = new Map(passages.map((passage) => [passage.n, passage.text]));

describe('checkedText', () => {
  it('keeps only the sentences the checker verifies, and what is kept passes the checker whole', () => {
    const text =
      'Protein language models propose enzyme variants [1]. They reach 99.9 accuracy on ImageNet [2]. ' +
      'Smith et al. built FooBar [7]. Enzymes matter a lot.';
    const quotes = new Map([
      [1, ['propose enzyme variants']],
      [2, ['99.9 accuracy on ImageNet']],
      [7, ['FooBar']],
    ]);
    const checked = checkedText(text, quotes, passages);
    expect(checked).toEqual({
      text: 'Protein language models propose enzyme variants [1].',
      dropped: 3,
      unsupported: [2, 7],
    });
    const recheck = checkCitations({ answer: checked.text, quotes, passages: passageMap });
    expect(recheck.sentences.every((sentence) => sentence.supported)).toBe(true);
  });

  it('keeps nothing when no sentence is verified', () => {
    expect(checkedText('Enzymes are proteins [1].', new Map(), passages).text).toBe('');
  });
});

describe('extractiveParagraph', () => {
  it('quotes each paper verbatim with its citation, which the checker passes', () => {
    const paragraph = extractiveParagraph('enzyme variants and activity', passages, 1);
    expect(paragraph.text).toBe(
      'Protein language models propose enzyme variants for directed evolution. [1] Graph neural networks predict enzyme activity from structure graphs. [2]',
    );
    expect(paragraph.dropped).toBe(0);
  });
});
