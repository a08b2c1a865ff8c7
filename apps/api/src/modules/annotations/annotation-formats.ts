import type { TAnnotation, TPaperRef } from '@paperbench/contract';
import { rewritePdfUrl } from '@paperbench/contract';

/** docs/annotations.md#export: the W3C Web Annotation Data Model's JSON-LD context. */
export const W3C_ANNO_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';

export interface PaperLabel {
  ref: TPaperRef;
  title: string;
  pdfUrl: string | null;
}

const KIND_LABEL: Record<TAnnotation['kind'], string> = {
  highlight: 'Highlight',
  underline: 'Underline',
  note: 'Note',
  area: 'Area',
};

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** One mark in Markdown: its quote as a block quote, its note as a paragraph, then kind, colour and author. */
function markdownOf(mark: TAnnotation): string[] {
  const lines: string[] = [];
  if (mark.quote) lines.push(...mark.quote.exact.split(/\r?\n/).map((line) => `> ${line}`), '');
  else if (mark.rects[0]) {
    const { x, y, width, height } = mark.rects[0];
    lines.push(`(area at ${percent(x)}, ${percent(y)} of the page, ${percent(width)} × ${percent(height)})`, '');
  }
  if (mark.note) lines.push(mark.note, '');
  const placed = mark.anchor === 'orphaned' ? ' · could not be placed' : '';
  lines.push(`*${KIND_LABEL[mark.kind]} · ${mark.color} · ${mark.author_name}${placed}*`, '');
  return lines;
}

/** Markdown grouped by page, in the list's order (page, then place on the page). */
export function toMarkdown(paper: PaperLabel, marks: readonly TAnnotation[]): string {
  const lines = [`# Annotations: ${paper.title}`, '', `${paper.ref.platform}:${paper.ref.paper_id}`, ''];
  if (marks.length === 0) lines.push('No annotations.', '');
  let page = 0;
  for (const mark of marks) {
    if (mark.page !== page) {
      page = mark.page;
      lines.push(`## Page ${page}`, '');
    }
    lines.push(...markdownOf(mark));
  }
  return lines.join('\n');
}

/**
 * What the marks are on: the paper's PDF when it has an absolute http(s) link, else a URN naming
 * the paper (an upload's PDF is served only to its readers, from a relative path).
 */
export function sourceOf(paper: PaperLabel): string {
  const pdf = rewritePdfUrl(paper.pdfUrl);
  if (pdf?.startsWith('https://')) return pdf;
  return `urn:paperbench:paper:${encodeURIComponent(paper.ref.platform)}:${encodeURIComponent(paper.ref.paper_id)}`;
}

/** The selectors of one mark: its page (RFC 3778 PDF fragment), its quote and position, and its rectangles. */
function selectorsOf(mark: TAnnotation) {
  const selectors: Record<string, unknown>[] = [
    { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: `page=${mark.page}` },
  ];
  if (mark.quote) selectors.push({ type: 'TextQuoteSelector', ...mark.quote });
  if (mark.position) selectors.push({ type: 'TextPositionSelector', ...mark.position });
  for (const rect of mark.rects) {
    const value = [rect.x, rect.y, rect.width, rect.height].map((n) => Math.round(n * 1e6) / 1e4).join(',');
    selectors.push({
      type: 'FragmentSelector',
      conformsTo: 'http://www.w3.org/TR/media-frags/',
      value: `xywh=percent:${value}`,
    });
  }
  return selectors;
}

/** One mark as a W3C Web Annotation: a note is its commenting body; the colour a tagging body. */
function w3cOf(mark: TAnnotation, source: string) {
  const body: Record<string, unknown>[] = [{ type: 'TextualBody', purpose: 'tagging', value: mark.color }];
  if (mark.note) body.unshift({ type: 'TextualBody', purpose: 'commenting', format: 'text/plain', value: mark.note });
  return {
    '@context': W3C_ANNO_CONTEXT,
    id: `urn:paperbench:annotation:${mark.id}`,
    type: 'Annotation',
    motivation: mark.note ? 'commenting' : 'highlighting',
    created: mark.created_at,
    modified: mark.updated_at,
    creator: { type: 'Person', name: mark.author_name },
    body,
    target: { source, selector: selectorsOf(mark) },
  };
}

/** The marks as a W3C AnnotationCollection with its one page embedded. */
export function toW3c(paper: PaperLabel, marks: readonly TAnnotation[]) {
  const source = sourceOf(paper);
  return {
    '@context': W3C_ANNO_CONTEXT,
    id: `${source}#annotations`,
    type: 'AnnotationCollection',
    label: `Annotations: ${paper.title}`,
    total: marks.length,
    first: { type: 'AnnotationPage', startIndex: 0, items: marks.map((mark) => w3cOf(mark, source)) },
  };
}
