import { describe, expect, it } from 'vitest';
import { hyphenationEdits, vocabularyOf } from './line-hyphenation';
import { applyEdits } from './text-edits';

/** The pages with their line-end hyphenation undone, the document deciding. */
const unhyphenate = (pages: string[]) => {
  const vocabulary = vocabularyOf(pages);
  return pages.map((page) => applyEdits(page, hyphenationEdits(page, vocabulary)).text);
};

describe('line-end hyphenation', () => {
  it('joins a typeset break when the document writes the word whole ("embed-\\ndings")', () => {
    expect(unhyphenate(['Our embed-\ndings are good.', 'These embeddings win.'])[0]).toBe('Our embeddings are good.');
  });

  it('joins "Ta- ble" (a hyphen then a space, as pdf.js gives some line ends) on the same evidence', () => {
    expect(unhyphenate(['See Ta- ble 3 and Table 4.'])[0]).toBe('See Table 3 and Table 4.');
  });

  it('keeps a real hyphen the document writes elsewhere ("self-\\nattention", "state-of-\\nthe-art")', () => {
    const pages = [
      'Self-attention and state-of-the-art models.',
      'The self-\nattention layer; a state-of-\nthe-art result.',
    ];
    expect(unhyphenate(pages)[1]).toBe('The self-attention layer; a state-of-the-art result.');
  });

  it('takes the more frequent form when the document writes both', () => {
    const pages = ['co-occurrence co-occurrence cooccurrence', 'a co-\noccurrence'];
    expect(unhyphenate(pages)[1]).toBe('a co-occurrence');
  });

  it('with no evidence: joins syllables, keeps two words and capitals, leaves suspended hyphens', () => {
    const pages = ['the litera-\nture; end-\nto end; Sentence-\nBERT; first-\nand second-line; the end to'];
    expect(unhyphenate(pages)[0]).toBe(
      'the literature; end-to end; Sentence-BERT; first-\nand second-line; the end to',
    );
  });

  it('never joins "token- and" (a hyphen and a space, no evidence)', () => {
    expect(unhyphenate(['towards token- and sentence-level objectives'])[0]).toBe(
      'towards token- and sentence-level objectives',
    );
  });

  it('a soft hyphen at a line end always joins', () => {
    expect(unhyphenate(['a pro\u00AD\ngramme'])[0]).toBe('a programme');
  });
});
