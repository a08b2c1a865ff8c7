import { type TUploadForm, ZUploadForm } from '@paperbench/contract';
import { AppError } from '../../lib/app-error';

/** What the papers row of an upload is made of, after spec §5's defaults. */
export interface UploadMetadata {
  title: string;
  authors: string[];
  /** YYYY-MM-DD; 1900-01-01 when the form left it empty (spec §9). */
  publishedDate: string;
  abstract: string | null;
  /** The client's file name, made safe to display and store. */
  filename: string;
}

/** A display name from a client-supplied file name: no control characters, no path, bounded length. */
export function cleanFilename(name: string): string {
  const printable = [...name].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const base = printable.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 255) || 'upload.pdf';
}

/**
 * The text fields, validated with the contract's ZUploadForm (the same rules the dialog applies):
 * title defaults to the file name without .pdf (spec §5 Drop), authors are split on commas.
 */
export function parseUploadForm(fields: Record<string, string>, rawFilename: string): UploadMetadata {
  const parsed = ZUploadForm.safeParse(fields);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      in: 'body',
      field: issue.path.join('.') || 'body',
      message: issue.message,
    }));
    const summary = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
    throw new AppError('INVALID_REQUEST', `Invalid upload form: ${summary}`, { fields: problems });
  }
  const form: TUploadForm = parsed.data;
  const filename = cleanFilename(rawFilename);
  return {
    title: form.title || filename.replace(/\.pdf$/i, '').trim() || 'Untitled',
    authors: (form.authors ?? '')
      .split(',')
      .map((author) => author.trim())
      .filter(Boolean),
    publishedDate: form.published,
    abstract: form.abstract || null,
    filename,
  };
}
