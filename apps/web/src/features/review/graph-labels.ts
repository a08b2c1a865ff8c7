import type { TGraphNode } from '@paperbench/contract';

/** The relations offered when linking two papers; any other words may be typed (docs/review.md#graph). */
export const RELATION_SUGGESTIONS = ['extends', 'compares with', 'uses the data of'] as const;

/** The longest a relation may be (the contract's ZAddGraphEdgeRequest.label). */
export const RELATION_MAX_LENGTH = 200;

const SHORT_TITLE_LENGTH = 48;

/** A title cut at a word near `SHORT_TITLE_LENGTH` characters, for a node of the canvas. */
export function shortTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= SHORT_TITLE_LENGTH) return clean;
  const cut = clean.slice(0, SHORT_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > SHORT_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.:;-]+$/, '')}…`;
}

/** How a paper is named in the edge form and in announcements: short title and year. */
export function paperLabel(node: Pick<TGraphNode, 'title' | 'year'>): string {
  return node.year ? `${shortTitle(node.title)} (${node.year})` : shortTitle(node.title);
}
