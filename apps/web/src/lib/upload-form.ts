import { DEFAULT_PUBLISHED_DATE } from '@paperbench/contract';
import { isPdfFile } from './upload-progress';

/** requirements §5: the alert for a file that is not a PDF. */
export const NOT_A_PDF_ALERT = 'Please choose a PDF file.';
export const FUTURE_DATE_ALERT = 'The published date cannot be later than today.';

/** Today in the user's own calendar, YYYY-MM-DD (the date input's max, requirements §5). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type TUploadFields = { title: string; authors: string; published: string; abstract: string; file: File | null };

/** requirements §5: a chosen file is kept only if it is a PDF (else the alert 'Please choose a PDF file.'). */
export function checkChosenFile(file: File | null | undefined): { file: File | null; alert: string | null } {
  if (!file) return { file: null, alert: null };
  return isPdfFile(file) ? { file, alert: null } : { file: null, alert: NOT_A_PDF_ALERT };
}

/**
 * requirements §5 Upload dialog: proceeds only with a PDF; published defaults to 1900-01-01 when empty and may
 * not be later than today. Returns the multipart fields, or the alert that stops the upload.
 */
export function buildUploadBody(
  fields: TUploadFields,
  today: string = todayIso(),
):
  | { ok: true; body: { file: File; title: string; authors: string; published: string; abstract: string } }
  | { ok: false; alert: string } {
  if (!fields.file || !isPdfFile(fields.file)) return { ok: false, alert: NOT_A_PDF_ALERT };
  const published = fields.published.trim() || DEFAULT_PUBLISHED_DATE;
  if (published > today) return { ok: false, alert: FUTURE_DATE_ALERT };
  return {
    ok: true,
    body: {
      file: fields.file,
      title: fields.title.trim(),
      authors: fields.authors.trim(),
      published,
      abstract: fields.abstract.trim(),
    },
  };
}

/** The server's detail of a failed call: a string `details`, else its `message`, else the error's own message. */
function failureDetail(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'body' in error) {
    const body = (error as { body: unknown }).body;
    if (typeof body === 'object' && body !== null) {
      const { details, detail, message } = body as Record<string, unknown>;
      for (const candidate of [detail, details, message])
        if (typeof candidate === 'string' && candidate) return candidate;
    }
  }
  return error instanceof Error && error.message ? error.message : null;
}

/** requirements §8: 'Upload Failed' plus the server's detail, or the error message, or 'Upload failed.', then 'Please try again.'. */
export function uploadFailureAlert(error: unknown): string {
  return `Upload Failed: ${failureDetail(error) ?? 'Upload failed.'} Please try again.`;
}

/** The reason of a failed drop upload, for its progress entry (cut to 30 characters there). */
export function uploadFailureReason(error: unknown): string {
  return failureDetail(error) ?? 'Upload failed.';
}
