import { describe, expect, it } from 'vitest';
import { applyEdits, cleanTextOf, mergeEdits, pageSpanOf } from './text-edits';

describe('text edits', () => {
  const page = 'Journal 3\nOur embed-\ndings work.';
  const header = { start: 0, end: 10, text: '' };
  const hyphen = { start: 19, end: 21, text: '' };

  it('an edit overlapping one of an earlier list is dropped; the rest come in page order', () => {
    const insideHeader = { start: 2, end: 4, text: 'X' };
    expect(mergeEdits([hyphen, header], [insideHeader])).toEqual([header, hyphen]);
  });

  it('maps every clean character back to the page characters it came from', () => {
    const clean = applyEdits(page, mergeEdits([header], [hyphen]));
    expect(clean.text).toBe('Our embeddings work.');
    const start = clean.text.indexOf('embeddings');
    const span = pageSpanOf(clean, start, start + 'embeddings'.length);
    expect(page.slice(span.start, span.end)).toBe('embed-\ndings');
    expect(cleanTextOf(clean, span.start, span.end)).toBe('embeddings');
    // A span that starts inside the dropped header reads only what survived.
    expect(cleanTextOf(clean, 0, page.length)).toBe(clean.text);
  });
});
