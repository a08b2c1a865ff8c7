import type { TextEdit } from './text-edits';

/**
 * A word broken at a line end: its last letters, a hyphen (or soft hyphen), then a newline, or the
 * single space pdf.js sometimes gives instead ("Ta- ble"), then the word's first letters.
 */
const BREAK = /(\p{L}+)([-\u00AD\u2010])([ \t]*\n[ \t]*| )(\p{L}+)/gu;
/** A hyphen inside a token ("self-attention", "state-of-the-art"), never at a line end. */
const COMPOUND = /(\p{L}+)(?:[-\u2010](\p{L}+))+/gu;
const WORD = /\p{L}+/gu;

/** How often the document writes each word, and each pair of words joined by a hyphen, away from line ends. */
export interface Vocabulary {
  words: ReadonlyMap<string, number>;
  hyphenated: ReadonlyMap<string, number>;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * The document's own vocabulary: its pages with every line-end break taken out (neither half of
 * "embed-\ndings" is a word of the document), its words and hyphenated pairs counted, lower-cased.
 */
export function vocabularyOf(pages: readonly string[]): Vocabulary {
  const words = new Map<string, number>();
  const hyphenated = new Map<string, number>();
  for (const page of pages) {
    const text = page.replace(BREAK, ' ');
    for (const [word] of text.matchAll(WORD)) bump(words, word.toLowerCase());
    for (const [compound] of text.matchAll(COMPOUND)) {
      const parts = compound.toLowerCase().split(/[-\u2010]/);
      for (let i = 1; i < parts.length; i++) bump(hyphenated, `${parts[i - 1]}-${parts[i]}`);
    }
  }
  return { words, hyphenated };
}

type Verdict = 'join' | 'hyphen' | 'leave';

/**
 * docs/ai.md#clean-text: the document decides. The joined word written more often than the
 * hyphenated pair ("embeddings") joins; the pair written more often ("self-attention",
 * "state-of-the-art") keeps its hyphen. A form the document never writes elsewhere: a soft hyphen
 * joins; a capital or a digit after the break, or two halves that are both words of the document
 * ("end-to"), keep the hyphen, except before "and"/"or" (a suspended hyphen, left as printed); other
 * line-end breaks are typesetting and join. A hyphen followed by
 * a plain space is joined only on the document's evidence ("token- and sentence-level" stays).
 */
export function hyphenVerdict(
  vocabulary: Vocabulary,
  head: string,
  tail: string,
  { soft, space }: { soft: boolean; space: boolean },
): Verdict {
  const joined = vocabulary.words.get((head + tail).toLowerCase()) ?? 0;
  const pair = vocabulary.hyphenated.get(`${head}-${tail}`.toLowerCase()) ?? 0;
  if (joined > pair) return 'join';
  if (pair > 0) return 'hyphen';
  if (space) return 'leave';
  if (soft) return 'join';
  // "first- and second-line": a suspended hyphen before a conjunction stays as printed.
  if (/^(?:and|or|nor)$/i.test(tail)) return 'leave';
  if (/^\p{Lu}/u.test(tail)) return 'hyphen';
  const isWord = (part: string) => part.length >= 2 && (vocabulary.words.get(part.toLowerCase()) ?? 0) > 0;
  return isWord(head) && isWord(tail) ? 'hyphen' : 'join';
}

/** Edits undoing one page's line-end hyphenation: the hyphen and line break go, or only the line break. */
export function hyphenationEdits(page: string, vocabulary: Vocabulary): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const match of page.matchAll(BREAK)) {
    const [, head = '', hyphen = '', gap = '', tail = ''] = match;
    const verdict = hyphenVerdict(vocabulary, head, tail, { soft: hyphen === '\u00AD', space: gap === ' ' });
    const hyphenAt = match.index + head.length;
    if (verdict === 'join') edits.push({ start: hyphenAt, end: hyphenAt + 1 + gap.length, text: '' });
    else if (verdict === 'hyphen') edits.push({ start: hyphenAt + 1, end: hyphenAt + 1 + gap.length, text: '' });
  }
  return edits;
}
