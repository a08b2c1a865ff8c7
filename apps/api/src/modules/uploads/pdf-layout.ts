import { composeAccents } from '../../ai/text/clean/compose-accents';

/**
 * What the metadata reader (pdf-metadata.ts) needs of a PDF besides its text: the document info
 * dictionary, the XMP packet's fields and the first page's lines with their font size and position.
 * Collected by the extraction worker (pdf-text.ts) from the document it already has open, so pdf.js
 * is opened one way only, under the worker's limits (docs/uploads.md#metadata-from-the-pdf).
 */
export interface LayoutLine {
  /** The line's text; runs set in a clearly smaller font (superscripts: affiliations, footnote marks) are wrapped in ⟨…⟩. */
  text: string;
  /** Font size of the line's main runs, in PDF points. */
  size: number;
  /** Baseline height from the bottom of the page, in points. */
  y: number;
  x: number;
  /** pdf.js's name of the main run's font: tells a bold run from a regular one of the same size. */
  font: string;
}

export interface PdfLayout {
  /** Info dictionary strings (Title, Author, Subject, Keywords, CreationDate, Creator, Producer…). */
  info: Record<string, string>;
  /** XMP fields (dc:title, dc:creator, prism:doi…), a list joined with '; ' kept as an array. */
  xmp: Record<string, string | string[]>;
  pageHeight: number;
  pageWidth: number;
  firstPage: LayoutLine[];
}

/** Bounds what one hostile document can make the worker send back. */
const MAX_LINES = 400;
const MAX_FIELD_CHARS = 2000;

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

const clip = (value: string) => value.replaceAll('\u0000', '').slice(0, MAX_FIELD_CHARS);

/** Only string values (and string lists) of the info dictionary and XMP packet, clipped. */
export function plainMetadata(info: unknown, xmp: Iterable<[string, unknown]> | null | undefined) {
  const out: Pick<PdfLayout, 'info' | 'xmp'> = { info: {}, xmp: {} };
  for (const [key, value] of Object.entries((info ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && value.trim()) out.info[key] = clip(value);
  }
  for (const [key, value] of xmp ?? []) {
    if (typeof value === 'string' && value.trim()) out.xmp[key] = clip(value);
    else if (Array.isArray(value)) {
      const strings = value.filter((item): item is string => typeof item === 'string').slice(0, 200);
      if (strings.length > 0) out.xmp[key] = strings.map(clip);
    }
  }
  return out;
}

const runSize = (run: TextRun) => Math.hypot(run.transform[2] ?? 0, run.transform[3] ?? 0) || 0;

/**
 * pdf.js text runs grouped into lines: a run starts a new line when its baseline moves by more than
 * half the line's size (a superscript moves less) or when it goes back left of where the line got to
 * (the next line, or a margin line number). A vertical run (the arXiv stamp in the margin) is its own line.
 */
export function layoutLines(items: readonly unknown[]): LayoutLine[] {
  const lines: Array<{ runs: TextRun[]; y: number; x: number }> = [];
  let current: { runs: TextRun[]; y: number; x: number; size: number; end: number } | undefined;
  let endedLine = true;
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('str' in item)) continue;
    const run = item as TextRun;
    const size = runSize(run);
    const [a = 0, b = 0, , , x = 0, y = 0] = run.transform;
    const vertical = Math.abs(b) > Math.abs(a);
    if (!run.str.trim()) {
      if (current && run.str) current.runs.push(run);
      continue;
    }
    const lineSize = Math.max(size, current?.size ?? 0);
    // A run back to the left of where the line got to is a new line (or a margin line number).
    const wentBack = current !== undefined && x < current.end - lineSize;
    if (!current || endedLine || vertical || wentBack || Math.abs(y - current.y) > lineSize * 0.5) {
      if (lines.length >= MAX_LINES) break;
      current = { runs: [], y, x, size, end: x };
      lines.push(current);
    }
    current.runs.push(run);
    current.size = Math.max(current.size, size);
    current.end = Math.max(current.end, x + (run.width || 0));
    endedLine = vertical;
  }
  return lines.map(({ runs, x }) => {
    const sized = runs.filter((run) => run.str.trim());
    // The main size: the one carrying most characters.
    const weight = new Map<number, number>();
    for (const run of sized) {
      const size = Math.round(runSize(run) * 10) / 10;
      weight.set(size, (weight.get(size) ?? 0) + run.str.trim().length);
    }
    const size = [...weight].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
    const main = sized.find((run) => Math.round(runSize(run) * 10) / 10 === size);
    const y = main?.transform[5] ?? 0;
    let text = '';
    let end: number | undefined;
    for (const run of runs) {
      const small = run.str.trim() && runSize(run) < size * 0.8;
      const start = run.transform[4] ?? 0;
      // Names set side by side ("Aria Haghighi      Dan Klein") are apart by more than a space (a
      // quarter to a third of the size): an empty marker keeps them apart for the author reader and
      // vanishes from plain text.
      if (end !== undefined && run.str.trim() && start - end > size * 0.6) text += ' ⟨⟩ ';
      text += small ? `⟨${run.str.trim()}⟩` : run.str;
      if (run.str.trim()) end = start + (run.width || 0);
    }
    // Icon glyphs (ORCID, e-mail marks) sit in the private use area; accents, spacing ones pdf.js gives
    // beside their letter included ("ˇReh˚uˇrek"), are composed so names compare equal (docs/ai.md#clean-text).
    const clean = composeAccents(text).replace(/\p{Co}/gu, ' ');
    return { text: clip(clean.replace(/\s+/g, ' ').trim()), size, y, x, font: main?.fontName ?? '' };
  });
}
