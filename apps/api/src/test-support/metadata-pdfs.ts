import { buildPdf } from './pdf-bombs';

/**
 * Small PDFs built at test time for the metadata reader (docs/uploads.md#metadata-from-the-pdf): a
 * first page laid out like a paper's, with an info dictionary, and a page with no text at all.
 */

/** A PDF string literal: backslashes and parentheses escaped, Latin-1 only. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

export interface LaidOutLine {
  text: string;
  size: number;
  /** Baseline from the bottom of a 612 × 792 page. */
  y: number;
  /** Left edge; 72 (the margin) when not given. */
  x?: number;
}

/** A one-page PDF with these lines (Helvetica, at their x or the left margin 72) and these info dictionary entries. */
export function laidOutPdf(lines: readonly LaidOutLine[], info: Record<string, string> = {}): Buffer {
  const content = lines.map(({ text, size, y, x = 72 }) => `BT /F1 ${size} Tf ${x} ${y} Td ${literal(text)} Tj ET`).join('\n');
  const entries = Object.entries(info)
    .map(([key, value]) => `/${key} ${literal(value)}`)
    .join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< ${entries} >>`,
  ];
  return buildPdf(objects, ' /Info 6 0 R');
}

/** A paper's first page: title, authors with affiliation marks, affiliation, abstract, DOI, date. */
export const samplePaperLines: LaidOutLine[] = [
  { text: 'Journal of Testing 12 (2021) 1-9', size: 8, y: 760 },
  { text: 'Reading Metadata from Born-Digital', size: 18, y: 700 },
  { text: 'Research Papers', size: 18, y: 678 },
  { text: 'Ada Lovelace1, Charles Babbage2 and Mary Somerville1', size: 11, y: 640 },
  { text: '1 Department of Mathematics, University of London', size: 8, y: 620 },
  { text: 'Abstract', size: 11, y: 580 },
  { text: 'We read the title, the authors and the abstract of a paper from the layout of its', size: 9, y: 564 },
  { text: 'first page, and its identifier from the text printed in its margins and header.', size: 9, y: 552 },
  { text: '1 Introduction', size: 11, y: 520 },
  { text: 'Papers arrive as files named after nothing in particular.', size: 10, y: 504 },
  { text: 'Published: 12 March 2021   https://doi.org/10.5555/Test.2021.42.', size: 8, y: 60 },
];

/** A page without a text layer, as a scanner makes one: only a filled rectangle where the text would be. */
export function scannedPdf(): Buffer {
  const content = '0.2 0.2 0.2 rg 72 72 468 648 re f';
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** Authors set in a grid, as ACM and older ACL styles do: two names a row, each over its affiliation. */
export const gridAuthorLines: LaidOutLine[] = [
  { text: 'Probabilistic Models over Trees', size: 18, y: 700 },
  { text: 'Ada Lovelace', size: 12, y: 660, x: 120 },
  { text: 'Charles Babbage', size: 12, y: 660, x: 360 },
  { text: 'University of London', size: 10, y: 648, x: 120 },
  { text: 'Analytical Engines Group', size: 10, y: 648, x: 360 },
  { text: 'ada@example.org', size: 10, y: 636, x: 120 },
  { text: 'Mary Somerville', size: 12, y: 616, x: 120 },
  { text: 'Redmond WA 98052', size: 12, y: 604, x: 120 },
  { text: 'Abstract', size: 12, y: 580 },
  { text: 'Authors in a grid are read row by row, and a place under them is not a name.', size: 10, y: 564 },
];
