import { applyEdits, mergeEdits, type TextEdit } from './text-edits';

/**
 * Spacing accents that TeX fonts draw as a glyph of their own and pdf.js emits as a character before
 * (or after) the letter they sit on ("ˇReh˚uˇrek" for Řehůřek, "J¨org", "Erd˝os"), with the combining
 * mark each stands for.
 */
const SPACING_ACCENTS: Readonly<Record<string, string>> = {
  '\u02C7': '\u030C', // ˇ caron
  '\u02DA': '\u030A', // ˚ ring
  '\u00A8': '\u0308', // ¨ diaeresis
  '\u00B4': '\u0301', // ´ acute
  '\u02CA': '\u0301', // ˊ modifier acute
  '\u02CB': '\u0300', // ˋ modifier grave
  '\u02DC': '\u0303', // ˜ small tilde
  '\u02C6': '\u0302', // ˆ modifier circumflex
  '\u02D8': '\u0306', // ˘ breve
  '\u02D9': '\u0307', // ˙ dot above
  '\u00B8': '\u0327', // ¸ cedilla
  '\u02DB': '\u0328', // ˛ ogonek
  '\u02DD': '\u030B', // ˝ double acute
  '\u00AF': '\u0304', // ¯ macron
  '^': '\u0302',
  '`': '\u0300',
};
/** ASCII ^ and ` are also math and quotes: they count as accents only between two letters, on the letter after. */
const ASCII_ACCENTS = new Set(['^', '`']);
/** Acute and grave also stand for apostrophes ("don´t"): inside a word they go on the letter after only. */
const APOSTROPHE_LIKE = new Set(['\u00B4', '\u02CA', '\u02CB']);

/** TeX puts accents on a dotless i or j: "¨ı" is ï. */
const DOTLESS: Readonly<Record<string, string>> = { ı: 'i', ȷ: 'j' };

const ACCENT = /[\u02C7\u02DA\u00A8\u00B4\u02CA\u02CB\u02DC\u02C6\u02D8\u02D9\u00B8\u02DB\u02DD\u00AF^`]/gu;
const LETTER = /\p{L}/u;

/** The one precomposed letter `letter` + `mark` make, or undefined when Unicode has none. */
function composed(letter: string | undefined, mark: string): string | undefined {
  if (!letter || !LETTER.test(letter)) return undefined;
  const result = ((DOTLESS[letter] ?? letter) + mark).normalize('NFC');
  return [...result].length === 1 ? result : undefined;
}

/**
 * Edits composing each spacing accent with its letter: the letter after it when the two make one
 * precomposed letter (TeX's order), else the letter before. An accent with neither (a hat over a
 * symbol in a table, "ˆP@1") is left alone.
 */
export function accentEdits(page: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const match of page.matchAll(ACCENT)) {
    const at = match.index;
    const accent = match[0];
    const mark = SPACING_ACCENTS[accent] as string;
    const before = page[at - 1];
    const after = page[at + 1];
    const ascii = ASCII_ACCENTS.has(accent);
    if (ascii && !(before && LETTER.test(before) && after && LETTER.test(after))) continue;
    const forward = composed(after, mark);
    if (forward) {
      edits.push({ start: at, end: at + 2, text: forward });
      continue;
    }
    const insideWord = after !== undefined && LETTER.test(after);
    const backward = ascii || (insideWord && APOSTROPHE_LIKE.has(accent)) ? undefined : composed(before, mark);
    if (backward) edits.push({ start: at - 1, end: at + 1, text: backward });
  }
  return dropOverlaps(edits);
}

/** Two accents on one letter ("ˇ˚u") would claim it twice: the first claim stands. */
function dropOverlaps(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const edit of edits) {
    const last = out.at(-1);
    if (!last || edit.start >= last.end) out.push(edit);
  }
  return out;
}

/** A letter with its combining marks, or marks pdf.js put before their letter; ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ. */
const CLUSTER = /\p{M}+\p{L}|[\p{L}\p{N}]\p{M}+|[\uFB00-\uFB06]/gu;

/**
 * NFC as edits: a letter and its combining marks become the precomposed letter (a mark emitted before
 * its letter is moved after it first), and typographic ligatures are spelled out.
 */
export function normalizationEdits(page: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const match of page.matchAll(CLUSTER)) {
    const cluster = match[0];
    const leadingMarks = /^\p{M}+/u.exec(cluster)?.[0];
    const ordered = leadingMarks ? cluster.slice(leadingMarks.length) + leadingMarks : cluster;
    const text = /[\uFB00-\uFB06]/u.test(cluster) ? cluster.normalize('NFKC') : ordered.normalize('NFC');
    if (text !== cluster) edits.push({ start: match.index, end: match.index + cluster.length, text });
  }
  return edits;
}

/** A string with its accents composed and NFC applied (text with no page offsets to keep). */
export function composeAccents(text: string): string {
  return applyEdits(text, mergeEdits(accentEdits(text), normalizationEdits(text))).text;
}
