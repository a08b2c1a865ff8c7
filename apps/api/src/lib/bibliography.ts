import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';

/**
 * Bibliographies of the papers a user keeps (the profile's library export; folder exports use the same
 * mapping). A paper row becomes one CSL-JSON record, and citation-js writes the format, escaping for
 * BibTeX what needs escaping (braces, accents, TeX specials).
 */

/** What a bibliography needs of a papers row. */
export interface BibliographyPaper {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  /** YYYY-MM-DD. */
  publishedDate: string | null;
  doi: string | null;
  pdfUrl: string | null;
}

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

/** AuthorYearWord, as BibTeX users expect; made unique within one file by a, b, c… */
function citationKeys(papers: readonly BibliographyPaper[]): string[] {
  const seen = new Map<string, number>();
  return papers.map((paper) => {
    const first = paper.authors[0] ? cslName(paper.authors[0]) : null;
    const author = first ? keyPart('family' in first ? first.family : first.literal) : '';
    const year = paper.publishedDate?.slice(0, 4) ?? '';
    const word = keyPart(
      paper.title.split(/\s+/).find((w) => keyPart(w).length > 3) ?? paper.title.split(/\s+/)[0] ?? '',
    );
    const base = `${author}${year}${word}` || keyPart(`${paper.platform}${paper.paperId}`) || 'paper';
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}${String.fromCharCode(96 + Math.min(n, 26))}${n > 26 ? n : ''}`;
  });
}

/** One CSL-JSON record per paper. An arXiv paper is a preprint (@misc) noting its arXiv id. */
export function toCslItems(papers: readonly BibliographyPaper[]): CslItem[] {
  const keys = citationKeys(papers);
  return papers.map((paper, index) => {
    const date = paper.publishedDate?.match(/^(\d{4})-(\d{2})-(\d{2})/);
    const url = landingUrl(paper);
    return {
      id: `${paper.platform}:${paper.paperId}`,
      'citation-key': keys[index] as string,
      type: paper.platform === 'arxiv' ? 'document' : 'article',
      title: paper.title,
      ...(paper.authors.length ? { author: paper.authors.map(cslName) } : {}),
      ...(date ? { issued: { 'date-parts': [[Number(date[1]), Number(date[2]), Number(date[3])]] } } : {}),
      ...(paper.doi ? { DOI: paper.doi } : {}),
      ...(url ? { URL: url } : {}),
      ...(paper.platform === 'arxiv' ? { note: `arXiv:${paper.paperId}`, publisher: 'arXiv' } : {}),
    } satisfies CslItem;
  });
}

/** The papers as a BibTeX file ('' for none). */
export function toBibtex(papers: readonly BibliographyPaper[]): string {
  if (papers.length === 0) return '';
  return new Cite(toCslItems(papers)).format('bibtex');
}
