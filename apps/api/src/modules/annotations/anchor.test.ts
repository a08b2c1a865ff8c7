import { describe, expect, it } from 'vitest';
import { anchorMark } from './anchor';

/** docs/annotations.md#re-anchoring: pure, over made-up page texts. */
describe('anchorMark', () => {
  const page = 'We study attention. Attention is all you need. Then attention again.';
  const quote = { exact: 'attention', prefix: 'Then ', suffix: ' again' };
  const storedAt = page.indexOf('attention again');
  const stored = { start: storedAt, end: storedAt + 'attention'.length };

  it('keeps a mark whose quote is still where it was', () => {
    expect(anchorMark(page, quote, stored)).toEqual({ anchor: 'placed', position: stored });
  });

  it('takes the stored place as it is while the page text is unknown', () => {
    expect(anchorMark(null, quote, stored)).toEqual({ anchor: 'placed', position: stored });
  });

  it('moves a mark whose text drifted to the occurrence its prefix and suffix agree with', () => {
    const drifted = `Abstract. ${page}`;
    const at = drifted.indexOf('attention again');
    expect(anchorMark(drifted, quote, stored)).toEqual({ anchor: 'moved', position: { start: at, end: at + 9 } });
  });

  it('picks the occurrence nearest the old start when the context does not tell them apart', () => {
    const text = 'x attention y attention z attention';
    const bare = { exact: 'attention', prefix: '', suffix: '' };
    expect(anchorMark(text, bare, { start: 15, end: 24 }).position).toEqual({ start: 14, end: 23 });
    expect(anchorMark(text, bare, { start: 0, end: 9 }).position).toEqual({ start: 2, end: 11 });
  });

  it('finds a quote whose line breaks changed, and maps it back to the page text', () => {
    const text = 'Intro.\nAttention is\n  all you need.';
    const mark = { exact: 'Attention is all you', prefix: 'Intro. ', suffix: '' };
    const found = anchorMark(text, mark, { start: 0, end: 20 });
    expect(found.anchor).toBe('moved');
    expect(text.slice(found.position.start, found.position.end)).toBe('Attention is\n  all you');
  });

  it('orphans a mark whose quote is nowhere on the page, keeping its stored place', () => {
    expect(anchorMark('A different page altogether.', quote, stored)).toEqual({ anchor: 'orphaned', position: stored });
  });
});
