import type { TPaperRef } from '@paperbench/contract';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import {
  type AnnotationRectColumn,
  annotationReplies,
  annotations,
  folders,
  papers,
  paperTexts,
  users,
} from '../../db/schema';
import { folderFacts } from '../../policies/access.repo';
import type { Actor } from '../../policies/decision';
import { ownedFolder, readableFolder } from '../../policies/folder-scope.repo';
import { amongPaperRefs, paperRefsFilter, visiblePaperFilter } from '../papers/paper-visibility.repo';
import { unreadOf } from './annotation-replies.repo';

/** A mark with its author's display name and the facts of the folder it is shared with (for the rules only). */
export type AnnotationRow = Awaited<ReturnType<typeof selectVisibleAnnotations>>[number];

/** The join of a mark to its paper, which the actor must be able to read: a mark is never more visible than its paper. */
const onVisiblePaper = (actor: Actor): SQL =>
  and(
    eq(papers.platform, annotations.platform),
    eq(papers.paperId, annotations.paperId),
    visiblePaperFilter(actor.userId),
  ) as SQL;

/**
 * Marks on these papers, as a condition on the joined `papers` row: one ref probes its index; many (the
 * counts' 200) travel as one JSON parameter, cheaper to plan than a long IN list (paper-visibility.repo.ts).
 */
const onPapers = (refs: readonly TPaperRef[]): SQL =>
  refs.length === 1 ? paperRefsFilter(refs) : amongPaperRefs(refs);

/**
 * docs/annotations.md#sharing, in SQL (the second wall behind requireAccess): the actor's own marks, and
 * marks shared with a shared folder the actor may read. Never anyone else's private mark.
 */
function visibleMark(actor: Actor): SQL {
  const shared = and(
    isNotNull(annotations.folderId),
    inArray(
      annotations.folderId,
      // A sub-select, not a join: the folder's facts are selected beside the mark for the rules.
      sql`(select ${folders.id} from ${folders} where ${folders.type} = 'shared' and ${readableFolder(actor)})`,
    ),
  ) as SQL;
  return actor.userId === null ? shared : (or(eq(annotations.userId, actor.userId), shared) as SQL);
}

/** The marks the actor sees on these papers (each paper readable by them), by page then place. */
export function selectVisibleAnnotations(db: Db, actor: Actor, refs: readonly TPaperRef[], only?: { id: number }) {
  return db
    .select({
      id: annotations.id,
      userId: annotations.userId,
      authorName: users.name,
      platform: annotations.platform,
      paperId: annotations.paperId,
      page: annotations.page,
      kind: annotations.kind,
      color: annotations.color,
      note: annotations.note,
      quoteExact: annotations.quoteExact,
      quotePrefix: annotations.quotePrefix,
      quoteSuffix: annotations.quoteSuffix,
      positionStart: annotations.positionStart,
      positionEnd: annotations.positionEnd,
      rects: annotations.rects,
      folderId: annotations.folderId,
      resolvedAt: annotations.resolvedAt,
      unread: unreadOf(actor),
      replyCount: sql<number>`cast((select count(*) from ${annotationReplies} where ${annotationReplies.annotationId} = ${annotations.id}) as integer)`,
      folderOwnerId: folders.ownerId,
      folderIsShared: folderFacts.isShared,
      folderIsPublic: folders.isPublic,
      createdAt: annotations.createdAt,
      updatedAt: annotations.updatedAt,
    })
    .from(annotations)
    .innerJoin(papers, onVisiblePaper(actor))
    .innerJoin(users, eq(users.id, annotations.userId))
    .leftJoin(folders, eq(folders.id, annotations.folderId))
    .where(and(onPapers(refs), visibleMark(actor), only ? eq(annotations.id, only.id) : undefined))
    .orderBy(
      asc(annotations.page),
      sql`${annotations.positionStart} asc nulls last`,
      asc(annotations.createdAt),
      asc(annotations.id),
    );
}

/**
 * The user's own marks on these papers (each readable by them), by paper, page and place: what their marks
 * feed (docs/annotations.md#what-marks-feed). `textOnly`: marks with a quote (an area without text has
 * no words to cite). Never a mark of someone else's, shared or not.
 */
export function selectOwnMarks(
  db: Db,
  userId: number,
  refs: readonly TPaperRef[],
  { textOnly = false, limit }: { textOnly?: boolean; limit?: number } = {},
) {
  const query = db
    .select({
      platform: annotations.platform,
      paperId: annotations.paperId,
      page: annotations.page,
      quote: annotations.quoteExact,
      note: annotations.note,
    })
    .from(annotations)
    .innerJoin(papers, onVisiblePaper({ userId }))
    .where(
      and(onPapers(refs), eq(annotations.userId, userId), textOnly ? isNotNull(annotations.quoteExact) : undefined),
    )
    .orderBy(
      asc(annotations.platform),
      asc(annotations.paperId),
      asc(annotations.page),
      sql`${annotations.positionStart} asc nulls last`,
      asc(annotations.id),
    );
  return limit === undefined ? query : query.limit(limit);
}

/** How many marks the actor sees on each paper, and how many of them are theirs. */
export function countVisibleAnnotations(db: Db, actor: Actor, refs: readonly TPaperRef[]) {
  const mine = actor.userId === null ? sql`false` : eq(annotations.userId, actor.userId);
  return db
    .select({
      platform: annotations.platform,
      paperId: annotations.paperId,
      total: count(),
      mine: sql<number>`cast(count(*) filter (where ${mine}) as integer)`,
      unread: sql<number>`cast(coalesce(sum(${unreadOf(actor)}), 0) as integer)`,
    })
    .from(annotations)
    .innerJoin(papers, onVisiblePaper(actor))
    .where(and(onPapers(refs), visibleMark(actor)))
    .groupBy(annotations.platform, annotations.paperId);
}

/** docs/annotations.md#unread: the actor's unread count over the marks shared with a folder (on papers they may read). */
export async function countFolderUnread(db: Db, actor: Actor, folderId: number): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`cast(coalesce(sum(${unreadOf(actor)}), 0) as integer)` })
    .from(annotations)
    .innerJoin(papers, onVisiblePaper(actor))
    .where(and(eq(annotations.folderId, folderId), visibleMark(actor)));
  return row?.unread ?? 0;
}

/** The paper a mark is on. */
export async function selectAnnotationPaper(db: Db, id: number): Promise<TPaperRef | null> {
  const [row] = await db
    .select({ platform: annotations.platform, paper_id: annotations.paperId })
    .from(annotations)
    .where(eq(annotations.id, id));
  return row ?? null;
}

/** A paper's title and PDF link, for exports. */
export async function selectPaperLabel(db: Db, ref: TPaperRef) {
  const [row] = await db
    .select({ title: papers.title, pdfUrl: papers.pdfUrl })
    .from(papers)
    .where(paperRefsFilter([ref]));
  return row ?? null;
}

/**
 * The paper's extracted page texts as they are now, when extraction is done; null while unknown
 * (not extracted, failed, or only the abstract). `pageCount` may be known without the pages.
 */
export async function selectPageTexts(
  db: Db,
  ref: TPaperRef,
): Promise<{ pageCount: number | null; pages: string[] | null } | null> {
  const [row] = await db
    .select({ pageCount: paperTexts.pageCount, pages: paperTexts.pages })
    .from(paperTexts)
    .where(
      and(eq(paperTexts.platform, ref.platform), eq(paperTexts.paperId, ref.paper_id), eq(paperTexts.status, 'ready')),
    );
  if (!row) return null;
  return { pageCount: row.pages?.length ?? row.pageCount, pages: row.pages };
}

export interface NewAnnotation {
  userId: number;
  platform: string;
  paperId: string;
  page: number;
  kind: string;
  color: string;
  note: string | null;
  quoteExact: string | null;
  quotePrefix: string | null;
  quoteSuffix: string | null;
  positionStart: number | null;
  positionEnd: number | null;
  rects: AnnotationRectColumn[];
  folderId: number | null;
}

export async function insertAnnotation(tx: Db, mark: NewAnnotation): Promise<number> {
  const [row] = await tx.insert(annotations).values(mark).returning({ id: annotations.id });
  if (!row) throw new Error('annotation insert returned no row');
  return row.id;
}

/** Changes the user's own mark; false when there is no such mark of theirs. */
export async function updateOwnAnnotation(
  tx: Db,
  userId: number,
  id: number,
  patch: { color?: string; note?: string | null; folderId?: number | null },
): Promise<boolean> {
  const rows = await tx
    .update(annotations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(annotations.id, id), eq(annotations.userId, userId)))
    .returning({ id: annotations.id });
  return rows.length === 1;
}

/** Deletes a mark the user wrote or that is shared with a folder they own (moderation); false when none. */
export async function deleteAnnotation(db: Db, userId: number, id: number): Promise<boolean> {
  const owned = db.select({ id: folders.id }).from(folders).where(ownedFolder(userId));
  const rows = await db
    .delete(annotations)
    .where(and(eq(annotations.id, id), or(eq(annotations.userId, userId), inArray(annotations.folderId, owned))))
    .returning({ id: annotations.id });
  return rows.length === 1;
}

/**
 * Inside a transaction, under the user's annotation-quota lock (two writes at once cannot both take
 * the last place): how many marks the user holds.
 */
export async function lockAndCountOwnAnnotations(tx: Db, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.annotationQuota}, ${userId})`);
  const [row] = await tx.select({ n: count() }).from(annotations).where(eq(annotations.userId, userId));
  return row?.n ?? 0;
}

/** Whether the folder is shared (a mark can be shared only with a shared folder); locked against unsharing. */
export async function isSharedFolder(tx: Db, folderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.type, 'shared')))
    .for('key share');
  return row !== undefined;
}
