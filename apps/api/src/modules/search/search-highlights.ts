/**
 * docs/search.md#highlights: where a hit's title and abstract hold the query's words, as [start, end)
 * offsets of the text (UTF-16 code units, as JavaScript indexes strings).
 *
 * A word is marked when the database's 'english' configuration turns it into one of the query's
 * lexemes: PostgreSQL decides what a word means (stop words, the stemmer, numbers), and only the
 * splitting of the text into words is done here. ts_headline did both, but re-parsed and stemmed every
 * word of all 30 abstracts of a page: about half of what a search cost the embedded database.
 */

export type MatchRange = [start: number, end: number];

/**
 * A run of letters and digits, or of several joined by `-`, `/`, `.`, `@` or `_` with nothing between
 * (`x-ray`, `AdS/CFT`, `10.5`). PostgreSQL's parser reads such a run as one token and its parts:
 * each part is marked on its own, as ts_headline does (`graph` in `graph-based`), and the whole run
 * only when none of its parts matches (`AdS/CFT`, a file path to the parser, `10.5`, a number).
 */
const RUN = /[\p{L}\p{M}\p{N}]+(?:[-/.@_][\p{L}\p{M}\p{N}]+)*/gu;
const PART = /[\p{L}\p{M}\p{N}]+/gu;
const JOINED = /[-/.@_]/;
/** What a run cannot hold: its runs start after the last of these before a word. */
const OUTSIDE_RUNS = /[^-/.@_\p{L}\p{M}\p{N}\uD800-\uDFFF]/u;

/** The lexemes of a tsquery as PostgreSQL prints it (`'mont' <-> 'carlo' & !'simul'`), quotes undone. */
export function queryLexemes(tsQueryText: string): Set<string> {
  return new Set([...tsQueryText.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] ?? '').replace(/''/g, "'")));
}

/**
 * The beginning a word must have to stem to `lexeme`: the English stemmer removes endings, turns a
 * final y into i and may add an e (`conflated` → `conflate`); its few exceptions keep two letters at
 * least (`dying` → `die`, `skies` → `sky`). So a word that does not start so cannot stem to it, and is
 * not looked up.
 */
const stemStart = (lexeme: string) => lexeme.slice(0, Math.max(1, lexeme.length - 2));

/** A word of a text, lower-cased, and where it stands (lower-casing may change a word's length). */
interface Word {
  word: string;
  range: MatchRange;
}

/** A run of a text that may be marked, and its parts when it is joined (empty otherwise). */
export interface Run extends Word {
  parts: Word[];
}

const wordAt = (text: string, start: number): Word => ({
  word: text.toLowerCase(),
  range: [start, start + text.length],
});

/** `text` matched literally (a unicode-mode pattern escapes only its syntax characters, `-` not among them). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What a page's texts are searched for: the query's lexemes, the start a word must have to stem to
 * one of them, and a pattern finding those starts at a part's beginning, in any case.
 */
export interface Highlighting {
  lexemes: ReadonlySet<string>;
  stemStarts: readonly string[];
  starts: RegExp;
}

/** Undefined when the query has no lexeme to mark (an author alone, only stop words). */
export function highlightingOf(tsQueryText: string): Highlighting | undefined {
  const lexemes = queryLexemes(tsQueryText);
  if (lexemes.size === 0) return undefined;
  const stemStarts = [...new Set([...lexemes].map(stemStart))];
  const pattern = `(?<![\\p{L}\\p{M}\\p{N}])(?:${stemStarts.map(escapeRegExp).join('|')})`;
  return { lexemes, stemStarts, starts: new RegExp(pattern, 'giu') };
}

/**
 * The runs of `text` that hold a word starting as one of the lexemes may: only those can be marked,
 * and reading only them spares tokenising the whole abstract.
 */
export function runsToMark(text: string | null, { starts }: Highlighting): Run[] {
  if (!text) return [];
  const hits = new RegExp(starts.source, starts.flags);
  const runs = new RegExp(RUN.source, RUN.flags);
  const found: Run[] = [];
  for (let hit = hits.exec(text); hit; hit = hits.exec(text)) {
    // Back to where a run containing the hit may start, then the runs from there up to the hit's.
    let from = hit.index;
    while (from > 0 && !OUTSIDE_RUNS.test(text[from - 1] as string)) from -= 1;
    runs.lastIndex = from;
    let run = runs.exec(text);
    while (run && run.index + run[0].length <= hit.index) run = runs.exec(text);
    if (!run) break;
    const parts = JOINED.test(run[0])
      ? [...run[0].matchAll(PART)].map((part) => wordAt(part[0], run.index + part.index))
      : [];
    found.push({ ...wordAt(run[0], run.index), parts });
    hits.lastIndex = run.index + run[0].length;
  }
  return found;
}

/**
 * The lower-cased words (and joined runs) of these runs that may stem to one of the query's lexemes:
 * the ones whose lexemes must be known before the runs can be marked.
 */
export function candidateWords(runs: readonly Run[], { stemStarts }: Highlighting): Set<string> {
  const mayMatch = (word: string) => stemStarts.some((start) => word.startsWith(start));
  const words = new Set<string>();
  for (const run of runs) {
    for (const { word } of run.parts.length ? [...run.parts, run] : [run]) if (mayMatch(word)) words.add(word);
  }
  return words;
}

/** The offsets of the words of these runs that `matches` (given the lower-cased word) accepts. */
export function matchRanges(runs: readonly Run[], matches: (word: string) => boolean): MatchRange[] {
  const ranges: MatchRange[] = [];
  for (const run of runs) {
    const parts = run.parts.filter((part) => matches(part.word));
    for (const part of parts) ranges.push(part.range);
    if (parts.length === 0 && matches(run.word)) ranges.push(run.range);
  }
  return ranges;
}
