import { describe, expect, it } from 'vitest';
import { GNN_PAPERS, GNN_TOPIC, OFF_TOPIC_IDS } from './ideas-topic-corpus';
import { discoverPhraseIdeas, ideaTitle, type TopicDoc, topicParts } from './phrase-discovery';

const docs: TopicDoc[] = GNN_PAPERS.map((paper) => ({
  ref: { platform: 'arxiv', paper_id: paper.paperId },
  title: paper.title,
  text: `${paper.title}.\n${paper.abstract}`,
}));
const onTopic = docs.filter((doc) => !OFF_TOPIC_IDS.has(doc.ref.paper_id));
const rarity = () => 1;
/** The failure seen offline: a bare template over single words ("Apply diffusion to road"). */
const TEMPLATE = /^Apply \S+ to \S+$/;

describe('offline ideas over key phrases (docs/ideas.md#offline-literature-based-discovery)', () => {
  it('splits a topic into method and problem, in the user’s words', () => {
    expect(topicParts(GNN_TOPIC)).toEqual({
      method: 'graph neural networks',
      problem: 'molecular property prediction',
    });
    expect(topicParts('Option pricing.')).toEqual({ method: null, problem: 'option pricing' });
    expect(topicParts('Graph neural networks')).toEqual({ method: 'graph neural networks', problem: null });
  });

  it('writes titles as a method for a problem', () => {
    expect(ideaTitle('method', 'stochastic volatility models', 'option pricing')).toBe(
      'Stochastic volatility models for option pricing',
    );
    expect(ideaTitle('setting', 'illiquid markets', 'option pricing')).toBe('Option pricing for illiquid markets');
    expect(ideaTitle('setting', 'galaxy clusters', 'dark matter')).toBe('Dark matter in galaxy clusters');
    expect(ideaTitle('setting', 'virtual screening', GNN_TOPIC)).toBe('Graph neural networks for virtual screening');
    expect(ideaTitle('method', 'contrastive learning', 'graph neural networks')).toBe(
      'Graph neural networks with contrastive learning',
    );
  });

  it('stays on the GNN-molecular topic: phrases of its papers, never a template over single words', () => {
    const basis = onTopic.slice(0, 5);
    const ideas = discoverPhraseIdeas(GNN_TOPIC, basis, [...onTopic.slice(5), ...docs.slice(11)], { count: 3, rarity });
    expect(ideas).toHaveLength(3);
    for (const idea of ideas) {
      expect(idea.title).not.toMatch(TEMPLATE);
      expect(idea.title).toMatch(/molecul|graph/i);
      expect(idea.title).not.toMatch(/gps|road|waveguide/i);
      expect(idea.target.split(' ').length).toBeGreaterThan(1);
      expect(idea.bridge.split(' ').length).toBeGreaterThan(1);
      expect(idea.targetPapers.length).toBeGreaterThan(0);
      // The target is a phrase of the neighbourhood that no basis paper holds.
      expect(idea.inBasis).toBe(0);
    }
    expect(new Set(ideas.map((idea) => idea.target)).size).toBe(3);
    // Deterministic.
    expect(discoverPhraseIdeas(GNN_TOPIC, basis, onTopic.slice(5), { count: 3, rarity })).toEqual(
      discoverPhraseIdeas(GNN_TOPIC, basis, onTopic.slice(5), { count: 3, rarity }),
    );
  });

  it('leaves out targets whose added words are all common, and says nothing without a neighbourhood', () => {
    const basis = onTopic.slice(0, 5);
    expect(discoverPhraseIdeas(GNN_TOPIC, basis, onTopic.slice(5), { count: 3, rarity: () => 0 })).toEqual([]);
    expect(discoverPhraseIdeas(GNN_TOPIC, basis, [], { count: 3, rarity })).toEqual([]);
  });
});
