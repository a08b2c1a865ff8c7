import type {
  TAnnotation,
  TAnnotationCount,
  TCreateAnnotationRequest,
  TPaperRef,
  TUpdateAnnotationRequest,
} from '@paperbench/contract';
import { DEFAULT_ANNOTATION_COLOR, paperRefKey } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { checkAccess, requireAccess } from '../../policies/access';
import { selectFolderMemberships, selectPapersForAccess } from '../../policies/access.repo';
import type { Actor } from '../../policies/decision';
import { describePaper } from '../papers/paper-visibility.repo';
import { type PresentContext, presentAnnotation } from './annotation.presenter';
import { requireWithinPageText } from './annotation-bounds';
import { toMarkdown, toW3c } from './annotation-formats';
import {
  type AnnotationRow,
  countVisibleAnnotations,
  deleteAnnotation,
  insertAnnotation,
  isSharedFolder,
  lockAndCountOwnAnnotations,
  selectAnnotationPaper,
  selectPageTexts,
  selectPaperLabel,
  selectVisibleAnnotations,
  updateOwnAnnotation,
} from './annotations.repo';

/*
 * docs/annotations.md: every method asks requireAccess first, before any side effect; the repo's scoped
 * queries stay behind it as a second wall (docs/security.md#policies).
 */

/** Presents a paper's rows with what the rules and the re-anchoring need, loaded once. */
async function presentAll(db: Db, actor: Actor, ref: TPaperRef, rows: AnnotationRow[]): Promise<TAnnotation[]> {
  const [[paper], memberships, texts] = await Promise.all([
    selectPapersForAccess(db, actor, [ref]),
    selectFolderMemberships(db, actor, [...new Set(rows.flatMap((row) => (row.folderId ? [row.folderId] : [])))]),
    selectPageTexts(db, ref),
  ]);
  if (!paper) throw notFound(describePaper(ref));
  const context: PresentContext = { actor, paper, memberships, pages: texts?.pages ?? null };
  return rows.map((row) => presentAnnotation(row, context));
}

/** GET /api/annotations: the marks the actor sees on a paper they may read. */
export async function listAnnotations(db: Db, actor: Actor, ref: TPaperRef): Promise<TAnnotation[]> {
  await requireAccess(db, actor, 'paper.read', [ref]);
  return presentAll(db, actor, ref, await selectVisibleAnnotations(db, actor, [ref]));
}

/** One mark as its reader sees it now (after a write). */
export async function presentOne(db: Db, actor: Actor, ref: TPaperRef, id: number): Promise<TAnnotation> {
  const rows = await selectVisibleAnnotations(db, actor, [ref], { id });
  const [mark] = await presentAll(db, actor, ref, rows);
  if (!mark) throw new Error('a mark just written is visible to its author');
  return mark;
}

/**
 * A folder a mark may be shared with: a shared folder where the actor comments, edits or owns (the
 * folder rule's 'comment': a viewer is refused 403, a stranger 404). Inside the write's transaction.
 */
async function requireShareTarget(tx: Db, folderId: number): Promise<void> {
  if (!(await isSharedFolder(tx, folderId))) {
    throw new AppError(
      'INVALID_REQUEST',
      `folder_id ${folderId}: this folder is not shared, so a mark cannot be shared with it (share the folder first)`,
    );
  }
}

/** POST /api/annotations. */
export async function createAnnotation(
  db: Db,
  userId: number,
  request: TCreateAnnotationRequest,
  quota: number,
): Promise<TAnnotation> {
  const actor = { userId };
  const ref = { platform: request.platform, paper_id: request.paper_id };
  await requireAccess(db, actor, 'paper.read', [ref]);
  const folderId = request.folder_id ?? null;
  if (folderId !== null) await requireAccess(db, actor, 'folder.comment', [folderId]);
  requireWithinPageText(request, await selectPageTexts(db, ref));
  const id = await db.transaction(async (tx) => {
    if (folderId !== null) await requireShareTarget(tx, folderId);
    if ((await lockAndCountOwnAnnotations(tx, userId)) >= quota) {
      throw new AppError(
        'CONFLICT',
        `You have ${quota} annotations, the most allowed (USER_ANNOTATION_QUOTA): delete some before adding more`,
        { quota },
      );
    }
    return insertAnnotation(tx, {
      userId,
      platform: ref.platform,
      paperId: ref.paper_id,
      page: request.page,
      kind: request.kind,
      color: request.color ?? DEFAULT_ANNOTATION_COLOR,
      note: request.note || null,
      quoteExact: request.quote?.exact ?? null,
      quotePrefix: request.quote?.prefix ?? null,
      quoteSuffix: request.quote?.suffix ?? null,
      positionStart: request.position?.start ?? null,
      positionEnd: request.position?.end ?? null,
      rects: request.rects,
      folderId,
    });
  });
  return presentOne(db, actor, ref, id);
}

/** PATCH /api/annotations/{id}: its author recolours, annotates, shares or unshares it. */
export async function updateAnnotation(
  db: Db,
  userId: number,
  id: number,
  patch: TUpdateAnnotationRequest,
): Promise<TAnnotation> {
  const actor = { userId };
  await requireAccess(db, actor, 'annotation.edit', [id]);
  const folderId = patch.folder_id;
  if (folderId !== undefined && folderId !== null) await requireAccess(db, actor, 'folder.comment', [folderId]);
  const ref = await db.transaction(async (tx) => {
    if (folderId !== undefined && folderId !== null) await requireShareTarget(tx, folderId);
    const changed = await updateOwnAnnotation(tx, userId, id, {
      color: patch.color,
      note: patch.note === undefined ? undefined : patch.note || null,
      folderId,
    });
    if (!changed) throw notFound(`Annotation ${id}`);
    // The mark stays on its paper: the row just changed names it.
    const paper = await selectAnnotationPaper(tx, id);
    if (!paper) throw notFound(`Annotation ${id}`);
    return paper;
  });
  return presentOne(db, actor, ref, id);
}

/** DELETE /api/annotations/{id}: its author, or the owner of the folder it is shared with. */
export async function removeAnnotation(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'annotation.delete', [id]);
  if (!(await deleteAnnotation(db, userId, id))) throw notFound(`Annotation ${id}`);
}

/** GET /api/annotations/counts: per paper the actor may read, how many marks they see (0 included). */
export async function countAnnotations(db: Db, actor: Actor, keys: readonly string[]): Promise<TAnnotationCount[]> {
  const refs = keys.map((key) => {
    const at = key.indexOf(':');
    return { platform: key.slice(0, at), paper_id: key.slice(at + 1) };
  });
  const readable = await checkAccess(db, actor, 'paper.read', refs);
  if (readable.length === 0) return [];
  const counted = new Map(
    (await countVisibleAnnotations(db, actor, readable)).map((row) => [
      paperRefKey({ platform: row.platform, paper_id: row.paperId }),
      row,
    ]),
  );
  return readable.map((ref) => {
    const row = counted.get(paperRefKey(ref));
    return { ...ref, annotation_count: row?.total ?? 0, mine_count: row?.mine ?? 0, unread_count: row?.unread ?? 0 };
  });
}

/** GET /api/annotations/export: what the list shows, as a Markdown or W3C JSON-LD file named after the paper. */
export async function exportAnnotations(db: Db, actor: Actor, ref: TPaperRef, format: 'markdown' | 'w3c') {
  const marks = await listAnnotations(db, actor, ref);
  const label = await selectPaperLabel(db, ref);
  if (!label) throw notFound(describePaper(ref));
  const paper = { ref, title: label.title, pdfUrl: label.pdfUrl };
  const base = `annotations-${ref.platform}-${ref.paper_id}`.replace(/[^\w.-]+/g, '_');
  return format === 'w3c'
    ? {
        contentType: 'application/ld+json; charset=utf-8',
        filename: `${base}.jsonld`,
        body: JSON.stringify(toW3c(paper, marks), null, 2),
      }
    : { contentType: 'text/markdown; charset=utf-8', filename: `${base}.md`, body: toMarkdown(paper, marks) };
}
