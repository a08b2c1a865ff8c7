import type { TextEdit } from './text-edits';

/** How many lines at the top and at the bottom of a page may be running headers, footers or page numbers. */
const EDGE_LINES = 4;

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(page: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const text of page.split('\n')) {
    lines.push({ start, end: start + text.length, text });
    start += text.length + 1;
  }
  return lines;
}

/** The non-empty lines near the top and the bottom of a page. */
function edgeLines(page: string): Line[] {
  const lines = linesOf(page).filter((line) => line.text.trim());
  if (lines.length <= 2 * EDGE_LINES) return lines;
  return [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)];
}

/**
 * A line as running headers repeat it: digits folded, and the page number at either end dropped, so
 * "2 Rehabilitation Research and Practice" and "Rehabilitation Research and Practice 3" are one line.
 */
export const runningKey = (line: string) =>
  line
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .replace(/^(?:#\s*)+|(?:\s*#)+$/g, '')
    .trim();

/**
 * Edits removing whole lines with their line breaks: a run of dropped lines goes as one edit, with the
 * line break after it, or the one before it when the run ends the page.
 */
function dropLines(page: string, lines: readonly Line[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const line of [...lines].sort((a, b) => a.start - b.start)) {
    const last = edits.at(-1);
    if (last && last.end >= line.start) last.end = Math.max(last.end, Math.min(page.length, line.end + 1));
    else edits.push({ start: line.start, end: Math.min(page.length, line.end + 1), text: '' });
  }
  const tail = edits.at(-1);
  if (tail && tail.end === page.length && tail.start > 0 && page[tail.start - 1] === '\n') tail.start -= 1;
  return edits;
}

/** Pages a document must have, and the share of them a line must top or end, to count as running. */
const needed = (pages: number) => Math.max(3, Math.ceil(pages / 2));

/** Running headers and footers: lines at the top or bottom of at least half the pages (and three), digits folded. */
export function runningKeys(pages: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(edgeLines(page).map((line) => runningKey(line.text)));
    for (const key of keys) if (/\p{L}{3}/u.test(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= needed(pages.length)).map(([key]) => key));
}

/** A page's number alone on a line: "12", "Page 3 of 10", "2 de 19", "Seite 2 von 9", "Page 2 sur 9", "3/16". */
const PAGE_NUMBER_LINE =
  /^\s*(?:(?:page|página|pagina|seite|p\.)\s*)?\d{1,4}(?:\s*(?:of|de|von|sur|di|\/)\s*\d{1,4})?\s*$/iu;

/** A running line this long is dropped wherever pdf.js put it, not only at the page's edges (a footer read mid-page). */
const DISTINCT_RUNNING = 24;

/**
 * Edits dropping each page's running lines (runningKeys) and bare page numbers at its edges; a long
 * running line also where pdf.js's reading order put it inside the page.
 */
export function runningLineEdits(pages: readonly string[]): TextEdit[][] {
  const running = runningKeys(pages);
  const bareNumber = PAGE_NUMBER_LINE;
  return pages.map((page) => {
    const edges = new Set(edgeLines(page).map((line) => line.start));
    const dropped = linesOf(page).filter((line) => {
      const key = runningKey(line.text);
      if (!edges.has(line.start)) return key.length >= DISTINCT_RUNNING && running.has(key);
      return running.has(key) || bareNumber.test(line.text);
    });
    return dropLines(page, dropped);
  });
}

/** A number glued to a page's first lines' start or last lines' end ("2271of-the-art", "in this draft.85"). */
function numberCandidates(page: string): { value: number; start: number; end: number; line: Line }[] {
  const lines = linesOf(page).filter((line) => line.text.trim());
  const found: { value: number; start: number; end: number; line: Line }[] = [];
  for (const line of lines.slice(0, EDGE_LINES)) {
    const match = /^\s*(\d{1,5})(?!\d|[.,:]\d)/.exec(line.text);
    if (match?.[1]) {
      const start = line.start + match[0].length - match[1].length;
      found.push({ value: Number(match[1]), start, end: start + match[1].length, line });
    }
  }
  for (const line of lines.slice(-EDGE_LINES)) {
    const match = /(?<![\d:-]|\d[.,])(\d{1,5})\s*$/.exec(line.text);
    if (match?.[1]) {
      const start = line.start + match.index;
      found.push({ value: Number(match[1]), start, end: start + match[1].length, line });
    }
  }
  return found;
}

/**
 * Page numbers pdf.js glued to the text: a number at a page's edge that grows by one from page to page
 * over at least half the pages (the journal's numbering, 2270, 2271…) is cut out wherever it is that
 * page's number; a line holding only it goes whole.
 */
export function pageNumberEdits(pages: readonly string[]): TextEdit[][] {
  const candidates = pages.map(numberCandidates);
  const pagesPerBase = new Map<number, Set<number>>();
  candidates.forEach((found, index) => {
    for (const { value } of found) {
      const base = value - index;
      pagesPerBase.set(base, (pagesPerBase.get(base) ?? new Set()).add(index));
    }
  });
  const [best] = [...pagesPerBase].sort((a, b) => b[1].size - a[1].size);
  if (!best || best[1].size < needed(pages.length)) return pages.map(() => []);
  const [base] = best;
  return candidates.map((found, index) => {
    const page = pages[index] ?? '';
    const hit = found.find((candidate) => candidate.value === base + index);
    if (!hit) return [];
    const alone = hit.line.text.trim() === String(hit.value);
    return alone ? dropLines(page, [hit.line]) : [{ start: hit.start, end: hit.end, text: '' }];
  });
}

/** arXiv's stamp down the first page's margin: "arXiv:2004.07180v4 [cs.CL] 20 May 2020". */
const ARXIV_STAMP =
  /arXiv:(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?\s*\[[^\]\n]{1,24}\]\s*\d{1,2}\s+\p{L}{3,9}\.?\s+\d{4}\n?/gu;

export function stampEdits(page: string): TextEdit[] {
  return [...page.matchAll(ARXIV_STAMP)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: '',
  }));
}

const MAX_FOOTNOTES = 40;

/** A footnote's text at the foot of the page, its number glued on: "10Learning rate…", "11https://…". */
const FOOTNOTE_LINE = /^(\d{1,2})(?:(?=\p{Lu})|\s?(?=https?:|www\.))/u;
/** Footnote symbols and superscript digits glued to a word: "Smith∗", "models†,", "data¹". */
const SYMBOL_MARKER = /(?<=\p{Ll}{3}|[\p{L}.,;:)][\p{L}.,;:)])(?:[∗†‡§¶]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)(?=[\s.,;:)]|$)/gu;

/**
 * Footnote markers: symbols and superscript digits glued to a word, and a plain number glued to a
 * word ("ontologies.9") when a footnote with that number starts a line below it on the same page;
 * that footnote's own number goes too.
 */
export function footnoteMarkerEdits(page: string): TextEdit[] {
  const edits: TextEdit[] = [...page.matchAll(SYMBOL_MARKER)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: '',
  }));
  // At most MAX_FOOTNOTES lines are looked up: a table of numbered rows must not cost a scan per row.
  const footnotes = linesOf(page)
    .filter((line) => FOOTNOTE_LINE.test(line.text))
    .slice(0, MAX_FOOTNOTES);
  for (const line of footnotes) {
    const label = FOOTNOTE_LINE.exec(line.text)?.[1];
    if (!label) continue;
    const marker = new RegExp(`(?<=\\p{Ll}{2}[.,;:)]?)${label}(?=[\\s.,;:)])`, 'u');
    const found = marker.exec(page.slice(0, line.start));
    if (!found) continue;
    edits.push({ start: found.index, end: found.index + label.length, text: '' });
    edits.push({ start: line.start, end: line.start + label.length, text: '' });
  }
  return edits;
}
