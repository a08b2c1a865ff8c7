import { toBibtex, toCslItems } from '../../../lib/bibliography';
import { escapeLatex, latexParagraph } from './latex';
import type { TStoredDraft } from './review-draft';

export type ReviewExportFormat = 'markdown' | 'latex' | 'bibtex';

/** Media type and extension of each export (docs/review.md#export). */
export const REVIEW_EXPORT_FILES: Record<ReviewExportFormat, { contentType: string; extension: string }> = {
  markdown: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  latex: { contentType: 'application/x-tex; charset=utf-8', extension: 'tex' },
  bibtex: { contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
};

export const isExportFormat = (format: unknown): format is ReviewExportFormat =>
  typeof format === 'string' && Object.hasOwn(REVIEW_EXPORT_FILES, format);

export interface ExportedDraft {
  draft: TStoredDraft;
  source: 'model' | 'extractive';
}

const HEADING = 'Related work';
export const EXTRACTIVE_LABEL =
  'Extractive draft — no AI model configured: every sentence is quoted verbatim from the paper it cites.';
const FALLBACK_LABEL =
  "Extractive: no sentence of the model's paragraph could be verified, so the papers' own sentences are quoted.";
const EMPTY_SECTION = "No text could be grounded in this section's papers.";

/** Markdown's inline specials in a title (never in section text, whose `[n]` must stay markers). */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|]/g, (special) => `\\${special}`);

const authorList = (authors: readonly string[]) =>
  authors.length === 0 ? '' : authors.length <= 3 ? authors.join(', ') : `${authors[0]} et al.`;

function markdownReference(reference: TStoredDraft['references'][number]): string {
  const parts = [
    authorList(reference.authors) + (reference.year ? ` (${reference.year})` : ''),
    escapeMarkdown(reference.title),
    reference.platform === 'arxiv' ? `arXiv:${reference.paper_id}` : '',
    reference.doi ? `doi:${reference.doi}` : '',
  ].filter((part) => part.trim() !== '');
  return `${reference.n}. ${parts.join('. ')}.${reference.url ? ` <${reference.url}>` : ''}`;
}

/** Headings, the text with its `[n]`, and the numbered reference list. */
export function draftMarkdown({ draft, source }: ExportedDraft): string {
  const lines = [`## ${HEADING}`, ''];
  if (source === 'extractive') lines.push(`> ${EXTRACTIVE_LABEL}`, '');
  for (const section of draft.sections) {
    lines.push(`### ${escapeMarkdown(section.title)}`, '');
    if (source === 'model' && section.source === 'extractive' && section.text) lines.push(`_${FALLBACK_LABEL}_`, '');
    lines.push(section.text || `_${EMPTY_SECTION}_`, '');
  }
  lines.push('### References', '', ...draft.references.map(markdownReference), '');
  return lines.join('\n');
}

/** The citation key of each reference number, from lib/bibliography.ts as the BibTeX export makes them. */
function keysByNumber(draft: TStoredDraft): Map<number, string> {
  const items = toCslItems(draft.references.map((reference) => reference.bibliography));
  return new Map(draft.references.map((reference, index) => [reference.n, items[index]?.['citation-key'] ?? '']));
}

/** `\section` and a `\subsection` per section, `\cite{key}` for each `[n]`, TeX specials escaped. */
export function draftLatex({ draft, source }: ExportedDraft): string {
  const keys = keysByNumber(draft);
  const lines = [
    '% Written by Paperbench. The references are the BibTeX export of the same draft: save it as',
    '% references.bib and add \\bibliography{references} (with a \\bibliographystyle) where the list belongs.',
    ...(source === 'extractive' ? [`% ${EXTRACTIVE_LABEL}`] : []),
    `\\section{${HEADING}}`,
    '',
  ];
  for (const section of draft.sections) {
    lines.push(`\\subsection{${escapeLatex(section.title)}}`);
    if (source === 'model' && section.source === 'extractive' && section.text) lines.push(`% ${FALLBACK_LABEL}`);
    lines.push(section.text ? latexParagraph(section.text, (n) => keys.get(n)) : `% ${EMPTY_SECTION}`, '');
  }
  return lines.join('\n');
}

/** The reference list as BibTeX (citation-js via lib/bibliography.ts), in reference order. */
export const draftBibtex = ({ draft }: ExportedDraft): string =>
  toBibtex(draft.references.map((reference) => reference.bibliography));

export function renderDraft(exported: ExportedDraft, format: ReviewExportFormat): string {
  if (format === 'markdown') return draftMarkdown(exported);
  if (format === 'latex') return draftLatex(exported);
  return draftBibtex(exported);
}
