import { foldText } from '../../lib/fold-text';
import type { PdfLayout } from './pdf-layout';
import { findArxivStamp, findDoi, findPrintedDate, pdfDate } from './pdf-metadata-ids';
import { layoutAbstract, layoutAuthors, layoutTitle, plain } from './pdf-metadata-layout';
import { plausibleAuthors, plausibleTitle } from './pdf-metadata-plausible';

/** Where a field was read from (docs/uploads.md#metadata-from-the-pdf); the API's `sources` values. */
export type MetadataSource =
  | 'document-info'
  | 'xmp'
  | 'first-page-layout'
  | 'arxiv-stamp'
  | 'doi-pattern'
  | 'corpus-record';

export interface PdfMetadata {
  title: string | null;
  authors: string[] | null;
  /** YYYY-MM-DD; a date printed with only its year is YYYY-01-01, with published_precision 'year'. */
  published: string | null;
  /** 'year' when only the year of `published` is known; absent when the whole date is. */
  published_precision?: 'year';
  abstract: string | null;
  doi: string | null;
  arxiv_id: string | null;
  sources: Partial<Record<MetadataField, MetadataSource>>;
}

export type MetadataField = 'title' | 'authors' | 'published' | 'abstract' | 'doi' | 'arxiv_id';

export const EMPTY_METADATA: PdfMetadata = {
  title: null,
  authors: null,
  published: null,
  abstract: null,
  doi: null,
  arxiv_id: null,
  sources: {},
};

/** What the reader needs of an extracted PDF (pdf-text.ts's PdfText). */
export interface ReadablePdf {
  pages: readonly string[];
  layout: PdfLayout;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A PDF's metadata from itself, each field from the first source that has a plausible value:
 * title: info/XMP when the first page prints the same words (they are cleaner: no hyphens, no
 * ligatures), else the first page's layout, else info/XMP alone; authors: the layout, else info/XMP;
 * published: the arXiv stamp, a date printed on page 1, then the file's creation date; DOI: the one
 * printed most on the first two pages, else XMP's. A PDF with no text layer gives nothing.
 */
export function readPdfMetadata({ pages, layout }: ReadablePdf): PdfMetadata {
  const out: PdfMetadata = { ...EMPTY_METADATA, sources: {} };
  const set = <K extends MetadataField>(field: K, value: PdfMetadata[K] | null | undefined, source: MetadataSource) => {
    if (value === null || value === undefined || out[field] !== null) return;
    if (Array.isArray(value) && value.length === 0) return;
    (out as unknown as Record<K, PdfMetadata[K]>)[field] = value;
    out.sources[field] = source;
  };
  const hasText = pages.some((page) => /\p{L}{3}/u.test(page));
  if (!hasText) return out;
  const firstPageText = foldText(layout.firstPage.map((line) => plain(line.text)).join(' '));

  const journal = layout.info.Subject ? [layout.info.Subject] : [];
  const infoTitle = plausibleTitle(layout.info.Title, journal);
  const xmpTitle = plausibleTitle(first(layout.xmp['dc:title']), journal);
  const printed = (title: string | null) => title !== null && firstPageText.includes(foldText(title));
  if (printed(infoTitle)) set('title', infoTitle, 'document-info');
  if (printed(xmpTitle)) set('title', xmpTitle, 'xmp');
  const fromLayout = layoutTitle(layout);
  set('title', fromLayout?.title, 'first-page-layout');
  set('title', infoTitle, 'document-info');
  set('title', xmpTitle, 'xmp');

  if (fromLayout) set('authors', layoutAuthors(layout, fromLayout.lines), 'first-page-layout');
  set('authors', plausibleAuthors(layout.info.Author), 'document-info');
  set('authors', plausibleAuthors(layout.xmp['dc:creator']), 'xmp');

  set('abstract', layoutAbstract(layout), 'first-page-layout');

  const firstPages = pages.slice(0, 2);
  const stamp = findArxivStamp([...layout.firstPage.map((line) => line.text), ...firstPages]);
  set('arxiv_id', stamp?.id, 'arxiv-stamp');
  set('published', stamp?.published, 'arxiv-stamp');
  set('doi', findDoi([layout.firstPage.map((line) => plain(line.text)).join('\n'), ...firstPages]), 'doi-pattern');
  set('doi', first(layout.xmp['prism:doi']) ?? null, 'xmp');
  const printedDate = findPrintedDate(layout.firstPage.map((line) => plain(line.text)));
  set('published', printedDate?.date, 'first-page-layout');
  if (out.sources.published === 'first-page-layout' && printedDate?.exact === false) out.published_precision = 'year';
  set('published', pdfDate(first(layout.xmp['prism:coverdate']) ?? first(layout.xmp['xmp:createdate'])), 'xmp');
  set('published', pdfDate(layout.info.CreationDate), 'document-info');
  return out;
}
