/** The real PDFs of the library benchmark (apps/api/test/fixtures/pdfs) and a 20-page one made from two of them. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiRoot } from './server';

export const PDF_DIR = path.join(apiRoot, 'test', 'fixtures', 'pdfs');
/** Vespa-Webb et al., PeerJ CS 2017: 16 pages, the longest fixture. */
export const PEERJ_PDF = path.join(PDF_DIR, 'peerj-cs-2017-vespa-webb-et-al.pdf');
/** Ammar et al., NAACL 2018: 8 pages. */
export const NAACL_PDF = path.join(PDF_DIR, 'naacl2018-literature-graph-ammar-et-al.pdf');

export interface BenchPdf {
  label: string;
  bytes: Buffer;
  pages: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const loadPdfJs = (): Promise<PdfJs> => import('pdfjs-dist/legacy/build/pdf.mjs');

export async function countPages(data: Buffer): Promise<number> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({ data: new Uint8Array(data), verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

/**
 * PeerJ (16 pages) followed by NAACL pages 1-4: a real 20-page PDF, merged with pdf.js's own
 * `extractPages` (pdfjs-dist is already a dependency of the API; nothing new is installed).
 */
async function mergedTwentyPages(): Promise<Buffer> {
  const { getDocument } = await loadPdfJs();
  const peerj = new Uint8Array(await readFile(PEERJ_PDF));
  const naacl = new Uint8Array(await readFile(NAACL_PDF));
  const task = getDocument({ data: peerj, verbosity: 0 });
  try {
    const document = await task.promise;
    const merged = await document.extractPages([{ document: null }, { document: naacl, includePages: [[0, 3]] }]);
    return Buffer.from(merged);
  } finally {
    await task.destroy();
  }
}

export async function benchPdfs(): Promise<BenchPdf[]> {
  const peerj = await readFile(PEERJ_PDF);
  const merged = await mergedTwentyPages();
  return [
    { label: 'PeerJ CS 2017 (fixture)', bytes: peerj, pages: await countPages(peerj) },
    { label: 'PeerJ + NAACL pp. 1-4 (merged)', bytes: merged, pages: await countPages(merged) },
  ];
}
