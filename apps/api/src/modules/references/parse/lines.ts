/**
 * A paper's pages as lines with their place in `paper_texts.pages`, page furniture (running
 * headers, footers, page numbers) removed: the reference parser reads these (docs/references.md#parsing).
 */
export interface PageLine {
  /** 1-based page. */
  page: number;
  /** Offset of the line's first character in that page's text. */
  start: number;
  text: string;
}

const EDGE_LINES = 4;

/** A line with digits and spacing folded, so "Smith et al. 3" and "Smith et al. 4" compare equal. */
const furnitureKey = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

/** Lines near the top or bottom of at least half the pages (and at least 3) are headers or footers. */
function furnitureKeys(pages: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const lines = page.split('\n');
    const edge = new Set([...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)].map(furnitureKey));
    for (const key of edge) if (key.length > 0) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...counts].filter(([key, count]) => count >= needed && key !== '#').map(([key]) => key));
}

/** Every non-empty line of every page, in order, without headers, footers and bare page numbers. */
export function pageLines(pages: readonly string[]): PageLine[] {
  const furniture = furnitureKeys(pages);
  const out: PageLine[] = [];
  pages.forEach((page, index) => {
    const lines = page.split('\n');
    let offset = 0;
    lines.forEach((text, at) => {
      const start = offset;
      offset += text.length + 1;
      const trimmed = text.trim();
      if (trimmed.length === 0) return;
      const nearEdge = at < EDGE_LINES || at >= lines.length - EDGE_LINES;
      if (nearEdge && (furniture.has(furnitureKey(trimmed)) || /^\d{1,4}$/.test(trimmed))) return;
      out.push({ page: index + 1, start: start + text.indexOf(trimmed), text: trimmed });
    });
  });
  return out;
}

/**
 * Preprints with line numbers (medRxiv, bioRxiv) glue a running number to the end of each line.
 * When most lines end in digits that mostly increase, those digits are cut off.
 */
export function stripLineNumbers(lines: PageLine[]): PageLine[] {
  const numbers = lines.map((line) => /(?<=\D)(\d{1,4})$/.exec(line.text)?.[1]).map((n) => (n ? Number(n) : null));
  const numbered = numbers.filter((n) => n !== null).length;
  if (lines.length < 5 || numbered < lines.length * 0.6) return lines;
  let increasing = 0;
  let last = -1;
  for (const n of numbers) {
    if (n === null) continue;
    if (n === last + 1) increasing++;
    last = n;
  }
  if (increasing < numbered * 0.6) return lines;
  // The number follows the previous line's, even glued to a DOI's digits ("djy218" + "360").
  let expected = -1;
  return lines.map((line, i) => {
    const next = String(expected + 1);
    const found = numbers[i];
    if (expected >= 0 && line.text.length > next.length && line.text.endsWith(next)) {
      expected++;
      return { ...line, text: line.text.slice(0, -next.length).trimEnd() };
    }
    if (found === null || found === undefined) return line;
    expected = found;
    return { ...line, text: line.text.slice(0, -String(found).length).trimEnd() };
  });
}
