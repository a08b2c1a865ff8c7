/** `[3]`, `[1, 2]`: the markers of a written section (as ai/grounding/cited-sentences.ts reads them), with the space before. */
const MARKER = /(\s*)\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * The reference list's numbers (docs/review.md#writing): a paper gets the next number the first time a
 * section cites it, so the list reads in order of first citation across the sections and the closing
 * paragraph; papers never cited are numbered after, in outline order.
 */
export class ReferenceNumbers {
  private readonly numbers = new Map<string, number>();

  numberOf(paperKey: string): number {
    let n = this.numbers.get(paperKey);
    if (n === undefined) {
      n = this.numbers.size + 1;
      this.numbers.set(paperKey, n);
    }
    return n;
  }

  has(paperKey: string): boolean {
    return this.numbers.has(paperKey);
  }

  /** Paper keys in number order. */
  keys(): string[] {
    return [...this.numbers.keys()];
  }
}

/**
 * A checked text with its passage numbers turned into reference numbers: each `[n]` becomes the number of
 * the paper passage n is from, a marker citing two passages of one paper cites it once, and the numbers
 * of a marker are sorted. A number with no paper (never the case for a checked text, whose citations are
 * passages that exist) is dropped, and a marker left empty with it: no number outside the reference list
 * reaches the output.
 */
export function renumberCitations(
  text: string,
  paperOfPassage: (n: number) => string | undefined,
  references: ReferenceNumbers,
): string {
  return text
    .replace(MARKER, (_marker, space: string, list: string) => {
      const numbers = list.split(',').flatMap((n) => {
        const key = paperOfPassage(Number(n.trim()));
        return key === undefined ? [] : [references.numberOf(key)];
      });
      const unique = [...new Set(numbers)].sort((a, b) => a - b);
      return unique.length === 0 ? '' : `${space}[${unique.join(', ')}]`;
    })
    .trim();
}
