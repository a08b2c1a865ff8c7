import type { AppContext } from '../../app-context';
import { fetchMissingArxivPaper } from '../papers/arxiv-on-demand';
import { findCorpusPaper } from './corpus-match.repo';
import { fetchCrossrefWork } from './crossref-client';
import { type MetadataField, type PdfMetadata, type ReadablePdf, readPdfMetadata } from './pdf-metadata';

export interface ResolvedMetadata {
  metadata: PdfMetadata;
  /** The corpus paper the PDF is (by its DOI or arXiv id), shown as "Also on arXiv" on the upload's page. */
  link: { platform: string; paperId: string } | null;
}

type Context = Pick<AppContext, 'db' | 'config'>;

/** Identifiers the PDF prints stand; the record only fills one the PDF did not print. */
const IDENTIFIERS: ReadonlySet<MetadataField> = new Set(['doi', 'arxiv_id']);

/** Fields of an outside record replace what the PDF's own pages read (a record beats a reading of the layout). */
function takeRecord(metadata: PdfMetadata, record: Partial<Pick<PdfMetadata, MetadataField | 'published_precision'>>) {
  const { published_precision: _precision, ...fields } = record;
  for (const [field, value] of Object.entries(fields) as Array<[MetadataField, PdfMetadata[MetadataField]]>) {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    if (IDENTIFIERS.has(field) && metadata[field] !== null) continue;
    (metadata as unknown as Record<MetadataField, unknown>)[field] = value;
    metadata.sources[field] = 'corpus-record';
    if (field === 'published') {
      if (record.published_precision) metadata.published_precision = record.published_precision;
      else delete metadata.published_precision;
    }
  }
}

/**
 * What an uploaded PDF says about itself, completed from a record when the PDF names one
 * (docs/uploads.md#metadata-from-the-pdf): the corpus paper of its arXiv id or DOI wins (an arXiv
 * paper the corpus lacks is fetched first when ARXIV_FETCH_MISSING is on), else Crossref's record of
 * its DOI when CROSSREF_BASE_URL is set. Neither failing ever fails the caller: the PDF's own
 * reading stands.
 */
export async function resolvePdfMetadata(
  context: Context,
  ownerId: number,
  pdf: ReadablePdf,
  signal?: AbortSignal,
): Promise<ResolvedMetadata> {
  const metadata = readPdfMetadata(pdf);
  const { doi, arxiv_id: arxivId } = metadata;
  if (!doi && !arxivId) return { metadata, link: null };
  if (arxivId) {
    await fetchMissingArxivPaper(context, ownerId, { platform: 'arxiv', paper_id: arxivId }).catch(() => undefined);
  }
  const paper = await findCorpusPaper(context.db, { doi, arxivId });
  if (paper) {
    takeRecord(metadata, {
      title: paper.title,
      authors: paper.authors,
      abstract: paper.abstract,
      published: paper.publishedDate,
      ...(paper.publishedPrecision === 'year' ? { published_precision: 'year' as const } : {}),
      doi: paper.doi,
      ...(paper.platform === 'arxiv' ? { arxiv_id: paper.paperId } : {}),
    });
    return { metadata, link: { platform: paper.platform, paperId: paper.paperId } };
  }
  if (doi) {
    const work = await fetchCrossrefWork(context, doi, signal);
    if (work) takeRecord(metadata, work);
  }
  return { metadata, link: null };
}
