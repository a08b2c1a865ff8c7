import { createDeflate, deflateSync } from 'node:zlib';

/**
 * Hostile PDFs built at test time (docs/security.md#work-queue-and-pdf-limits), never stored as fixtures: each is a small file
 * whose cost only shows once a parser opens it.
 */

/** A PDF of the given objects (1-based numbering in order; object 1 is the catalog), with a correct xref. */
export function buildPdf(objects: readonly (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object of the given (already encoded) bytes. */
const streamObject = (data: Buffer, filter?: string) =>
  Buffer.concat([
    Buffer.from(`<< /Length ${data.length}${filter ? ` /Filter /${filter}` : ''} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

const page = (contents: number, extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 ${contents + 1} 0 R >> >>${extra} >>`;
const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const textStream = (text: string) => streamObject(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`, 'latin1'));

/** A small, valid one-page PDF saying `text` (what a normal upload after a bomb looks like). */
export function plainPdf(text = 'An ordinary paper'): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4),
    textStream(text),
    font,
  ]);
}

/**
 * A 1 KB PDF whose page tree declares 10^levels pages (default a million) with one real page: each
 * /Pages node lists the next one ten times, so the counts are consistent and a parser believes them
 * (it once stalled extraction for 8.7 minutes).
 */
export function pageCountBomb(levels = 6): Buffer {
  // Objects: 1 catalog, 2..levels+1 the /Pages nodes (2 is the root), then the page, its content, its font.
  const pageObject = levels + 2;
  const nodes = Array.from({ length: levels }, (_, level) => {
    const parent = level === 0 ? '' : ` /Parent ${level + 1} 0 R`;
    const kid = level === levels - 1 ? pageObject : level + 3;
    return `<< /Type /Pages${parent} /Kids [${Array(10).fill(`${kid} 0 R`).join(' ')}] /Count ${10 ** (levels - level)} >>`;
  });
  const leaf = `<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 612 792] /Contents ${pageObject + 1} 0 R /Resources << /Font << /F1 ${pageObject + 2} 0 R >> >> >>`;
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...nodes, leaf, textStream('one real page'), font]);
}

/** Deflate of `inflatedBytes` zeros, streamed so the test never holds the inflated size. */
export async function deflatedZeros(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflatedBytes; written += block.length) {
    if (!deflate.write(block.subarray(0, Math.min(block.length, inflatedBytes - written)))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await finished;
  return Buffer.concat(chunks);
}

/** A page whose content stream inflates to `inflatedBytes` (default 1 GiB) from about a thousandth of it. */
export async function flateBomb(inflatedBytes = 1024 ** 3): Promise<Buffer> {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4),
    streamObject(await deflatedZeros(inflatedBytes), 'FlateDecode'),
    font,
  ]);
}

/** Arrays nested `depth` deep in the page dictionary and in its content stream (recursive parsers overflow). */
export function deepNestingBomb(depth = 100_000): Buffer {
  const nested = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4, ` /Deep ${nested}`),
    streamObject(Buffer.from(`${nested} pop BT /F1 12 Tf 72 720 Td (deep) Tj ET`, 'latin1')),
    font,
  ]);
}

/**
 * One page whose content stream shows `strings` strings of `length` characters each: many strings
 * for the text cap; one string of tens of millions of characters for the heap cap (pdf.js's lexer
 * collects a string one character per array slot).
 */
export function textFloodPdf(strings = 3000, length = 10_000): Buffer {
  const show = `(${'x'.repeat(length)}) Tj T* `;
  const content = deflateSync(Buffer.from(`BT /F1 12 Tf 72 720 Td ${show.repeat(strings)} ET`, 'latin1'), { level: 9 });
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4),
    streamObject(content, 'FlateDecode'),
    font,
  ]);
}
