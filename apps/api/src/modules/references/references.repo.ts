import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { paperReferences, papers, paperTexts, referenceMarkers } from '../../db/schema';
import { insertJobsForPapers } from '../../jobs/queue/queue-jobs.repo';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';
import type { ParsedReferences } from './parse/parse-references';

const ofPaper = (table: { platform: AnyPgColumn; paperId: AnyPgColumn }, ref: TPaperRef) =>
  and(eq(table.platform, ref.platform), eq(table.paperId, ref.paper_id));

/** Corpus papers by arXiv id, by lower(DOI) (papers_doi_idx) and by lower(title) (papers_title_prefix_idx). */
export async function selectResolutionCandidates(
  tx: Db | Tx,
  keys: { arxivIds: string[]; dois: string[]; titles: string[] },
) {
  const columns = {
    platform: papers.platform,
    paperId: papers.paperId,
    doi: sql<string | null>`lower(${papers.doi})`,
    title: sql<string>`lower(${papers.title})`,
    year: sql<number | null>`extract(year from ${papers.publishedDate})::int`,
  };
  const [byArxiv, byDoi, byTitle] = await Promise.all([
    keys.arxivIds.length === 0
      ? []
      : tx
          .select(columns)
          .from(papers)
          .where(and(eq(papers.platform, 'arxiv'), inArray(papers.paperId, keys.arxivIds))),
    keys.dois.length === 0
      ? []
      : tx
          .select(columns)
          .from(papers)
          .where(inArray(sql`lower(${papers.doi})`, keys.dois)),
    keys.titles.length === 0
      ? []
      : tx
          .select(columns)
          .from(papers)
          .where(inArray(sql`lower(${papers.title})`, keys.titles)),
  ]);
  return { byArxiv, byDoi, byTitle };
}

export interface StoredReference {
  n: number;
  raw: string;
  title: string | null;
  authors: string[];
  year: number | null;
  venue: string | null;
  doi: string | null;
  arxivId: string | null;
  page: number;
  cited: TPaperRef | null;
}

/** The paper's entries and markers replace whatever was stored before (the caller's transaction). */
export async function replaceReferences(
  tx: Tx,
  ref: TPaperRef,
  references: StoredReference[],
  markers: ParsedReferences['markers'],
) {
  await tx.update(paperTexts).set({ referencesParsedAt: sql`now()` }).where(ofPaper(paperTexts, ref));
  await tx.delete(referenceMarkers).where(ofPaper(referenceMarkers, ref));
  await tx.delete(paperReferences).where(ofPaper(paperReferences, ref));
  const key = { platform: ref.platform, paperId: ref.paper_id };
  for (let at = 0; at < references.length; at += 500) {
    await tx.insert(paperReferences).values(
      references.slice(at, at + 500).map(({ cited, ...entry }) => ({
        ...key,
        ...entry,
        citedPlatform: cited?.platform ?? null,
        citedPaperId: cited?.paper_id ?? null,
      })),
    );
  }
  for (let at = 0; at < markers.length; at += 500) {
    await tx
      .insert(referenceMarkers)
      .values(markers.slice(at, at + 500).map((marker, i) => ({ ...key, ...marker, ordinal: at + i })));
  }
}

/** The entries, each with its resolved paper only when the caller may read that paper. */
export function selectReferences(db: Db, userId: number | null, ref: TPaperRef) {
  return db
    .select({
      n: paperReferences.n,
      raw: paperReferences.raw,
      title: paperReferences.title,
      authors: paperReferences.authors,
      year: paperReferences.year,
      venue: paperReferences.venue,
      doi: paperReferences.doi,
      arxivId: paperReferences.arxivId,
      citedPlatform: papers.platform,
      citedPaperId: papers.paperId,
    })
    .from(paperReferences)
    .leftJoin(
      papers,
      and(
        eq(papers.platform, paperReferences.citedPlatform),
        eq(papers.paperId, paperReferences.citedPaperId),
        visiblePaperFilter(userId),
      ),
    )
    .where(ofPaper(paperReferences, ref))
    .orderBy(asc(paperReferences.n));
}

export function selectMarkers(db: Db, ref: TPaperRef) {
  return db
    .select({
      page: referenceMarkers.page,
      charStart: referenceMarkers.charStart,
      charEnd: referenceMarkers.charEnd,
      entries: referenceMarkers.entries,
    })
    .from(referenceMarkers)
    .where(ofPaper(referenceMarkers, ref))
    .orderBy(asc(referenceMarkers.ordinal));
}

export async function selectTextStatus(db: Db, ref: TPaperRef): Promise<string | null> {
  const [row] = await db.select({ status: paperTexts.status }).from(paperTexts).where(ofPaper(paperTexts, ref));
  return row?.status ?? null;
}

/** The papers the caller may read with an entry resolved to `ref`, newest first. */
export function selectCitingPapers(db: Db, userId: number | null, ref: TPaperRef) {
  return db
    .selectDistinct(paperColumns)
    .from(papers)
    .innerJoin(
      paperReferences,
      and(eq(paperReferences.platform, papers.platform), eq(paperReferences.paperId, papers.paperId)),
    )
    .where(
      and(
        eq(paperReferences.citedPlatform, ref.platform),
        eq(paperReferences.citedPaperId, ref.paper_id),
        isNotNull(paperReferences.citedPaperId),
        visiblePaperFilter(userId),
      ),
    )
    .orderBy(sql`${papers.publishedDate} desc nulls last`, asc(papers.paperId))
    .limit(500);
}

/** Citations among `refs`: entries of one that resolve to another (the review graph's 'cites' proposals). */
export async function selectCitationLinks(db: Db, refs: readonly TPaperRef[]) {
  if (refs.length === 0) return [];
  const tuples = (platform: AnyPgColumn, paperId: AnyPgColumn) =>
    sql`(${platform}, ${paperId}) in (${sql.join(
      refs.map((ref) => sql`(${ref.platform}, ${ref.paper_id})`),
      sql`, `,
    )})`;
  return db
    .selectDistinct({
      platform: paperReferences.platform,
      paperId: paperReferences.paperId,
      citedPlatform: paperReferences.citedPlatform,
      citedPaperId: paperReferences.citedPaperId,
    })
    .from(paperReferences)
    .where(
      and(
        tuples(paperReferences.platform, paperReferences.paperId),
        tuples(paperReferences.citedPlatform, paperReferences.citedPaperId),
      ),
    )
    .orderBy(asc(paperReferences.platform), asc(paperReferences.paperId), asc(paperReferences.citedPaperId));
}

/** The paper's DOI (lower case), null when it has none or does not exist. */
export async function selectPaperDoi(db: Db, ref: TPaperRef): Promise<string | null> {
  const [row] = await db
    .select({ doi: sql<string | null>`lower(${papers.doi})` })
    .from(papers)
    .where(ofPaper(papers, ref));
  return row?.doi ?? null;
}

/** Whole papers of `refs` the caller may read. */
export function selectVisiblePapers(db: Db, userId: number | null, refs: readonly TPaperRef[]) {
  if (refs.length === 0) return Promise.resolve([]);
  return db
    .select(paperColumns)
    .from(papers)
    .where(
      and(
        sql`(${papers.platform}, ${papers.paperId}) in (${sql.join(
          refs.map((ref) => sql`(${ref.platform}, ${ref.paper_id})`),
          sql`, `,
        )})`,
        visiblePaperFilter(userId),
      ),
    );
}

/**
 * docs/references.md#backfill: a ready text whose references were never parsed, locked for the parse;
 * undefined when there is none (deleted, re-extracted meanwhile, or parsed already).
 */
export async function selectUnparsedPages(tx: Tx, ref: TPaperRef): Promise<string[] | undefined> {
  const [row] = await tx
    .select({ pages: paperTexts.pages })
    .from(paperTexts)
    .where(and(ofPaper(paperTexts, ref), eq(paperTexts.status, 'ready'), isNull(paperTexts.referencesParsedAt)))
    .for('update');
  return row?.pages ?? undefined;
}

/**
 * docs/references.md#backfill: one parse-references job for every ready text whose references were
 * never parsed (texts made ready before reference lists were). The dedupe key makes it safe when
 * replicas start together; returns how many were enqueued.
 */
export function enqueueReferencesBackfill(
  db: Db,
  job: { id: string; version: number; maxAttempts: number },
): Promise<number> {
  return insertJobsForPapers(
    db,
    job,
    sql`select platform, paper_id from paper_texts where status = 'ready' and references_parsed_at is null`,
  );
}
