import { assertInflatedSizeWithin } from './pdf-inflated-size';
import { layoutLines, type PdfLayout, plainMetadata } from './pdf-layout';
import { limitReasons, PdfLimitError, type PdfTextLimits } from './pdf-text-limits';

export interface PdfText {
  text: string;
  pageCount: number;
  /** Each page's text (pages[0] is page 1): `text` is these joined by a blank line. */
  pages: string[];
  /** Info dictionary, XMP and the first page's lines, for the metadata reader (pdf-metadata.ts). */
  layout: PdfLayout;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdfjs-dist's Node build, loaded on first use (it is large and most requests never need it). With
 * no worker available it runs its "fake worker" in this process, which is what a server wants.
 */
// pdfjs-dist 5 dropped `isEvalSupported`: it no longer compiles font programs with eval at all.
export const loadPdfJs = (): Promise<PdfJs> => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

/** The limits pdf-text.ts checks itself; time and memory are the worker's (pdf-text-worker.ts). */
export type DocumentLimits = Pick<PdfTextLimits, 'maxPages' | 'maxTextChars' | 'maxInflatedBytes'>;

/**
 * The text of every page, in reading order as pdf.js gives it, pages separated by a blank line.
 * NUL characters are dropped: PostgreSQL text cannot hold them and some PDFs emit them. Limits
 * (docs/security.md#work-queue-and-pdf-limits): a flate bomb is refused before parsing, a page-count bomb before its first page, and a
 * text over the cap as soon as it passes it (PdfLimitError, with the reason).
 */
export async function extractPdfText(data: Uint8Array, limits: DocumentLimits): Promise<PdfText> {
  await assertInflatedSizeWithin(data, limits.maxInflatedBytes);
  const { getDocument } = await loadPdfJs();
  const task = getDocument({ data, useSystemFonts: true, verbosity: 0 });
  const document = await task.promise;
  try {
    if (document.numPages > limits.maxPages) {
      throw new PdfLimitError(limitReasons.pages(document.numPages, limits.maxPages));
    }
    const pages: string[] = [];
    const { info, metadata } = await document.getMetadata().catch(() => ({ info: {}, metadata: null }));
    const layout: PdfLayout = { ...plainMetadata(info, metadata), pageHeight: 0, pageWidth: 0, firstPage: [] };
    let length = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      if (number === 1) {
        const [, , width = 0, height = 0] = page.view;
        Object.assign(layout, { pageWidth: width, pageHeight: height, firstPage: layoutLines(content.items) });
      }
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text.replaceAll('\u0000', '').trim());
      page.cleanup();
      length += (pages.at(-1)?.length ?? 0) + 2;
      if (length - 2 > limits.maxTextChars) throw new PdfLimitError(limitReasons.text(limits.maxTextChars));
    }
    return { text: pages.join('\n\n'), pageCount: document.numPages, pages, layout };
  } finally {
    await task.destroy();
  }
}
