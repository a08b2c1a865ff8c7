import type { TCitationMarker, TPaper, TPaperRef, TPaperReference } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { queuedJob } from '../../jobs/job-payloads';
import { requireAccess } from '../../policies/access';
import type { Actor } from '../../policies/decision';
import { presentPaper } from '../papers/paper.presenter';
import { withOpenAlexCitations, withOpenAlexReferences } from './openalex-enrichment';
import { parseReferences } from './parse/parse-references';
import {
  enqueueReferencesBackfill,
  replaceReferences,
  selectCitationLinks,
  selectCitingPapers,
  selectMarkers,
  selectReferences,
  selectResolutionCandidates,
  selectTextStatus,
  selectUnparsedPages,
} from './references.repo';
import { resolutionKeys, resolveEntry } from './resolve';

/**
 * docs/references.md#storage: called inside the transaction that marks a paper's text 'ready', so a
 * re-extraction replaces the list and its markers with the text, or nothing changes.
 */
export async function storeReferencesFromText(tx: Tx, ref: TPaperRef, pages: readonly string[]): Promise<number> {
  const { references, markers } = parseReferences(pages);
  const candidates =
    references.length === 0
      ? { byArxiv: [], byDoi: [], byTitle: [] }
      : await selectResolutionCandidates(tx, resolutionKeys(references));
  const stored = references.map((entry) => ({
    n: entry.n,
    raw: entry.raw,
    title: entry.title,
    authors: entry.authors,
    year: entry.year,
    venue: entry.venue,
    doi: entry.doi,
    arxivId: entry.arxivId,
    page: entry.page,
    cited: resolveEntry(entry, candidates, ref),
  }));
  await replaceReferences(tx, ref, stored, markers);
  return stored.length;
}

/**
 * docs/references.md#backfill: the parse-references job. A text made ready before reference lists were
 * parsed gets them now, from its stored pages; one parsed meanwhile (a re-extraction) is left alone.
 */
export async function parseStoredReferences(db: Db, ref: TPaperRef): Promise<number | null> {
  return db.transaction(async (tx) => {
    const pages = await selectUnparsedPages(tx, ref);
    return pages ? storeReferencesFromText(tx, ref, pages) : null;
  });
}

/** docs/references.md#backfill: at start-up, one parse-references job per ready text never parsed. */
export async function backfillReferences({ db, queue }: Pick<AppContext, 'db' | 'queue'>): Promise<number> {
  const queued = await enqueueReferencesBackfill(db, queuedJob('parse-references'));
  if (queued > 0) queue.wake();
  return queued;
}

type Context = Pick<AppContext, 'db' | 'config'>;

/** GET /api/papers/:id/references: whoever may read the paper (404 otherwise). */
export async function listReferences(ctx: Context, actor: Actor, ref: TPaperRef): Promise<TPaperReference[]> {
  const { db } = ctx;
  await requireAccess(db, actor, 'paper.read', [ref]);
  const rows = await selectReferences(db, actor.userId, ref);
  const stored = rows.map((row) => ({
    n: row.n,
    raw: row.raw,
    title: row.title,
    authors: row.authors,
    year: row.year,
    venue: row.venue,
    doi: row.doi,
    arxiv_id: row.arxivId,
    paper: row.citedPlatform && row.citedPaperId ? { platform: row.citedPlatform, paper_id: row.citedPaperId } : null,
  }));
  return withOpenAlexReferences(ctx, actor, ref, stored);
}

type TextStatus = 'none' | 'pending' | 'ready' | 'failed' | 'abstract-only';

/** GET /api/papers/:id/citation-markers, with the text's status so an empty list can say why. */
export async function listMarkers(
  db: Db,
  actor: Actor,
  ref: TPaperRef,
): Promise<{ text_status: TextStatus; markers: TCitationMarker[] }> {
  await requireAccess(db, actor, 'paper.read', [ref]);
  const [status, rows] = await Promise.all([selectTextStatus(db, ref), selectMarkers(db, ref)]);
  return {
    text_status: (status ?? 'none') as TextStatus,
    markers: rows.map((row) => ({
      page: row.page,
      char_start: row.charStart,
      char_end: row.charEnd,
      entries: row.entries,
    })),
  };
}

/** GET /api/papers/:id/citations: the readable papers whose entries resolve to this one. */
export async function listCitations(ctx: Context, actor: Actor, ref: TPaperRef): Promise<TPaper[]> {
  await requireAccess(ctx.db, actor, 'paper.read', [ref]);
  const rows = await selectCitingPapers(ctx.db, actor.userId, ref);
  return withOpenAlexCitations(ctx, actor, ref, rows.map(presentPaper));
}

/**
 * The citations among papers the caller has already been allowed to see (a review session's nodes,
 * checked by the review module): `source` cites `target`. docs/review.md#graph.
 */
export async function citationLinksAmong(
  db: Db,
  refs: readonly TPaperRef[],
): Promise<{ source: TPaperRef; target: TPaperRef }[]> {
  const rows = await selectCitationLinks(db, refs);
  return rows.flatMap((row) =>
    row.citedPlatform && row.citedPaperId
      ? [
          {
            source: { platform: row.platform, paper_id: row.paperId },
            target: { platform: row.citedPlatform, paper_id: row.citedPaperId },
          },
        ]
      : [],
  );
}
