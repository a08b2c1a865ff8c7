import { z } from 'zod';
import {
  ZCreatePaperCommentRequest,
  ZCreateSharedFolderCommentRequest,
  ZPaperComment,
  ZSharedFolderComment,
} from './comment.schemas';
import { c, ZFolderId, ZOk, ZPaperId, ZPlatformQuery, ZRowId } from './common';

const ZCommentParams = z.object({ id: ZRowId });

export const commentsContract = c.router({
  listShared: {
    method: 'GET',
    path: '/api/comments/shared/:folderId',
    pathParams: z.object({ folderId: ZFolderId }),
    responses: { 200: z.array(ZSharedFolderComment) },
    summary: 'Comments on a shared folder, oldest first',
    description: 'Readable by whoever can view the folder (its members, or anyone when it is public); 404 otherwise.',
  },
  createShared: {
    method: 'POST',
    path: '/api/comments/shared',
    body: ZCreateSharedFolderCommentRequest,
    responses: { 201: ZSharedFolderComment },
    summary: 'Comment on a shared folder (commenter role or better)',
    description:
      "Needs a member's role of commenter, editor or owner: a public folder is read-only to everyone else (403). " +
      'Rate-limited; 404 for a folder the caller cannot view.',
  },
  deleteShared: {
    method: 'DELETE',
    path: '/api/comments/shared/:id',
    pathParams: ZCommentParams,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete a shared-folder comment',
    description: "Its author, or the folder's owner (moderation); its replies go with it.",
  },
  listPaper: {
    method: 'GET',
    path: '/api/comments/paper/:paperId',
    pathParams: z.object({ paperId: ZPaperId }),
    query: ZPlatformQuery,
    responses: { 200: z.array(ZPaperComment) },
    summary: 'Comments on a paper, oldest first',
    description:
      'paperId is URL-encoded (arXiv ids such as math/0601001 contain a slash). Anyone who can read the paper ' +
      'reads its comments.',
  },
  createPaper: {
    method: 'POST',
    path: '/api/comments/paper',
    body: ZCreatePaperCommentRequest,
    responses: { 201: ZPaperComment },
    summary: 'Comment on a paper',
  },
  deletePaper: {
    method: 'DELETE',
    path: '/api/comments/paper/:id',
    pathParams: ZCommentParams,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete your paper comment',
    description: 'Only its author; its replies go with it.',
  },
});
