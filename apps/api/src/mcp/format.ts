import type { TPaper } from '@paperbench/contract';
import { clip, MAX_ABSTRACT_CHARS, oneLine } from './limits';

/** "A, B, C et al." : enough to recognise a paper without a long author list. */
export function authorLine(authors: readonly string[]): string {
  if (authors.length === 0) return 'unknown authors';
  return authors.length > 3 ? `${authors.slice(0, 3).join(', ')} et al.` : authors.join(', ');
}

/**
 * One paper as a list entry an assistant can act on: its ref (platform + paper_id, what every other tool
 * takes), title, authors, date and a clipped abstract.
 */
export function paperEntry(paper: TPaper, index?: number): string {
  const head = index === undefined ? '' : `${index}. `;
  const lines = [
    `${head}${oneLine(paper.title)}`,
    `   ${authorLine(paper.authors)}${paper.published_date ? ` (${paper.published_date})` : ''}`,
    `   paper_id: ${paper.paper_id}, platform: ${paper.platform}${paper.categories.length ? `, ${paper.categories.slice(0, 3).join(' ')}` : ''}`,
  ];
  if (paper.abstract) lines.push(`   ${clip(oneLine(paper.abstract), MAX_ABSTRACT_CHARS)}`);
  return lines.join('\n');
}
