import type { TPaperComment, TSharedFolderComment } from '@paperbench/contract';
import { decideFolderCommentDelete, decidePaperCommentDelete, isCommentAuthor } from '../../policies/comment.policy';
import type { Actor } from '../../policies/decision';
import type { LoadedFolder } from '../../policies/folder.policy';
import type { PaperResource } from '../../policies/paper.policy';
import type { CommentRow, FolderCommentRow, PaperCommentRow } from './comments.repo';

/** Shown for an author who has not signed in: comments never carry a user id or an email. */
export const ANONYMOUS_AUTHOR = 'Anonymous';

const presentBase = (row: CommentRow, actor: Actor, canDelete: boolean) => ({
  id: row.id,
  content: row.content,
  author_name: row.authorName ?? ANONYMOUS_AUTHOR,
  is_mine: isCommentAuthor(actor, row),
  created_at: row.createdAt.toISOString(),
  parent_id: row.parentId,
  abilities: { delete: canDelete },
});

/** Row → requirements §3 Shared-folder comment; `delete` from the rule requireAccess enforces (author or moderator). */
export function presentFolderComment(row: FolderCommentRow, actor: Actor, folder: LoadedFolder): TSharedFolderComment {
  const canDelete = decideFolderCommentDelete(actor, { authorId: row.authorId, folder }) === 'allowed';
  return { ...presentBase(row, actor, canDelete), folderId: row.folderId };
}

/** Row → requirements §3 Paper comment; `delete` from the rule requireAccess enforces (the author alone). */
export function presentPaperComment(row: PaperCommentRow, actor: Actor, paper: PaperResource): TPaperComment {
  const canDelete = decidePaperCommentDelete(actor, { authorId: row.authorId, paper }) === 'allowed';
  return { ...presentBase(row, actor, canDelete), paperId: row.paperId, platform: row.platform };
}
