import type { TFeedGroup } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { describeDay, describeGroup } from './feed-groups';

const group = (kind: TFeedGroup['kind'], count: number) => ({
  kind,
  papers: Array.from({ length: count }) as TFeedGroup['papers'],
});

describe('feed groups', () => {
  it.each([
    [group('topic', 1), '1 paper matching a topic you follow'],
    [group('library', 3), '3 papers close to what you keep in your folders'],
    [group('other', 12), '12 more papers announced this day'],
  ])('describes a group', (g, text) => {
    expect(describeGroup(g)).toBe(text);
  });

  it('summarises a day: total, picked for the user, and the cut when there are more', () => {
    expect(describeDay(0, [])).toBe('No papers were announced this day');
    expect(describeDay(7, [group('other', 7)])).toBe('7 papers');
    expect(describeDay(7, [group('topic', 2), group('library', 1), group('other', 4)])).toBe(
      '7 papers · 3 picked for you',
    );
    expect(describeDay(1734, [group('topic', 20), group('other', 180)])).toBe(
      '1,734 papers · 20 picked for you · showing the top 200',
    );
  });
});
