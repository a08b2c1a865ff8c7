export interface PdfText {
  text: string;
  pageCount: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdfjs-dist's Node build, loaded on first use (it is large and most requests never need it). With
 * no worker available it runs its "fake worker" in this process, which is what a server wants.
 */
// pdfjs-dist 5 dropped `isEvalSupported`: it no longer compiles font programs with eval at all.
const loadPdfJs = (): Promise<PdfJs> => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

/**
 * The text of every page, in reading order as pdf.js gives it, pages separated by a blank line.
 * NUL characters are dropped: PostgreSQL text cannot hold them and some PDFs emit them.
 */
export async function extractPdfText(data: Uint8Array): Promise<PdfText> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({ data, useSystemFonts: true, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text.replaceAll('\u0000', '').trim());
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pageCount: document.numPages };
  } finally {
    await task.destroy();
  }
}
