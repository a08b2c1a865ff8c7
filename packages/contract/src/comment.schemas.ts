import { z } from 'zod';
import { ZFolderId, ZPaperId, ZPlatform, ZRowId, ZTimestamp, zText } from './common';
import { ZPaperRef } from './paper.schemas';

/** Comment text: trimmed, 1-10000 characters. Stored as plain text; the web app escapes it on display. */
export const ZCommentContent = zText()
  .trim()
  .min(1, 'content must not be empty')
  .max(10_000, 'content must be at most 10000 characters');

/** Fields every comment carries. The author is shown by display name only: never a user id. */
const ZCommentBase = z.object({
  id: ZRowId,
  content: zText(),
  /** The author's name when signed in, else 'Anonymous'. */
  author_name: zText(),
  /** True when the caller wrote it (so the UI can say "you"); not an identifier. */
  is_mine: z.boolean(),
  created_at: ZTimestamp,
  /** The top-level comment this one replies to, or null (one level of replies). */
  parent_id: ZRowId.nullable(),
  /** Computed by the server's policies: the author, or the folder's owner for folder comments. */
  abilities: z.object({ delete: z.boolean() }),
});

/** requirements §3 Paper comment (camelCase names as the spec writes them). */
export const ZPaperComment = ZCommentBase.extend({ paperId: ZPaperId, platform: ZPlatform });
export type TPaperComment = z.infer<typeof ZPaperComment>;

/** requirements §3 Shared-folder comment. */
export const ZSharedFolderComment = ZCommentBase.extend({ folderId: ZFolderId });
export type TSharedFolderComment = z.infer<typeof ZSharedFolderComment>;

/** A reply names a top-level comment of the same paper or folder; replies to replies are refused (400). */
const ZParentId = ZRowId.optional();

export const ZCreatePaperCommentRequest = z.object({
  paperId: ZPaperId,
  content: ZCommentContent,
  platform: ZPaperRef.shape.platform,
  parent_id: ZParentId,
});
export type TCreatePaperCommentRequest = z.infer<typeof ZCreatePaperCommentRequest>;

export const ZCreateSharedFolderCommentRequest = z.object({
  folderId: ZFolderId,
  content: ZCommentContent,
  parent_id: ZParentId,
});
export type TCreateSharedFolderCommentRequest = z.infer<typeof ZCreateSharedFolderCommentRequest>;
