import type { TPaperRef } from '@paperbench/contract';
import type { Tx } from '../../../db/client';
import { publicationYear } from '../../../lib/bibliography';
import type { ImportedEntry } from './bibliography-input';
import { familyName, normaliseTitle, titlePrefix } from './entry-ids';
import {
  type CandidatePaper,
  selectArxivPapers,
  selectPapersByDoi,
  selectTitleCandidates,
  type TitleProbe,
} from './import.repo';

/** What became of one entry: a paper found, none (metadata-only), or refused with a reason. */
export type EntryMatch = { kind: 'paper'; ref: TPaperRef } | { kind: 'none' } | { kind: 'rejected'; reason: string };

const refOf = (paper: Pick<CandidatePaper, 'platform' | 'paperId'>): TPaperRef => ({
  platform: paper.platform,
  paper_id: paper.paperId,
});
const describe = (papers: readonly CandidatePaper[]) =>
  papers
    .slice(0, 3)
    .map((paper) => `${paper.platform} ${paper.paperId}`)
    .join(', ') + (papers.length > 3 ? '…' : '');

/** The same work: normalised title, first author's family name and year all agree (a missing year or author is no match). */
function sameWork(entry: ImportedEntry, paper: CandidatePaper): boolean {
  if (!entry.title || normaliseTitle(entry.title) !== normaliseTitle(paper.title)) return false;
  const year = publicationYear(paper.publishedDate);
  if (entry.year === null || year !== entry.year) return false;
  const [first] = entry.authors;
  const [paperFirst] = paper.authors;
  return first !== undefined && paperFirst !== undefined && familyName(first) === familyName(paperFirst);
}

/**
 * docs/import-export.md#matching: the arXiv id first, then the DOI, then title + first author + year.
 * The stronger id decides: an arXiv id that is in the corpus wins whatever the DOI or title say. A DOI,
 * or a title + author + year, that fits two papers is not guessed: the entry is rejected naming them.
 */
export async function matchEntries(tx: Tx, userId: number, entries: readonly ImportedEntry[]): Promise<EntryMatch[]> {
  const arxiv = await selectArxivPapers(tx, [
    ...new Set(entries.map((entry) => entry.arxivId).filter((id): id is string => id !== null)),
  ]);
  const byDoi = new Map<string, CandidatePaper[]>();
  const dois = entries.filter((entry) => !(entry.arxivId && arxiv.has(entry.arxivId))).map((entry) => entry.doi);
  for (const paper of await selectPapersByDoi(
    tx,
    userId,
    dois.filter((doi): doi is string => doi !== null),
  )) {
    const key = (paper.doi ?? '').toLowerCase();
    byDoi.set(key, [...(byDoi.get(key) ?? []), paper]);
  }
  // First the ids; entries left for title matching wait (null) for one batched lookup below.
  const matches: (EntryMatch | null)[] = entries.map((entry) => {
    if (entry.arxivId && arxiv.has(entry.arxivId)) {
      return { kind: 'paper', ref: { platform: 'arxiv', paper_id: entry.arxivId } };
    }
    const doiHits = entry.doi ? (byDoi.get(entry.doi.toLowerCase()) ?? []) : [];
    if (doiHits.length > 1) {
      return { kind: 'rejected', reason: `ambiguous: its DOI matches ${doiHits.length} papers (${describe(doiHits)})` };
    }
    if (doiHits[0]) return { kind: 'paper', ref: refOf(doiHits[0]) };
    if (!entry.title) return { kind: 'rejected', reason: 'no title, and no arXiv id or DOI of a known paper' };
    // Title matching needs the year (sameWork): without one there is nothing to look up.
    return entry.year === null ? { kind: 'none' } : null;
  });
  const probeKeys = new Map<string, number>();
  const probes: TitleProbe[] = [];
  const probeOf = entries.map((entry, index) => {
    if (matches[index] !== null || !entry.title || entry.year === null) return -1;
    const probe = { prefix: titlePrefix(entry.title), year: entry.year };
    const key = `${probe.prefix}|${probe.year}`;
    if (!probeKeys.has(key)) probeKeys.set(key, probes.push(probe) - 1);
    return probeKeys.get(key) as number;
  });
  const candidates = await selectTitleCandidates(tx, userId, probes);
  return matches.map((match, index): EntryMatch => {
    if (match) return match;
    const entry = entries[index] as ImportedEntry;
    const same = (candidates.get(probeOf[index] ?? -1) ?? []).filter((paper) => sameWork(entry, paper));
    if (same.length > 1) {
      return {
        kind: 'rejected',
        reason: `ambiguous: its title, first author and year match ${same.length} papers (${describe(same)})`,
      };
    }
    return same[0] ? { kind: 'paper', ref: refOf(same[0]) } : { kind: 'none' };
  });
}
