/**
 * Edits (insert, delete, substitute, swap two neighbours) between two words: the optimal string
 * alignment distance, so the common typo "grpah" is one edit from "graph".
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Most edits a correction may make: one per three letters, at least two. */
const maxEdits = (word: string) => Math.max(2, Math.floor(word.length / 3));

/** The candidate fewest edits from `word` (ties: the one in more papers), or null when all are too far. */
export function closestSpelling(word: string, candidates: readonly string[], papersWith: Map<string, number>) {
  let best: { candidate: string; edits: number; count: number } | null = null;
  for (const candidate of candidates) {
    const edits = editDistance(word, candidate);
    const count = papersWith.get(candidate) ?? 0;
    if (edits > maxEdits(word)) continue;
    if (!best || edits < best.edits || (edits === best.edits && count > best.count)) best = { candidate, edits, count };
  }
  return best?.candidate ?? null;
}

/**
 * The word with each pair of neighbouring letters swapped: "grpah" gives "graph". Trigrams cannot
 * find these (a swap breaks three of a short word's trigrams), so they are candidates of their own.
 */
export function adjacentSwaps(word: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] === word[i + 1]) continue;
    swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...swaps];
}
