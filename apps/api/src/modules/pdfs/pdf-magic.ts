import { AppError } from '../../lib/app-error';

/** Every PDF starts with these bytes (ISO 32000-1 §7.5.2); names and MIME types prove nothing. */
export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export interface PdfCheckErrors {
  empty: () => Error;
  notPdf: () => Error;
}

/** How an upload's file is refused (architecture: uploads are checked by content). */
export const UPLOAD_PDF_ERRORS: PdfCheckErrors = {
  empty: () => new AppError('INVALID_REQUEST', 'The file is empty'),
  notPdf: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PDF (it does not start with %PDF-)'),
};

/**
 * Passes a byte stream through unchanged once its first bytes are `%PDF-`, and fails on the first
 * chunk that proves otherwise, so a 50 MB non-PDF is refused after a few bytes, not after storing it.
 */
export async function* requirePdfMagic(
  source: AsyncIterable<Uint8Array>,
  errors: PdfCheckErrors,
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of source) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (checked) {
      yield bytes;
      continue;
    }
    head = Buffer.concat([head, bytes]);
    if (head.length < PDF_MAGIC.length) {
      if (!PDF_MAGIC.subarray(0, head.length).equals(head)) throw errors.notPdf();
      continue;
    }
    if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw errors.notPdf();
    checked = true;
    yield head;
  }
  if (!checked) throw head.length === 0 ? errors.empty() : errors.notPdf();
}
