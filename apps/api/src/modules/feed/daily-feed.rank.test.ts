import { describe, expect, it } from 'vitest';
import { type FeedCandidate, rankCandidate, rankDay } from './daily-feed.rank';
import { buildLibraryProfile, EMPTY_LIBRARY } from './feed-library';

const candidate = (overrides: Partial<FeedCandidate>): FeedCandidate => ({
  platform: 'arxiv',
  paperId: '2001.00001',
  categories: ['math.AG'],
  topicScores: [],
  libraryLexemes: [],
  ...overrides,
});

const library = buildLibraryProfile([
  {
    platform: 'arxiv',
    paperId: 'lib.1',
    title: 'Value of structural health monitoring in partially observable stochastic environments',
    categories: ['eess.SY'],
    lexemes: ['valu', 'structur', 'health', 'monitor', 'partial', 'observ', 'stochast', 'environ'],
  },
  {
    platform: 'arxiv',
    paperId: 'lib.2',
    title: 'Deep reinforcement learning for robots',
    categories: ['cs.LG', 'eess.SY'],
    lexemes: ['deep', 'reinforc', 'learn', 'robot'],
  },
]);

describe('daily feed ranking', () => {
  it('two shared words of a long library title are chance; most of a short one is closeness', () => {
    const chance = rankCandidate(candidate({ libraryLexemes: ['monitor', 'health'] }), [], library);
    expect(chance.kind).toBe('other');
    const close = rankCandidate(candidate({ libraryLexemes: ['reinforc', 'learn'] }), [], library);
    expect(close).toMatchObject({
      kind: 'library',
      reason: 'Close to “Deep reinforcement learning for robots” in your library',
    });
  });

  it('never calls a library paper close to itself', () => {
    const self = rankCandidate(
      candidate({ paperId: 'lib.2', categories: [], libraryLexemes: ['deep', 'reinforc', 'learn', 'robot'] }),
      [],
      library,
    );
    expect(self.kind).toBe('other');
  });

  it('names the category most library papers share, counting papers once', () => {
    const ranked = rankCandidate(candidate({ categories: ['cs.LG', 'eess.SY'] }), [], library);
    expect(ranked.reason).toBe('In eess.SY, like 2 papers in your library');
  });

  it('puts topic matches first, in the order the topics were followed, then library, then the rest by id', () => {
    const topics = ['gnn', 'cs.CV'];
    const ranked = rankDay(
      [
        candidate({ paperId: 'b', topicScores: [null, null] }),
        candidate({ paperId: 'a', topicScores: [null, null] }),
        candidate({ paperId: 'lib', categories: ['eess.SY'], topicScores: [null, null] }),
        candidate({ paperId: 'cv', topicScores: [null, 0.9] }),
        candidate({ paperId: 'gnn-low', topicScores: [0.1, null] }),
        candidate({ paperId: 'gnn-high', topicScores: [0.5, 0.7] }),
      ],
      topics,
      library,
    );
    expect(ranked.map((p) => [p.paperId, p.topic ?? p.kind])).toEqual([
      ['gnn-low', 'gnn'],
      ['cv', 'cs.CV'],
      ['gnn-high', 'cs.CV'],
      ['lib', 'library'],
      ['a', 'other'],
      ['b', 'other'],
    ]);
  });

  it('without topics or library every paper is "other", with its primary category', () => {
    expect(rankCandidate(candidate({ categories: ['hep-th', 'gr-qc'] }), [], EMPTY_LIBRARY)).toMatchObject({
      kind: 'other',
      reason: 'New in hep-th this day',
      score: 0,
    });
    expect(rankCandidate(candidate({ categories: [] }), [], EMPTY_LIBRARY).reason).toBe('New this day');
  });
});
