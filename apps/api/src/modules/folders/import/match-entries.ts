import type { TPaperRef } from '@paperbench/contract';
import type { Tx } from '../../../db/client';
import { publicationYear } from '../../../lib/bibliography';
import type { ImportedEntry } from './bibliography-input';
import { familyName, normaliseTitle, titlePrefix } from './entry-ids';
import { type CandidatePaper, selectArxivPapers, selectPapersByDoi, selectTitleCandidates } from './import.repo';

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
  const candidatesByPrefix = new Map<string, CandidatePaper[]>();
  const matches: EntryMatch[] = [];
  for (const entry of entries) {
    if (entry.arxivId && arxiv.has(entry.arxivId)) {
      matches.push({ kind: 'paper', ref: { platform: 'arxiv', paper_id: entry.arxivId } });
      continue;
    }
    const doiHits = entry.doi ? (byDoi.get(entry.doi.toLowerCase()) ?? []) : [];
    if (doiHits.length > 1) {
      matches.push({
        kind: 'rejected',
        reason: `ambiguous: its DOI matches ${doiHits.length} papers (${describe(doiHits)})`,
      });
      continue;
    }
    if (doiHits[0]) {
      matches.push({ kind: 'paper', ref: refOf(doiHits[0]) });
      continue;
    }
    if (!entry.title) {
      matches.push({ kind: 'rejected', reason: 'no title, and no arXiv id or DOI of a known paper' });
      continue;
    }
    // Title matching needs the year (sameWork): without one there is nothing to look up.
    if (entry.year === null) {
      matches.push({ kind: 'none' });
      continue;
    }
    const prefix = titlePrefix(entry.title);
    const cacheKey = `${prefix}|${entry.year}`;
    let candidates = candidatesByPrefix.get(cacheKey);
    if (!candidates) {
      candidates = await selectTitleCandidates(tx, userId, prefix, entry.year);
      candidatesByPrefix.set(cacheKey, candidates);
    }
    const same = candidates.filter((paper) => sameWork(entry, paper));
    if (same.length > 1) {
      matches.push({
        kind: 'rejected',
        reason: `ambiguous: its title, first author and year match ${same.length} papers (${describe(same)})`,
      });
    } else matches.push(same[0] ? { kind: 'paper', ref: refOf(same[0]) } : { kind: 'none' });
  }
  return matches;
}
