import { type BibliographyPaper, knownPublishedDate } from '../../lib/bibliography';
import { type MarkNote, marksAsText } from '../annotations/marks-as-notes';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Where to read the paper: arXiv's abstract page, or its public PDF; nothing for an upload. */
const linkOf = (paper: BibliographyPaper) =>
  paper.platform === 'arxiv'
    ? `https://arxiv.org/abs/${paper.paperId}`
    : paper.platform === 'upload'
      ? null
      : paper.pdfUrl;

/**
 * docs/import-export.md#export: a folder as a Markdown reading list, a section a paper (title,
 * authors, year, link); with the caller's notes asked for, their marks under each paper as a list.
 */
export function folderAsMarkdown(
  name: string,
  papers: readonly BibliographyPaper[],
  marksOf: ((paper: BibliographyPaper) => MarkNote[]) | null,
): string {
  const lines = [`# ${oneLine(name)}`, ''];
  if (papers.length === 0) lines.push('No papers.', '');
  for (const paper of papers) {
    lines.push(`## ${oneLine(paper.title)}`, '');
    const year = knownPublishedDate(paper.publishedDate)?.slice(0, 4);
    const link = linkOf(paper);
    const byline = [paper.authors.join(', '), year, link].filter(Boolean).join(' · ');
    if (byline) lines.push(byline, '');
    const marks = marksOf?.(paper) ?? [];
    if (marks.length > 0)
      lines.push(
        ...marksAsText(marks)
          .split('\n\n')
          .map((mark) => `- ${mark}`),
        '',
      );
  }
  return lines.join('\n');
}
