import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { DEFAULT_PUBLISHED_DATE } from '@paperbench/contract';
import { papers } from '../db/schema';

/**
 * Bibliographies of the papers a user keeps (the profile's library export, and a folder's export as
 * BibTeX or RIS from the File List). A paper row becomes one CSL-JSON record, and citation-js writes
 * the format (CSL-JSON is the records as they are), escaping for BibTeX what needs escaping (braces, accents, TeX specials); RIS is plain
 * UTF-8 tagged lines and needs no escaping.
 */

/** The export formats, each with its media type and file extension. */
export const bibliographyFormats = {
  bibtex: { contentType: 'application/x-bibtex', extension: 'bib' },
  ris: { contentType: 'application/x-research-info-systems', extension: 'ris' },
  csljson: { contentType: 'application/vnd.citationstyles.csl+json', extension: 'json' },
} as const;
export type BibliographyFormat = keyof typeof bibliographyFormats;

/** What a bibliography needs of a papers row. */
export interface BibliographyPaper {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  /** YYYY-MM-DD. */
  publishedDate: string | null;
  /** 'year' when only the year of publishedDate is known (papers.published_precision). */
  publishedPrecision?: string | null;
  doi: string | null;
  pdfUrl: string | null;
  /** The user's notes on the paper, when an export asks for them (BibTeX and CSL-JSON `annote`). */
  annote?: string;
}

/**
 * The published date, or null when it says nothing: an upload whose form left the date empty is stored
 * with requirements §9's default (1900-01-01), which is not a publication date. Every year shown or exported
 * (BibTeX, RIS, keys, review references and graph nodes) goes through here, so an undated paper has no
 * year rather than 1900.
 */
export function knownPublishedDate(publishedDate: string | null | undefined): string | null {
  if (!publishedDate || publishedDate.startsWith(DEFAULT_PUBLISHED_DATE)) return null;
  return /^\d{4}-\d{2}-\d{2}/.test(publishedDate) ? publishedDate : null;
}

/** The publication year, or null when unknown (see knownPublishedDate). */
export function publicationYear(publishedDate: string | null | undefined): number | null {
  const known = knownPublishedDate(publishedDate);
  return known ? Number(known.slice(0, 4)) : null;
}

/** The papers columns a bibliography reads, for the selects that feed it (the library, one folder). */
export const bibliographyColumns = {
  platform: papers.platform,
  paperId: papers.paperId,
  title: papers.title,
  authors: papers.authors,
  publishedDate: papers.publishedDate,
  publishedPrecision: papers.publishedPrecision,
  doi: papers.doi,
  pdfUrl: papers.pdfUrl,
} satisfies Record<Exclude<keyof BibliographyPaper, 'annote'>, unknown>;

/** CSL-JSON (Citation Style Language, the interchange format citation-js reads), as much as is used here. */
export interface CslItem {
  id: string;
  'citation-key': string;
  type: 'article' | 'document';
  title: string;
  author?: ({ family: string; given?: string } | { literal: string })[];
  issued?: { 'date-parts': [[number, number, number] | [number]] };
  DOI?: string;
  URL?: string;
  note?: string;
  publisher?: string;
  annote?: string;
}

/** 'Ada Lovelace' → family Lovelace, given Ada; 'Lovelace, Ada' likewise; one word stays a literal name. */
function cslName(name: string): { family: string; given?: string } | { literal: string } {
  const trimmed = name.trim();
  const comma = trimmed.indexOf(',');
  if (comma > 0) return { family: trimmed.slice(0, comma).trim(), given: trimmed.slice(comma + 1).trim() };
  const space = trimmed.lastIndexOf(' ');
  if (space <= 0) return { literal: trimmed };
  return { family: trimmed.slice(space + 1), given: trimmed.slice(0, space) };
}

/** The paper's landing page: arXiv's abstract page, the ACL Anthology's, or its PDF; none for a private upload. */
function landingUrl({ platform, paperId, pdfUrl }: BibliographyPaper): string | undefined {
  if (platform === 'arxiv') return `https://arxiv.org/abs/${paperId}`;
  if (platform === 'upload') return undefined;
  return pdfUrl ?? undefined;
}

/** ASCII letters and digits of a text (accents dropped), for citation keys. */
const keyPart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40);

/**
 * AuthorYearWord, as BibTeX users expect; an undated paper's key has no year (AuthorWord, or just Word
 * without authors). Made unique within one file by a, b, c…
 */
function citationKeys(papers: readonly BibliographyPaper[]): string[] {
  const seen = new Map<string, number>();
  return papers.map((paper) => {
    const first = paper.authors[0] ? cslName(paper.authors[0]) : null;
    const author = first ? keyPart('family' in first ? first.family : first.literal) : '';
    const year = knownPublishedDate(paper.publishedDate)?.slice(0, 4) ?? '';
    const word = keyPart(
      paper.title.split(/\s+/).find((w) => keyPart(w).length > 3) ?? paper.title.split(/\s+/)[0] ?? '',
    );
    const base = `${author}${year}${word}` || keyPart(`${paper.platform}${paper.paperId}`) || 'paper';
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}${String.fromCharCode(96 + Math.min(n, 26))}${n > 26 ? n : ''}`;
  });
}

/** A date known to the day, or only its year: a year alone is never exported as 1 January. */
const datePartsOf = (
  date: RegExpMatchArray,
  precision: string | null | undefined,
): [number, number, number] | [number] =>
  precision === 'year' ? [Number(date[1])] : [Number(date[1]), Number(date[2]), Number(date[3])];

/**
 * One CSL-JSON record per paper. An arXiv paper is a preprint (@misc, RIS GEN) noting its arXiv id.
 * The record's id is its citation key, so BibTeX's key and RIS's ID tag agree.
 */
export function toCslItems(papers: readonly BibliographyPaper[]): CslItem[] {
  const keys = citationKeys(papers);
  return papers.map((paper, index) => {
    const date = knownPublishedDate(paper.publishedDate)?.match(/^(\d{4})-(\d{2})-(\d{2})/);
    const url = landingUrl(paper);
    return {
      id: keys[index] as string,
      'citation-key': keys[index] as string,
      type: paper.platform === 'arxiv' ? 'document' : 'article',
      title: paper.title,
      ...(paper.authors.length ? { author: paper.authors.map(cslName) } : {}),
      ...(date ? { issued: { 'date-parts': [datePartsOf(date, paper.publishedPrecision)] } } : {}),
      ...(paper.doi ? { DOI: paper.doi } : {}),
      ...(url ? { URL: url } : {}),
      ...(paper.platform === 'arxiv' ? { note: `arXiv:${paper.paperId}`, publisher: 'arXiv' } : {}),
      ...(paper.annote ? { annote: paper.annote } : {}),
    } satisfies CslItem;
  });
}

/**
 * RIS from citation-js's tag records, written here because its text output folds every value at 70
 * characters (a title then continues on an untagged line, which some readers drop) and cuts ID to 20.
 * Each value is one line: white space, newlines included (arXiv titles have them), folds to one space.
 */
function toRis(items: readonly CslItem[]): string {
  const records = new Cite([...items]).format('ris', { format: 'object' });
  const lines = records.flatMap((record, index) => {
    const { TY, ...tags } = record;
    const tagged = Object.entries({ ...tags, ID: items[index]?.id ?? '' }).flatMap(([tag, value]) =>
      [value].flat().map((one) => `${tag}  - ${String(one).replace(/\s+/g, ' ').trim()}`),
    );
    return [`TY  - ${TY}`, ...tagged, 'ER  - '];
  });
  return `${lines.join('\n')}\n`;
}

/**
 * The papers as a file in the given format ('' for none: an empty file is a valid empty bibliography;
 * CSL-JSON's empty file is '[]'). CSL-JSON is the records themselves, an array, indented for people.
 */
export function toBibliography(papers: readonly BibliographyPaper[], format: BibliographyFormat): string {
  if (format === 'csljson') return `${JSON.stringify(toCslItems(papers), null, 2)}\n`;
  if (papers.length === 0) return '';
  const items = toCslItems(papers);
  return format === 'ris' ? toRis(items) : new Cite(items).format('bibtex');
}

/** The papers as a BibTeX file ('' for none). */
export const toBibtex = (papers: readonly BibliographyPaper[]): string => toBibliography(papers, 'bibtex');
