import { randomBytes } from 'node:crypto';
import { paperRefKey, type TImportReport, type TPaperRef } from '@paperbench/contract';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';
import type { ImportedEntry } from './bibliography-input';
import { familyName, normaliseTitle } from './entry-ids';
import type { MetadataOnlyPaper } from './import.repo';
import type { EntryMatch } from './match-entries';

const MAX_TITLE = 1000;
const MAX_AUTHORS = 1000;
const MAX_ABSTRACT = 20_000;

/** An entry's fields past what a paper may hold (or holding a NUL, e.g. from Zotero): a reason to reject it, or null. */
function oversized(entry: ImportedEntry): string | null {
  const texts = [entry.title, entry.abstract, entry.doi, ...entry.authors];
  if (texts.some((text) => text?.includes('\u0000'))) return 'a field holds a NUL character';
  if ((entry.title?.length ?? 0) > MAX_TITLE) return `its title is longer than ${MAX_TITLE} characters`;
  if (entry.authors.length > MAX_AUTHORS) return `it has more than ${MAX_AUTHORS} authors`;
  if ((entry.abstract?.length ?? 0) > MAX_ABSTRACT) return `its abstract is longer than ${MAX_ABSTRACT} characters`;
  return null;
}

/** An entry with no paper is the same as another when its DOI, or its title + first author + year, is. */
const metadataKey = (entry: ImportedEntry) =>
  entry.doi
    ? `doi:${entry.doi.toLowerCase()}`
    : `t:${normaliseTitle(entry.title ?? '')}|${familyName(entry.authors[0] ?? '')}|${entry.year ?? ''}`;

/** What an import will write, and its report (`added` still to count). */
export interface ImportPlan {
  report: TImportReport;
  /** Papers to place in the folder: matched ones, and the metadata-only ones to create. */
  refs: TPaperRef[];
  created: MetadataOnlyPaper[];
  /** Metadata-only papers a Zotero re-sync updates (docs/import-export.md#zotero). */
  updates: { paperId: string; entry: ImportedEntry }[];
}

/**
 * docs/import-export.md#the-report: each entry's fate, in file order. A match already in the folder (or
 * met earlier in the file) is a duplicate; an unmatched entry becomes a new metadata-only paper unless
 * one with its DOI, or title + first author + year, came earlier in the file. `known` maps a Zotero item
 * id to the metadata-only paper it made before: that paper, updated (counted `updated` when in the folder).
 */
export function planImport(
  entries: readonly ImportedEntry[],
  matches: readonly EntryMatch[],
  known: ReadonlyMap<string, string>,
  inFolder: Set<string>,
): ImportPlan {
  const plan: ImportPlan = {
    report: { added: 0, matched: 0, metadata_only: 0, duplicates: 0, rejected: [] },
    refs: [],
    created: [],
    updates: [],
  };
  const { report } = plan;
  const seenMetadata = new Set<string>();
  entries.forEach((entry, index) => {
    const knownPaperId = known.get(entry.label);
    const match: EntryMatch = knownPaperId
      ? { kind: 'paper', ref: { platform: UPLOAD_PLATFORM, paper_id: knownPaperId } }
      : (matches[index] ?? { kind: 'none' });
    const tooBig = oversized(entry);
    if (match.kind === 'rejected' || tooBig) {
      report.rejected.push({
        entry: entry.label.slice(0, 200),
        reason: tooBig ?? (match as { reason: string }).reason,
      });
      return;
    }
    if (match.kind === 'paper') {
      const key = paperRefKey(match.ref);
      if (knownPaperId && entry.title) plan.updates.push({ paperId: knownPaperId, entry });
      if (inFolder.has(key)) {
        if (knownPaperId) report.updated = (report.updated ?? 0) + 1;
        else report.duplicates++;
        return;
      }
      inFolder.add(key);
      plan.refs.push(match.ref);
      report.matched++;
      return;
    }
    const key = metadataKey(entry);
    if (seenMetadata.has(key)) {
      report.duplicates++;
      return;
    }
    seenMetadata.add(key);
    // 128 random bits, as an upload's id (it grants nothing, but must not be guessable either).
    const paperId = randomBytes(16).toString('base64url');
    plan.created.push({
      paperId,
      title: entry.title ?? entry.label,
      authors: entry.authors,
      publishedDate: entry.publishedDate,
      publishedPrecision: entry.publishedPrecision,
      abstract: entry.abstract,
      doi: entry.doi,
      label: entry.label.slice(0, 200),
    });
    plan.refs.push({ platform: UPLOAD_PLATFORM, paper_id: paperId });
    report.metadata_only++;
  });
  return plan;
}
