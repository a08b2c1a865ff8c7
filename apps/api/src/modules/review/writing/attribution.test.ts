import { describe, expect, it } from 'vitest';
import { attribute, attributeParagraph, authorsAndYear } from './attribution';
import type { WritingPaperRow } from './review-writing.repo';

const paper = (authors: string[], publishedDate: string | null = '2018-12-25'): WritingPaperRow => ({
  platform: 'arxiv',
  paperId: '1812.09441',
  title: 'Graph Transformation Policy Network for Chemical Reaction Prediction',
  authors,
  abstract: null,
  publishedDate,
  publishedPrecision: 'day',
  doi: null,
  pdfUrl: null,
});
const many = authorsAndYear(paper(['Kien Do', 'Truyen Tran', 'Svetha Venkatesh']));
const one = authorsAndYear(paper(['Ada Lovelace']));

describe('attribution of offline review sentences (docs/review.md#attribution)', () => {
  it('names the authors and year as a review does', () => {
    expect(many).toEqual({ who: 'Do et al. (2018)', plural: true });
    expect(one).toEqual({ who: 'Lovelace (2018)', plural: false });
    expect(authorsAndYear(paper(['Kien Do', 'Truyen Tran'])).who).toBe('Do and Tran (2018)');
    expect(authorsAndYear(paper([], null)).who).toBe('The authors');
  });

  it('turns first-person quotes into attributed sentences', () => {
    expect(attribute('To this end, we propose GTPN, a graph transformation policy network.', many)).toBe(
      'Do et al. (2018) propose GTPN, a graph transformation policy network.',
    );
    expect(attribute('In this paper, we study our model on USPTO.', many)).toBe(
      'Do et al. (2018) study their model on USPTO.',
    );
    expect(attribute('We propose a model that lets us predict reactions.', one)).toBe(
      'Lovelace (2018) proposes a model that lets them predict reactions.',
    );
    expect(attribute('Unlike earlier work, we show that our method scales.', one)).toBe(
      'Unlike earlier work, Lovelace (2018) shows that their method scales.',
    );
    expect(attribute('This paper proposes a policy network.', many)).toBe('Do et al. (2018) propose a policy network.');
    expect(attribute('We evaluated the network on USPTO.', one)).toBe(
      'Lovelace (2018) evaluated the network on USPTO.',
    );
    expect(attribute('Our model reaches 83 % accuracy.', many)).toBe('The authors’ model reaches 83 % accuracy.');
    expect(attribute('GTPN reaches 83 % accuracy on USPTO.', many)).toBe('GTPN reaches 83 % accuracy on USPTO.');
  });

  it('attributes each sentence of a paragraph to the paper its [n] cites', () => {
    const text = 'We propose GTPN. [1] We study enzymes in yeast cells. [2] Nothing in the first person here. [3]';
    const papers = new Map([
      [1, paper(['Kien Do', 'Truyen Tran', 'Svetha Venkatesh'])],
      [2, paper(['Ada Lovelace'], '2021-01-01')],
    ]);
    expect(attributeParagraph(text, (n) => papers.get(n))).toBe(
      'Do et al. (2018) propose GTPN. [1] Lovelace (2021) studies enzymes in yeast cells. [2] Nothing in the first person here. [3]',
    );
  });
});
