import { parseArxivIdentifier } from '../../ingest/arxiv-id';

/**
 * docs/search.md#jumps: what a search box query asks for besides words. A pasted arXiv id, arXiv URL
 * or DOI names one paper, and search jumps to it; `author:` narrows the search to an author's papers.
 */
export type QueryIntent =
  | { kind: 'paper'; via: 'arxiv_id' | 'arxiv_url'; paperId: string }
  | { kind: 'paper'; via: 'doi'; doi: string; paperId: string | null }
  | { kind: 'text'; query: string; author: string | null };

const ARXIV_URL = /^https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf|html)\/(.+?)(?:\.pdf)?\/?(?:[?#].*)?$/i;
const NEW_STYLE = /^\d{4}\.\d{4,5}(?:v\d+)?$/;
const OLD_STYLE = /^[a-z][a-z-]*(?:\.[a-z]{2})?\/\d{7}(?:v\d+)?$/i;
const ARXIV_PREFIX = /^arxiv:\s*/i;
const DOI = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\d{4,9}\/\S+)$/i;
/** arXiv's own DOIs (since 2022) carry the id: 10.48550/arXiv.2101.00001. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
const AUTHOR = /(^|\s)author:\s*(?:"([^"]*)"?|(\S+))/i;

const isArxivIdText = (text: string) => NEW_STYLE.test(text) || OLD_STYLE.test(text);

export function detectQueryIntent(raw: string): QueryIntent {
  const query = raw.trim().replace(/^<(.*)>$/, '$1');
  const url = ARXIV_URL.exec(query);
  if (url?.[1] && isArxivIdText(url[1])) {
    return { kind: 'paper', via: 'arxiv_url', paperId: parseArxivIdentifier(url[1]).paperId };
  }
  const bare = query.replace(ARXIV_PREFIX, '');
  if (isArxivIdText(bare)) return { kind: 'paper', via: 'arxiv_id', paperId: parseArxivIdentifier(bare).paperId };
  const doi = DOI.exec(query)?.[1]?.replace(/[.,;]+$/, '');
  if (doi) {
    const arxiv = ARXIV_DOI.exec(doi)?.[1];
    return {
      kind: 'paper',
      via: 'doi',
      doi,
      paperId: arxiv && isArxivIdText(arxiv) ? parseArxivIdentifier(arxiv).paperId : null,
    };
  }
  const author = AUTHOR.exec(query);
  if (!author) return { kind: 'text', query, author: null };
  const name = (author[2] ?? author[3] ?? '').trim();
  const rest = `${query.slice(0, author.index)} ${query.slice(author.index + author[0].length)}`.trim();
  return { kind: 'text', query: rest, author: name || null };
}

/**
 * A query that reads as a person's name: two to four capitalised words or initials and nothing else
 * ("Yoshua Bengio", "Geoffrey E. Hinton", "Jean-Pierre Serre"). Search looks it up among the authors
 * and, when someone is named so, searches their papers (docs/search.md#syntax).
 */
const NAME_PART = /^(?:\p{Lu}\.|\p{Lu}[\p{Ll}'’]+(?:\p{Lu}\p{Ll}+)*(?:-\p{Lu}[\p{Ll}'’]+)?)$/u;

export function looksLikeName(query: string): boolean {
  const parts = query.trim().split(/\s+/);
  return (
    parts.length >= 2 &&
    parts.length <= 4 &&
    parts.every((part) => NAME_PART.test(part)) &&
    NAME_PART.test(parts.at(-1) ?? '') &&
    !(parts.at(-1) ?? '').endsWith('.')
  );
}
