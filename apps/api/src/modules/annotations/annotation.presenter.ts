import type { TAnnotation, TAnnotationKind } from '@paperbench/contract';
import type { AnnotationResource } from '../../policies/annotation.policy';
import { annotationAbilities, decideAnnotation, isAnnotationAuthor } from '../../policies/annotation.policy';
import type { Actor } from '../../policies/decision';
import type { FolderMembership } from '../../policies/folder.policy';
import type { PaperResource } from '../../policies/paper.policy';
import { ANONYMOUS_AUTHOR } from '../comments/comment.presenter';
import { anchorMark } from './anchor';
import type { AnnotationRow } from './annotations.repo';

/** What presenting a paper's marks needs once: the paper's facts, the actor's memberships and the page texts. */
export interface PresentContext {
  actor: Actor;
  paper: PaperResource;
  memberships: Map<number, FolderMembership>;
  /** The paper's page texts now (pages[0] is page 1); null while unknown. */
  pages: string[] | null;
}

/** The facts the rules read, from a listed row. */
function resourceOf(row: AnnotationRow, context: PresentContext): AnnotationResource {
  const folder =
    row.folderId === null || row.folderOwnerId === null
      ? null
      : {
          id: row.folderId,
          ownerId: row.folderOwnerId,
          isShared: row.folderIsShared,
          isPublic: row.folderIsPublic ?? false,
          membership: context.memberships.get(row.folderId),
        };
  return { authorId: row.userId, paper: context.paper, folder };
}

/** Where the mark is now: re-anchored by its quote in its page's text (docs/annotations.md#re-anchoring). */
function anchorOf(row: AnnotationRow, pages: string[] | null): Pick<TAnnotation, 'anchor' | 'position'> {
  // A page past the re-extracted text's end: nothing to search; shown, but as not placed.
  const pageGone = pages !== null && row.page > pages.length;
  if (row.quoteExact === null || row.positionStart === null || row.positionEnd === null) {
    return { anchor: pageGone ? 'orphaned' : 'placed', position: null };
  }
  const stored = { start: row.positionStart, end: row.positionEnd };
  if (pageGone) return { anchor: 'orphaned', position: stored };
  const quote = { exact: row.quoteExact, prefix: row.quotePrefix ?? '', suffix: row.quoteSuffix ?? '' };
  return anchorMark(pages === null ? null : (pages[row.page - 1] ?? ''), quote, stored);
}

/** A shared mark's thread (docs/annotations.md#threads); none for a private one. */
function threadOf(row: AnnotationRow, actor: Actor, mark: AnnotationResource): TAnnotation['thread'] {
  if (!mark.folder?.isShared) return null;
  return {
    resolved: row.resolvedAt !== null,
    reply_count: row.replyCount,
    unread_count: row.unread,
    can_reply: decideAnnotation(actor, mark, 'reply') === 'allowed',
  };
}

/** Row → the contract's mark: display name only (never an id), abilities from the policy. */
export function presentAnnotation(row: AnnotationRow, context: PresentContext): TAnnotation {
  const resource = resourceOf(row, context);
  return {
    id: row.id,
    paper_id: row.paperId,
    platform: row.platform,
    page: row.page,
    kind: row.kind as TAnnotationKind,
    color: row.color,
    note: row.note,
    quote:
      row.quoteExact === null
        ? null
        : { exact: row.quoteExact, prefix: row.quotePrefix ?? '', suffix: row.quoteSuffix ?? '' },
    ...anchorOf(row, context.pages),
    rects: row.rects,
    folder_id: row.folderId,
    author_name: row.authorName ?? ANONYMOUS_AUTHOR,
    is_mine: isAnnotationAuthor(context.actor, { authorId: row.userId }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: annotationAbilities(context.actor, resource),
    thread: threadOf(row, context.actor, resource),
  };
}
