/**
 * docs/grants.md#related-words: words the grants themselves use beside the query's words, learned by
 * co-occurrence over the best hits. They rank grants (below the query's own words), never widen the hits.
 */

/** How many related words a query gets. */
export const MAX_RELATED = 3;
/** A related word must be in at least this many of the hits… */
const MIN_HITS = 3;
/** …and this share of them… */
const MIN_SHARE = 0.1;
/** …and that often more than in the grants at large (lift)… */
const MIN_LIFT = 4;
/** …and be used by this many grants at all: a name in one project's abstract is no related word. */
const MIN_GRANTS = 5;

export interface CoOccurrence {
  lexeme: string;
  /** Hits holding the lexeme. */
  inHits: number;
  /** Grants holding the lexeme. */
  holding: number;
}

/**
 * The lexemes most tied to the hits: held by enough of them (MIN_HITS, MIN_SHARE), far more often than by
 * grants at large (MIN_LIFT), by at least MIN_GRANTS grants; scored by share in the hits × log(grants /
 * grants holding it). The query's own lexemes, and stems one of them begins with or that begin with one, are
 * left out.
 */
export function chooseRelated(
  candidates: readonly CoOccurrence[],
  hits: number,
  total: number,
  queryLexemes: ReadonlySet<string>,
): string[] {
  if (hits === 0 || total === 0) return [];
  return candidates
    .filter(({ lexeme, inHits, holding }) => {
      const share = inHits / hits;
      // 'religi' (religious) is the query's 'religion' again: a stem sharing a prefix with the query's is left out.
      const isQueryWord = [...queryLexemes].some((query) => query.startsWith(lexeme) || lexeme.startsWith(query));
      return (
        !isQueryWord &&
        inHits >= MIN_HITS &&
        share >= MIN_SHARE &&
        holding >= MIN_GRANTS &&
        share / (holding / total) >= MIN_LIFT
      );
    })
    .map(({ lexeme, inHits, holding }) => ({ lexeme, score: (inHits / hits) * Math.log(total / holding) }))
    .sort((a, b) => b.score - a.score || a.lexeme.localeCompare(b.lexeme))
    .slice(0, MAX_RELATED)
    .map((term) => term.lexeme);
}

const WORD = /\p{L}+/gu;

/**
 * The word a stem stands for, as the hits write it most often ('oncolog' → 'oncology'): a stem of the
 * 'english' configuration is a prefix of the words it comes from, give or take a final letter (-y → -i).
 */
export function surfaceForm(lexeme: string, texts: readonly string[]): string {
  const counts = new Map<string, number>();
  // 'studi' stands for study and studies: the letter after the stem must then be y or i.
  const yEnding = lexeme.endsWith('i');
  const stem = yEnding ? lexeme.slice(0, -1) : lexeme;
  const fits = (word: string) =>
    word.startsWith(stem) && word.length <= lexeme.length + 6 && (!yEnding || 'iy'.includes(word[stem.length] ?? ''));
  for (const text of texts) {
    for (const [word] of text.toLowerCase().matchAll(WORD)) {
      if (fits(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  let best = lexeme;
  let most = 0;
  for (const [word, count] of counts) {
    if (count > most || (count === most && word < best)) [best, most] = [word, count];
  }
  return best;
}
