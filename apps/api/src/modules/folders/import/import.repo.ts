import type { TPaperRef } from '@paperbench/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { folderFiles, papers, uploads, zoteroSyncs } from '../../../db/schema';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';

/** A paper an entry may match, with what title matching compares. */
export interface CandidatePaper {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  publishedDate: string | null;
  doi: string | null;
}

const candidateColumns = {
  platform: papers.platform,
  paperId: papers.paperId,
  title: papers.title,
  authors: papers.authors,
  publishedDate: papers.publishedDate,
  doi: papers.doi,
};

/**
 * docs/import-export.md#matching: an entry matches the corpus (every platform but uploads) or one of the
 * caller's own uploads, so re-importing an export finds the papers it came from; never another's upload.
 */
const matchable = (userId: number): SQL =>
  or(
    sql`${papers.platform} <> ${UPLOAD_PLATFORM}`,
    sql`exists (select 1 from ${uploads} where ${uploads.platform} = ${papers.platform}
      and ${uploads.paperId} = ${papers.paperId} and ${uploads.ownerId} = ${userId})`,
  ) as SQL;

/** arXiv papers of the corpus by id. */
export async function selectArxivPapers(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ paperId: papers.paperId })
    .from(papers)
    .where(and(eq(papers.platform, 'arxiv'), inArray(papers.paperId, [...ids])));
  return new Set(rows.map((row) => row.paperId));
}

/** Papers whose DOI is one of these, compared case-insensitively (papers_doi_idx on lower(doi)). */
export async function selectPapersByDoi(tx: Tx, userId: number, dois: readonly string[]): Promise<CandidatePaper[]> {
  if (dois.length === 0) return [];
  const lowered = [...new Set(dois.map((doi) => doi.toLowerCase()))];
  return tx
    .select(candidateColumns)
    .from(papers)
    .where(and(inArray(sql`lower(${papers.doi})`, lowered), matchable(userId)));
}

/** A title lookup: the entry's title prefix (entry-ids.ts titlePrefix) and year. */
export interface TitleProbe {
  prefix: string;
  year: number;
}

/** Letters, digits and single spaces, 3 to 60 of them: what titlePrefix makes, checked again before it is SQL. */
const isSafePrefix = (prefix: string) => /^[\p{L}\p{N} ]{3,60}$/u.test(prefix);

/**
 * For each probe, the papers of its year whose lower-cased title starts with its prefix (at most 200,
 * papers_title_prefix_idx), in one statement per 100 probes: (select … limit 200) union all (…). The
 * prefix is written as a literal (checked: letters, digits, spaces), since a bound parameter would hide
 * the constant prefix from the planner's index choice. Returns the candidates by probe index.
 */
export async function selectTitleCandidates(
  tx: Tx,
  userId: number,
  probes: readonly TitleProbe[],
): Promise<Map<number, CandidatePaper[]>> {
  const byProbe = new Map<number, CandidatePaper[]>();
  const usable = probes.flatMap((probe, index) =>
    isSafePrefix(probe.prefix) && Number.isInteger(probe.year) ? [{ ...probe, index }] : [],
  );
  for (let start = 0; start < usable.length; start += 100) {
    const selects = usable.slice(start, start + 100).map(({ prefix, year, index }) =>
      tx
        .select({ ...candidateColumns, probe: sql<number>`${sql.raw(String(index))}::int`.as('probe') })
        .from(papers)
        .where(
          and(
            sql`lower(${papers.title}) like ${sql.raw(`'${prefix}%'`)}`,
            sql`${papers.publishedDate} >= ${`${year}-01-01`} and ${papers.publishedDate} < ${`${year + 1}-01-01`}`,
            matchable(userId),
          ),
        )
        .limit(200),
    );
    const [first, ...rest] = selects;
    if (!first) continue;
    const rows = rest.length ? await unionAll(first, ...(rest as [typeof first, ...(typeof first)[]])) : await first;
    for (const { probe, ...paper } of rows) byProbe.set(probe, [...(byProbe.get(probe) ?? []), paper]);
  }
  return byProbe;
}

/** The papers already in the folder, as paperRefKey strings. */
export async function selectFolderPaperKeys(tx: Tx, folderId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ platform: folderFiles.platform, paperId: folderFiles.paperId })
    .from(folderFiles)
    .where(eq(folderFiles.folderId, folderId));
  return new Set(rows.map((row) => `${row.platform}:${row.paperId}`));
}

export interface MetadataOnlyPaper {
  paperId: string;
  title: string;
  authors: string[];
  publishedDate: string | null;
  publishedPrecision: 'year' | null;
  abstract: string | null;
  doi: string | null;
  label: string;
}

/** docs/import-export.md: a metadata-only paper is a papers row of platform upload whose uploads row has no file. */
export async function insertMetadataOnlyPapers(tx: Tx, ownerId: number, rows: readonly MetadataOnlyPaper[]) {
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await tx.insert(papers).values(
      batch.map((row) => ({
        platform: UPLOAD_PLATFORM,
        paperId: row.paperId,
        title: row.title,
        authors: row.authors,
        abstract: row.abstract,
        publishedDate: row.publishedDate,
        publishedPrecision: row.publishedPrecision,
        doi: row.doi,
        categories: [],
        pdfUrl: null,
      })),
    );
    await tx.insert(uploads).values(
      batch.map((row) => ({
        paperId: row.paperId,
        ownerId,
        contentHash: null,
        originalFilename: row.label,
        // What the entry told stands when a PDF is attached later; the PDF fills only the rest
        // (docs/uploads.md#metadata-from-the-pdf).
        typedFields: [
          'title',
          ...(row.authors.length > 0 ? ['authors'] : []),
          ...(row.publishedDate ? ['published'] : []),
          ...(row.abstract ? ['abstract'] : []),
        ],
      })),
    );
  }
}

/**
 * docs/import-export.md#zotero: the caller's metadata-only papers imported under these labels (a Zotero
 * item id, 'libraryId/ITEMKEY', kept as the upload's name), by label. A paper given a PDF since is named
 * after its file and is matched like any other.
 */
export async function selectMetadataOnlyByLabel(
  tx: Tx,
  userId: number,
  labels: readonly string[],
): Promise<Map<string, string>> {
  if (labels.length === 0) return new Map();
  const rows = await tx
    .select({ label: uploads.originalFilename, paperId: uploads.paperId })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, userId),
        isNull(uploads.contentHash),
        inArray(uploads.originalFilename, [...new Set(labels)]),
      ),
    )
    .orderBy(uploads.createdAt);
  return new Map(rows.map((row) => [row.label, row.paperId]));
}

/** A metadata-only paper takes an entry's changed fields (a Zotero item edited since the last sync). */
export async function updateMetadataOnlyPaper(
  tx: Tx,
  paperId: string,
  entry: {
    title: string | null;
    authors: string[];
    publishedDate: string | null;
    publishedPrecision: 'year' | null;
    abstract: string | null;
    doi: string | null;
  },
) {
  await tx
    .update(papers)
    .set({
      ...(entry.title ? { title: entry.title } : {}),
      authors: entry.authors,
      publishedDate: entry.publishedDate,
      publishedPrecision: entry.publishedPrecision,
      abstract: entry.abstract,
      doi: entry.doi,
    })
    .where(and(eq(papers.platform, UPLOAD_PLATFORM), eq(papers.paperId, paperId)));
}

/** Places the papers in the folder (each once; one already there is left as it is). */
export async function insertFolderFiles(tx: Tx, folderId: number, refs: readonly TPaperRef[], addedBy: number) {
  for (let start = 0; start < refs.length; start += 500) {
    const values = refs.slice(start, start + 500).map((ref) => ({
      folderId,
      platform: ref.platform,
      paperId: ref.paper_id,
      addedBy,
    }));
    await tx.insert(folderFiles).values(values).onConflictDoNothing();
  }
}

/** docs/import-export.md#zotero: the library version the user's last import into the folder reached. */
export async function selectZoteroVersion(tx: Db, userId: number, folderId: number, library: string) {
  const [row] = await tx
    .select({ version: zoteroSyncs.version })
    .from(zoteroSyncs)
    .where(and(eq(zoteroSyncs.userId, userId), eq(zoteroSyncs.folderId, folderId), eq(zoteroSyncs.library, library)));
  return row?.version ?? null;
}

export async function upsertZoteroVersion(tx: Tx, userId: number, folderId: number, library: string, version: number) {
  await tx
    .insert(zoteroSyncs)
    .values({ userId, folderId, library, version })
    .onConflictDoUpdate({
      target: [zoteroSyncs.userId, zoteroSyncs.folderId, zoteroSyncs.library],
      set: { version, syncedAt: sql`now()` },
    });
}

/** docs/import-export.md#zotero: the caller's metadata-only papers whose Zotero items were deleted leave the folder; how many did. */
export async function deleteFolderFiles(tx: Tx, folderId: number, uploadIds: readonly string[]): Promise<number> {
  if (uploadIds.length === 0) return 0;
  const removed = await tx
    .delete(folderFiles)
    .where(
      and(
        eq(folderFiles.folderId, folderId),
        eq(folderFiles.platform, UPLOAD_PLATFORM),
        inArray(folderFiles.paperId, [...uploadIds]),
      ),
    )
    .returning({ paperId: folderFiles.paperId });
  return removed.length;
}
