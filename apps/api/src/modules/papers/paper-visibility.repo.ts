import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaperRow, paperColumns } from '../../db/columns/paper-columns';
import { folderFiles, folders, papers, uploads } from '../../db/schema';
import { readableFolder } from '../../policies/folder-scope.repo';

/** Uploaded papers are private to their uploader and to the readers of shared folders they put them in; every other platform is public metadata. */
export const UPLOAD_PLATFORM = 'upload';

/**
 * Joins `folder_files` to `uploads`: the rows of the upload that its uploader placed. Only these can
 * grant it, and only in a shared folder (policies/paper.policy.ts); rows placed by anyone else are
 * references (docs/collaboration.md#uploads).
 */
export const placedByUploader = (): SQL =>
  and(
    eq(folderFiles.platform, uploads.platform),
    eq(folderFiles.paperId, uploads.paperId),
    eq(folderFiles.addedBy, uploads.ownerId),
  ) as SQL;

/**
 * The one visibility rule for papers, as a condition on `papers` (the caller's scope lives in the
 * query itself, so a forgotten check cannot leak an upload); the SQL twin of decidePaperRead. An
 * uploaded paper is visible to its uploader and to whoever may read a shared folder its uploader put
 * it in: a member with any role, the folder's owner, anyone for a public one (docs/collaboration.md#uploads).
 */
export function visiblePaperFilter(userId: number | null): SQL {
  const notUpload = sql`${papers.platform} <> ${UPLOAD_PLATFORM}`;
  const granted = sql`exists (select 1 from ${uploads}
    inner join ${folderFiles} on ${placedByUploader()}
    inner join ${folders} on ${folders.id} = ${folderFiles.folderId} and ${folders.type} = 'shared'
    where ${uploads.platform} = ${papers.platform} and ${uploads.paperId} = ${papers.paperId}
    and ${readableFolder({ userId })})`;
  if (userId === null) return or(notUpload, granted) as SQL;
  const uploaded = sql`exists (select 1 from ${uploads} where ${uploads.platform} = ${papers.platform}
    and ${uploads.paperId} = ${papers.paperId} and ${uploads.ownerId} = ${userId})`;
  return or(notUpload, uploaded, granted) as SQL;
}

/**
 * A condition on a folder's files (`folder_files` joined to `folders` and `papers`): the paper is
 * readable by whoever reads the folder, through the folder itself. A published paper; an upload its
 * uploader put there, in their own folder or in a shared one. What one folder holds for all its
 * readers (its summary) reads only these: a reference is readable, if at all, through a grant of
 * the reader's own (docs/collaboration.md#uploads).
 */
export const readableThroughFolder = (): SQL =>
  sql`(${papers.platform} <> ${UPLOAD_PLATFORM} or exists (select 1 from ${uploads}
    where ${placedByUploader()} and (${folders.type} = 'shared' or ${uploads.ownerId} = ${folders.ownerId})))`;

/**
 * `papers` rows of many refs (a folder's, a kept order's batch). The refs travel as one JSON
 * parameter: a row-constructor IN list of 150 refs costs ~20 ms to plan, this ~1 ms.
 */
export const amongPaperRefs = (refs: readonly TPaperRef[]): SQL =>
  sql`(${papers.platform}, ${papers.paperId}) in (select platform, paper_id from json_to_recordset(${JSON.stringify(
    refs.map(({ platform, paper_id }) => ({ platform, paper_id })),
  )}::json) as r(platform text, paper_id text))`;

/** `(platform, paper_id) in (…)` over a non-empty set of refs: one index probe per ref. */
export function paperRefsFilter(refs: readonly TPaperRef[]): SQL {
  const tuples = refs.map((ref) => sql`(${ref.platform}, ${ref.paper_id})`);
  return sql`(${papers.platform}, ${papers.paperId}) in (${sql.join(tuples, sql`, `)})`;
}

/** The paper if it exists and the caller may see it; null otherwise (callers answer 404 either way). */
export async function findVisiblePaper(db: Db, userId: number | null, ref: TPaperRef): Promise<PaperRow | null> {
  const [row] = await db
    .select(paperColumns)
    .from(papers)
    .where(and(eq(papers.platform, ref.platform), eq(papers.paperId, ref.paper_id), visiblePaperFilter(userId)))
    .limit(1);
  return row ?? null;
}

/**
 * conventions (Immich access checks): for actions over many papers, one query returns the visible
 * subset; the caller fails unless every ref is in it.
 */
export async function findVisiblePapers(
  db: Db,
  userId: number | null,
  refs: readonly TPaperRef[],
): Promise<PaperRow[]> {
  if (refs.length === 0) return [];
  return db
    .select(paperColumns)
    .from(papers)
    .where(and(paperRefsFilter(refs), visiblePaperFilter(userId)));
}

/** The first ref (in request order) that is not among the found rows, or undefined when all are. */
export function findFirstMissingRef(refs: readonly TPaperRef[], found: readonly PaperRow[]): TPaperRef | undefined {
  const keys = new Set(found.map((row) => paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' })));
  return refs.find((ref) => !keys.has(paperRefKey(ref)));
}

/** The error text every caller uses for a missing or invisible paper (one message, no existence leak). */
export const describePaper = (ref: TPaperRef) => `Paper ${ref.platform}/${ref.paper_id}`;

/**
 * docs/uploads.md#metadata-from-the-pdf: the corpus paper an uploaded PDF turned out to be (its DOI or
 * arXiv id matched), shown as "Also on arXiv" on the upload's page; null when none.
 */
export async function findUploadLink(db: Db, ref: TPaperRef): Promise<TPaperRef | null> {
  if (ref.platform !== UPLOAD_PLATFORM) return null;
  const [row] = await db
    .select({ platform: uploads.linkedPlatform, paperId: uploads.linkedPaperId })
    .from(uploads)
    .where(and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id)))
    .limit(1);
  return row?.platform && row.paperId ? { platform: row.platform, paper_id: row.paperId } : null;
}
