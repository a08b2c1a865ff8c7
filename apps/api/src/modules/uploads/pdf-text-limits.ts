/** The limits one document's extraction runs under (docs/security.md#work-queue-and-pdf-limits); config EXTRACTION_*. */
export interface PdfTextLimits {
  /** Heap cap of the worker thread, in MB. */
  maxHeapMb: number;
  /** Wall-clock budget of one document, in milliseconds: past it the worker is terminated. */
  timeoutMs: number;
  /** Most pages a document may declare; checked before any page is read. */
  maxPages: number;
  /** Most characters of text stored; a longer text is refused, not truncated. */
  maxTextChars: number;
  /** Most bytes the document's compressed non-image streams may inflate to, all together. */
  maxInflatedBytes: number;
}

/** pdf.js could not read the document (not a PDF, broken structure): trying again cannot help. */
export class PdfRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRefusedError';
  }
}

/** A document over one of the limits: extraction of it can never succeed, so it is never retried. */
export class PdfLimitError extends PdfRefusedError {
  constructor(message: string) {
    super(message);
    this.name = 'PdfLimitError';
  }
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The reasons users read on a failed File List row; keep them short and plain. */
export const limitReasons = {
  pages: (declared: number, max: number) => `the PDF declares ${declared} pages, more than the limit of ${max}`,
  text: (max: number) => `the PDF's text is longer than the limit of ${max} characters`,
  inflated: (max: number) => `the PDF's compressed content unpacks to more than ${mb(max)}`,
  timeout: (ms: number) => `reading the PDF took longer than the limit of ${Math.round(ms / 1000)} s`,
  memory: (heapMb: number) => `reading the PDF needed more than the memory limit of ${heapMb} MB`,
  resident: (rssMb: number) => `reading the PDF took more than ${rssMb} MB of memory`,
};
