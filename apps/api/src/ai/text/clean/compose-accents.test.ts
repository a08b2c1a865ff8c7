import { describe, expect, it } from 'vitest';
import { accentEdits, composeAccents } from './compose-accents';
import { applyEdits } from './text-edits';

const cleaned = composeAccents;

describe('composeAccents (strings pdf.js gave for the fixture PDFs)', () => {
  it.each([
    ['Radim ˇReh˚uˇrek and Petr Sojka', 'Radim Řehůřek and Petr Sojka'],
    ['Kiela, Holger Schwenk, Lo¨ıc Barrault', 'Kiela, Holger Schwenk, Loïc Barrault'],
    ['Hans-Peter Kriegel, J¨org Sander', 'Hans-Peter Kriegel, Jörg Sander'],
    ['U. Dahlstr¨om, and A. Brostr¨om', 'U. Dahlström, and A. Broström'],
    ['compute the Erd˝os number of an author', 'compute the Erdős number of an author'],
    // After the letter (another producer's order), and at a word's end.
    ['Jo¨rg and Jose´ met', 'Jörg and José met'],
    // Combining marks already there, before and after their letter; ligatures.
    ['Daume\u0301 and \u0308o', 'Daumé and ö'],
    ['eﬃcient ﬁne-tuning', 'efficient fine-tuning'],
  ])('%s → %s', (raw, clean) => {
    expect(cleaned(raw)).toBe(clean);
  });

  it.each([
    ['a hat over a symbol in a table stays', 'MAP nDCG ˆnDCG ˆP@1'],
    ['ASCII carets and backquotes in math and code stay', 'x^2 + e^{i} and `code` and a^b'],
    ['an acute used as an apostrophe stays', 'don´t do it'],
    ['text without accents is unchanged', 'Plain text, with “quotes” — and dashes.'],
  ])('%s', (_name, raw) => {
    expect(cleaned(raw)).toBe(raw);
  });

  it('each composed letter maps back to the accent and the letter it came from', () => {
    const raw = 'by ˇReh˚uˇrek';
    const clean = applyEdits(raw, accentEdits(raw));
    expect(clean.text).toBe('by Řehůřek');
    const at = clean.text.indexOf('Ř');
    expect(raw.slice(clean.starts[at], clean.ends[at])).toBe('ˇR');
  });
});
