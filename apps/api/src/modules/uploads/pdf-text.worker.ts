import { type DocumentLimits, extractPdfText, loadPdfJs } from './pdf-text';
import { PdfLimitError } from './pdf-text-limits';

/**
 * Extraction process entry (forked by pdf-text-worker.ts): extracts text from the PDF bytes it is
 * sent and answers with the result. `isLimit` marks a document refused by a limit (never retried).
 * A stack overflow is pdf.js's recursive parser meeting nesting thousands deep: that document is
 * refused the same way.
 */
process.on('message', async ({ id, data, limits }: { id: number; data: Uint8Array; limits: DocumentLimits }) => {
  try {
    process.send?.({ id, result: await extractPdfText(data, limits) });
  } catch (error) {
    // pdf.js passes its own errors on by message (not as RangeError), so the message decides.
    const isOverflow = error instanceof Error && /maximum call stack/i.test(error.message);
    const message = isOverflow
      ? 'the PDF is nested too deeply to read'
      : error instanceof Error
        ? error.message
        : String(error);
    process.send?.({ id, error: message, isLimit: isOverflow || error instanceof PdfLimitError });
  }
});

// Ready once pdf.js is loaded: a document's time budget starts when it is sent, not while this starts.
void loadPdfJs().then(() => process.send?.({ ready: true }));

// The server went away (crashed, or killed with SIGKILL): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
