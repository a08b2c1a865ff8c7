import { describe, expect, it } from 'vitest';
import { clip, joinBounded, oneLine, sliceNote } from './limits';

describe('MCP output bounds', () => {
  it('clips a long text at a word with an ellipsis, and leaves a short one whole', () => {
    expect(clip('short text', 100)).toBe('short text');
    const clipped = clip('alpha beta gamma delta epsilon zeta', 20);
    expect(clipped.length).toBeLessThanOrEqual(20);
    expect(clipped).toBe('alpha beta gamma…');
  });

  it('puts a text on one line', () => {
    expect(oneLine(' A title\n  over two lines ')).toBe('A title over two lines');
  });

  it('says how many lines it left out when the characters run out', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index} ${'x'.repeat(20)}`);
    const text = joinBounded(lines, 'papers', 100);
    expect(text).toContain('line 0');
    expect(text).not.toContain('line 9');
    expect(text).toMatch(/\(cut at 100 characters: showing 3 of 10 papers\)$/);
    expect(joinBounded(lines.slice(0, 2), 'papers', 100)).toBe(lines.slice(0, 2).join('\n'));
  });

  it('names the slice of a longer list, and nothing when the list is whole', () => {
    expect(sliceNote(0, 25, 130, 'narrow the query')).toBe('showing 1–25 of 130; narrow the query');
    expect(sliceNote(25, 5, 30, 'x')).toBe('showing 26–30 of 30; x');
    expect(sliceNote(0, 12, 12, 'x')).toBeNull();
    expect(sliceNote(40, 0, 30, 'x')).toBe('showing none of 30; x');
  });
});
