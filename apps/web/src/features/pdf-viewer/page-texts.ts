import { piecesOfItems } from './find-matches';
import type { PDFDocumentProxy } from './load-pdfjs';

// docs/reading.md#find: each document's page texts, read once (pdf.js fetches what it lacks) and kept with it.
const cache = new WeakMap<PDFDocumentProxy, Promise<string[]>>();

/** Every page's text, as the text layer holds it (find-matches.ts); pageTexts[0] is page 1. */
export function loadPageTexts(doc: PDFDocumentProxy): Promise<string[]> {
  let texts = cache.get(doc);
  if (!texts) {
    texts = Promise.all(
      Array.from({ length: doc.numPages }, async (_, index) => {
        const content = await (await doc.getPage(index + 1)).getTextContent();
        return piecesOfItems(content.items as { str?: string; hasEOL?: boolean }[]).join('');
      }),
    );
    // A failed read is tried again on the next search, not cached.
    texts.catch(() => cache.delete(doc));
    cache.set(doc, texts);
  }
  return texts;
}
