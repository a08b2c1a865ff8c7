import type { TPaperRef } from '@paperbench/contract';
import { foldText } from '../../lib/fold-text';
import type { ParsedReference } from './parse/parse-references';

interface Candidate {
  platform: string;
  paperId: string;
  doi: string | null;
  title: string;
  year: number | null;
}

/**
 * docs/references.md#resolution: an entry's arXiv id first, then its DOI, then its title (the
 * candidates share its lower-cased title; compared folded here) with the year when both sides know
 * it. Never the citing paper itself.
 */
export function resolveEntry(
  entry: ParsedReference,
  candidates: { byArxiv: Candidate[]; byDoi: Candidate[]; byTitle: Candidate[] },
  self: TPaperRef,
): TPaperRef | null {
  const notSelf = (c: Candidate) => !(c.platform === self.platform && c.paperId === self.paper_id);
  const arxiv = entry.arxivId ? candidates.byArxiv.find((c) => c.paperId === entry.arxivId && notSelf(c)) : undefined;
  const doi = entry.doi ? candidates.byDoi.find((c) => c.doi === entry.doi && notSelf(c)) : undefined;
  const wanted = entry.title ? foldText(entry.title) : null;
  const title = wanted
    ? candidates.byTitle.find(
        (c) =>
          notSelf(c) &&
          foldText(c.title) === wanted &&
          (entry.year === null || c.year === null || Math.abs(c.year - entry.year) <= 1),
      )
    : undefined;
  const found = arxiv ?? doi ?? title;
  return found ? { platform: found.platform, paper_id: found.paperId } : null;
}

/** The keys to look up: arXiv ids, lower-case DOIs, and each title as lower(title) would store it. */
export function resolutionKeys(entries: readonly ParsedReference[]) {
  const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  return {
    arxivIds: unique(entries.map((e) => e.arxivId)),
    dois: unique(entries.map((e) => e.doi)),
    titles: unique(entries.map((e) => e.title?.toLowerCase() ?? null)),
  };
}
