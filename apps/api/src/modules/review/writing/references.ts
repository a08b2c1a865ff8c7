import type { TReviewReference } from '@paperbench/contract';
import { type BibliographyPaper, publicationYear, toCslItems } from '../../../lib/bibliography';
import type { ReferenceNumbers } from './citation-numbers';
import type { WritingPaperRow } from './review-writing.repo';

/** A reference as stored in a draft: the wire entry and the metadata its BibTeX is made from. */
export type StoredReference = TReviewReference & { bibliography: BibliographyPaper };

export const bibliographyPaperOf = (paper: WritingPaperRow): BibliographyPaper => ({
  platform: paper.platform,
  paperId: paper.paperId,
  title: paper.title,
  authors: paper.authors,
  publishedDate: paper.publishedDate,
  publishedPrecision: paper.publishedPrecision,
  doi: paper.doi,
  pdfUrl: paper.pdfUrl,
});

/**
 * The reference list (docs/review.md#writing), built from the papers table only, never by the model:
 * the cited papers in order of first citation (their `[n]`), then the session's papers no section
 * cited, in outline order (`cited: false`). Keys and URLs are lib/bibliography.ts's, so the BibTeX
 * export and the LaTeX `\cite{}` keys agree.
 */
export function buildReferences(
  numbers: ReferenceNumbers,
  uncited: readonly string[],
  papers: ReadonlyMap<string, WritingPaperRow>,
): StoredReference[] {
  const cited = new Set(numbers.keys());
  const keys = [...numbers.keys(), ...uncited.filter((key) => !cited.has(key))];
  const rows = keys.flatMap((key) => {
    const paper = papers.get(key);
    return paper ? [{ key, paper }] : [];
  });
  const items = toCslItems(rows.map(({ paper }) => bibliographyPaperOf(paper)));
  return rows.map(({ key, paper }, index) => ({
    n: index + 1,
    platform: paper.platform,
    paper_id: paper.paperId,
    title: paper.title,
    key: items[index]?.['citation-key'] ?? `ref${index + 1}`,
    authors: paper.authors,
    year: publicationYear(paper.publishedDate),
    doi: paper.doi,
    url: items[index]?.URL ?? null,
    cited: cited.has(key),
    bibliography: bibliographyPaperOf(paper),
  }));
}

/** The wire entry (the stream's references event) of a stored reference. */
export const presentReference = ({ bibliography: _bibliography, ...reference }: StoredReference): TReviewReference =>
  reference;
