import { describe, expect, it } from 'vitest';
import { checkTopicInput, sameTopic } from './topic-input';

describe('topic input', () => {
  it('trims and collapses spaces as the API does', () => {
    expect(checkTopicInput('  graph   neural networks ')).toEqual({ topic: 'graph neural networks', error: null });
  });

  it('explains an empty topic', () => {
    expect(checkTopicInput('   ').error).toMatch(/^Type a topic to follow/);
  });

  it('explains a topic that is too long, with its length', () => {
    expect(checkTopicInput('x'.repeat(10_000)).error).toBe(
      'A topic can be at most 100 characters; this one has 10,000.',
    );
    expect(checkTopicInput('x'.repeat(100)).error).toBeNull();
  });

  it('compares topics as the API does', () => {
    expect(sameTopic('GNN', ' gnn ')).toBe(true);
    expect(sameTopic('graph  nets', 'Graph nets')).toBe(true);
    expect(sameTopic('gnn', 'gnns')).toBe(false);
  });
});
