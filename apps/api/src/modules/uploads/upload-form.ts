import { type TUploadForm, ZUploadForm } from '@paperbench/contract';
import { AppError } from '../../lib/app-error';

/** What the papers row of an upload is made of, after requirements §5's defaults. */
export interface UploadMetadata {
  title: string;
  authors: string[];
  /** YYYY-MM-DD; 1900-01-01 when the form left it empty (requirements §9). */
  publishedDate: string;
  abstract: string | null;
  /** The client's file name, made safe to display and store. */
  filename: string;
  /** The fields the uploader filled in: what the PDF says never replaces them (docs/uploads.md#metadata-from-the-pdf). */
  typedFields: TypedField[];
}

export type TypedField = 'title' | 'authors' | 'published' | 'abstract';

/** requirements §9: the date of an upload whose form left it empty; not a publication date. */
export const UNKNOWN_PUBLISHED = '1900-01-01';

/** requirements §5 Drop: an upload without a typed title is called by its file name, without .pdf. */
export const titleFromFilename = (filename: string) => filename.replace(/\.pdf$/i, '').trim() || 'Untitled';

/** A display name from a client-supplied file name: no control characters, no path, bounded length. */
export function cleanFilename(name: string): string {
  const printable = [...name].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const base = printable.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 255) || 'upload.pdf';
}

/**
 * ts-rest's typed client builds multipart bodies with JSON.stringify on every part that is not a
 * File, so its `published` arrives as "\"1900-01-01\"". A part that is exactly one JSON string literal
 * is decoded; anything else (a browser FormData field) is taken as typed.
 */
export function decodeTextPart(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const decoded: unknown = JSON.parse(value);
    return typeof decoded === 'string' ? decoded : value;
  } catch {
    return value;
  }
}

/**
 * The text fields, validated with the contract's ZUploadForm (the same rules the dialog applies):
 * title defaults to the file name without .pdf (requirements §5 Drop), authors are split on commas.
 */
export function parseUploadForm(fields: Record<string, string>, rawFilename: string): UploadMetadata {
  const decoded = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, decodeTextPart(value)]));
  const parsed = ZUploadForm.safeParse(decoded);
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
  const authors = (form.authors ?? '')
    .split(',')
    .map((author) => author.trim())
    .filter(Boolean);
  const typed: Record<TypedField, boolean> = {
    title: Boolean(form.title),
    authors: authors.length > 0,
    published: form.published !== UNKNOWN_PUBLISHED,
    abstract: Boolean(form.abstract),
  };
  return {
    title: form.title || titleFromFilename(filename),
    authors,
    publishedDate: form.published,
    abstract: form.abstract || null,
    filename,
    typedFields: (Object.keys(typed) as TypedField[]).filter((field) => typed[field]),
  };
}
