import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { AppError } from '../../../lib/app-error';
import { findArxivId, normaliseDoi } from './entry-ids';
import { readRisRecords } from './ris-records';

/** One entry of an imported bibliography, as the matcher needs it (docs/import-export.md#matching). */
export interface ImportedEntry {
  /** The entry's key (BibTeX key, RIS ID, CSL id) or, without one, its title: how the report names it. */
  label: string;
  title: string | null;
  /** 'Given Family', as the corpus stores names. */
  authors: string[];
  year: number | null;
  /** YYYY-MM-DD: a year alone is stored as its 1 January, a year and month as the month's first day. */
  publishedDate: string | null;
  /** 'year' when the entry gives a year alone (papers.published_precision: shown and exported as the year). */
  publishedPrecision: 'year' | null;
  abstract: string | null;
  doi: string | null;
  arxivId: string | null;
}

export type BibliographyKind = 'bibtex' | 'ris' | 'csljson';

/** What citation-js makes of an entry, as much as is read here. */
interface CslInput {
  id?: unknown;
  'citation-key'?: unknown;
  title?: unknown;
  author?: { family?: string; given?: string; literal?: string }[];
  issued?: { 'date-parts'?: unknown[][]; raw?: string };
  abstract?: unknown;
  DOI?: unknown;
  URL?: unknown;
  note?: unknown;
  number?: unknown;
  arxiv?: unknown;
  eprint?: unknown;
}

const NOT_A_BIBLIOGRAPHY = 'import a BibTeX (.bib), RIS (.ris) or CSL-JSON (.json) file';
const unsupported = (what: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', `${what}: ${NOT_A_BIBLIOGRAPHY}`);
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The file as text: UTF-8 (a BOM dropped), never a PDF, never a NUL (refused with its line). */
export function decodeBibliography(bytes: Buffer): string {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw unsupported('This file is a PDF, not a bibliography');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw unsupported('This file is not UTF-8 text, so not a bibliography');
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new AppError('INVALID_REQUEST', `line ${lineOf(text, nul)}: a NUL character is not allowed`);
  return text;
}

/** The format, read from the content (never the file name). */
export function detectKind(text: string): BibliographyKind {
  const start = text.trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'csljson';
  if (/^\s*TY {2}-/m.test(text)) return 'ris';
  if (/^\s*@[A-Za-z]+\s*[{(]/m.test(text)) return 'bibtex';
  throw unsupported('This file is not a bibliography');
}

/** How many entries the text holds, counted before anything is parsed (the entry limit's early refusal). */
export function countEntries(text: string, kind: BibliographyKind): number {
  if (kind === 'ris') return (text.match(/^\s*TY {2}-/gm) ?? []).length;
  if (kind === 'bibtex') {
    return [...text.matchAll(/@([A-Za-z]+)\s*[{(]/g)].filter(
      ([, type]) => !['comment', 'string', 'preamble'].includes((type ?? '').toLowerCase()),
    ).length;
  }
  const trimmed = text.trimStart();
  // A CSL-JSON array's top-level objects: a cheap upper bound, exact once parsed.
  return trimmed.startsWith('[') ? (trimmed.match(/"type"\s*:/g) ?? []).length : 1;
}

const chain = (input: unknown, forceType: string): CslInput[] =>
  plugins.input.chain(input, { generateGraph: false, forceType }) as CslInput[];

/** citation-js's parse error 'invalid syntax at line 3 col 1:\n…' as 'line 3: invalid syntax'. */
function bibtexError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0] ?? message;
  const at = first.match(/^(.*?)\s+at line (\d+) col \d+:?$/);
  return new AppError('INVALID_REQUEST', at ? `line ${at[2]}: ${at[1]}` : `BibTeX could not be read: ${first}`);
}

interface RawEntry {
  csl: CslInput;
  /** Raw fields citation-js drops or rewrites (eprint, arxivid, url, note), searched for ids. */
  extra: Record<string, unknown>;
}

function bibtexEntries(text: string): RawEntry[] {
  let entries: { label?: string; properties: Record<string, unknown> }[];
  try {
    entries = plugins.input.chainLink(text, { forceType: '@biblatex/text' }) as typeof entries;
  } catch (error) {
    throw bibtexError(error);
  }
  return entries.map((entry) => {
    const [csl = {}] = chain([entry], '@biblatex/entries+list');
    return { csl, extra: entry.properties };
  });
}

function risEntries(text: string): RawEntry[] {
  return readRisRecords(text).map((record) => {
    const [csl = {}] = chain(record, '@ris/record');
    return { csl: { ...csl, id: record.ID ?? csl.id, DOI: csl.DOI ?? record.DO }, extra: record };
  });
}

function cslEntries(text: string): RawEntry[] {
  // JSON can spell a NUL as an escape, which decodeBibliography's check of the raw text cannot see.
  const escapedNul = text.search(/\\u0000/i);
  if (escapedNul >= 0) {
    throw new AppError('INVALID_REQUEST', `line ${lineOf(text, escapedNul)}: a NUL character is not allowed`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(message.match(/position (\d+)/)?.[1] ?? Number.NaN);
    const line = Number.isNaN(position) ? (message.match(/line (\d+)/)?.[1] ?? '1') : lineOf(text, position);
    throw new AppError('INVALID_REQUEST', `line ${line}: not valid JSON (${message.split('\n')[0]})`);
  }
  return cslItemEntries(Array.isArray(parsed) ? parsed : [parsed]);
}

/** CSL-JSON items (a file's, or a Zotero library's format=csljson): each must be an object with a type or title. */
function cslItemEntries(items: unknown[]): RawEntry[] {
  if (
    !items.every(
      (item) => item && typeof item === 'object' && !Array.isArray(item) && ('title' in item || 'type' in item),
    )
  ) {
    throw unsupported('This JSON is not CSL-JSON (an array of items with a type and a title)');
  }
  return items.map((item) => ({ csl: item as CslInput, extra: {} }));
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned || null;
};

function issued(csl: CslInput): {
  year: number | null;
  publishedDate: string | null;
  publishedPrecision: 'year' | null;
} {
  const parts = csl.issued?.['date-parts']?.[0]?.map(Number) ?? [];
  const raw = parts.length ? parts : (csl.issued?.raw?.match(/^\d{4}/)?.map(Number) ?? []);
  const [year, month = 1, day = 1] = raw;
  if (!year || year < 1000 || year > 9999 || Number.isNaN(month) || Number.isNaN(day)) {
    return { year: null, publishedDate: null, publishedPrecision: null };
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCMonth() === month - 1 ? date : new Date(Date.UTC(year, 0, 1));
  return {
    year,
    publishedDate: valid.toISOString().slice(0, 10),
    publishedPrecision: raw.length === 1 ? 'year' : null,
  };
}

function toEntry({ csl, extra }: RawEntry): ImportedEntry {
  const title = text(csl.title);
  const authors = (Array.isArray(csl.author) ? csl.author : [])
    .map((name) => text(name.literal) ?? text([name.given, name.family].filter(Boolean).join(' ')))
    .filter((name): name is string => name !== null);
  const key = text(csl['citation-key']) ?? text(csl.id);
  const fields = [extra.eprint, extra.arxivid, extra.arxiv, extra.url, extra.note, extra.UR, extra.N1, extra.M1];
  return {
    // The report names the entry: never with a NUL (the entry itself is rejected for it, import.service.ts).
    label: (key ?? title ?? '(untitled entry)').replaceAll('\u0000', ''),
    title,
    authors,
    ...issued(csl),
    abstract: text(csl.abstract),
    doi: normaliseDoi(csl.DOI ?? extra.doi),
    arxivId: findArxivId(
      [text(extra.eprint), text(extra.arxivid), text(csl.arxiv), text(csl.eprint)],
      [csl.URL, csl.note, csl.number, csl.DOI, ...fields.flat()],
    ),
  };
}

/** The entries of CSL-JSON items already parsed (the Zotero Web API's format=csljson). */
export const entriesFromCsl = (items: unknown[]): ImportedEntry[] => cslItemEntries(items).map(toEntry);

/** Every entry of a BibTeX, RIS or CSL-JSON text; a syntax error is a 400 naming its line. */
export function parseBibliography(source: string, kind: BibliographyKind): ImportedEntry[] {
  const raw = kind === 'bibtex' ? bibtexEntries(source) : kind === 'ris' ? risEntries(source) : cslEntries(source);
  return raw.map(toEntry);
}
