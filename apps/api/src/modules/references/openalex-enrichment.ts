import { paperRefKey, type TPaper, type TPaperRef, type TPaperReference } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../policies/decision';
import { presentPaper } from '../papers/paper.presenter';
import { type OpenAlexWork, openAlexCitedBy, openAlexEnabled, openAlexReferences } from './openalex';
import type { ParsedReference } from './parse/parse-references';
import { selectPaperDoi, selectResolutionCandidates, selectVisiblePapers } from './references.repo';
import { resolutionKeys, resolveEntry } from './resolve';

type Context = Pick<AppContext, 'db' | 'config'>;

const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

/** The DOI OpenAlex knows the paper by: its own, or arXiv's DataCite DOI for an arXiv paper. */
async function doiOf(ctx: Context, ref: TPaperRef): Promise<string | null> {
  const doi = await selectPaperDoi(ctx.db, ref);
  if (doi) return doi;
  return ref.platform === 'arxiv' ? `10.48550/arxiv.${ref.paper_id.toLowerCase()}` : null;
}

const asEntry = (work: OpenAlexWork, n: number): ParsedReference => ({
  n,
  raw: [work.authors.join(', '), work.year, work.title, work.doi ? `doi:${work.doi}` : `OpenAlex ${work.id}`]
    .filter((part) => part !== null && part !== '')
    .join('. '),
  title: work.title,
  authors: work.authors,
  year: work.year,
  venue: null,
  doi: work.doi,
  arxivId: work.doi ? (ARXIV_DOI.exec(work.doi)?.[1] ?? null) : null,
  page: 1,
});

/** Resolves OpenAlex works to public corpus papers (never an upload: these answers are not stored). */
async function resolveWorks(ctx: Context, self: TPaperRef, entries: ParsedReference[]) {
  const found = await selectResolutionCandidates(ctx.db, resolutionKeys(entries));
  const publicOnly = <T extends { platform: string }>(rows: T[]) => rows.filter((row) => row.platform !== 'upload');
  const candidates = {
    byArxiv: publicOnly(found.byArxiv),
    byDoi: publicOnly(found.byDoi),
    byTitle: publicOnly(found.byTitle),
  };
  return entries.map((entry) => resolveEntry(entry, candidates, self));
}

/**
 * docs/references.md#openalex: a paper without a parsed list (its text not extracted, or no
 * references section found) gets OpenAlex's, when enrichment is on and the caller has an id.
 * Otherwise the stored list as is.
 */
export async function withOpenAlexReferences(
  ctx: Context,
  actor: Actor,
  ref: TPaperRef,
  stored: TPaperReference[],
): Promise<TPaperReference[]> {
  // docs/security.md#outbound-requests-to-arxiv, applied to OpenAlex too: nothing is fetched for an anonymous caller.
  if (stored.length > 0 || !openAlexEnabled(ctx) || actor.userId === null) return stored;
  const doi = await doiOf(ctx, ref);
  const answer = doi ? await openAlexReferences(ctx, doi) : null;
  if (!answer || answer.references.length === 0) return stored;
  const entries = answer.references.map((work, i) => asEntry(work, i + 1));
  const resolved = await resolveWorks(ctx, ref, entries);
  return entries.map((entry, i) => ({
    n: entry.n,
    raw: entry.raw,
    title: entry.title,
    authors: entry.authors,
    year: entry.year,
    venue: entry.venue,
    doi: entry.doi,
    arxiv_id: entry.arxivId,
    paper: resolved[i] ?? null,
  }));
}

/** "Cited by" with the corpus papers OpenAlex knows to cite this one added, when enrichment is on. */
export async function withOpenAlexCitations(
  ctx: Context,
  actor: Actor,
  ref: TPaperRef,
  local: TPaper[],
): Promise<TPaper[]> {
  if (!openAlexEnabled(ctx) || actor.userId === null) return local;
  const doi = await doiOf(ctx, ref);
  const answer = doi ? await openAlexReferences(ctx, doi) : null;
  if (!answer) return local;
  const citing = await openAlexCitedBy(ctx, answer.work.id);
  const resolved = (
    await resolveWorks(
      ctx,
      ref,
      citing.map((work, i) => asEntry(work, i + 1)),
    )
  ).flatMap((r) => r ?? []);
  const known = new Set(local.map(paperRefKey));
  const missing = resolved.filter((r) => !known.has(paperRefKey(r)));
  const rows = await selectVisiblePapers(ctx.db, actor.userId, missing);
  return [...local, ...rows.map(presentPaper)];
}
