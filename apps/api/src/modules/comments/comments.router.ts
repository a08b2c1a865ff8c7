import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import {
  createFolderComment,
  createPaperComment,
  deleteFolderComment,
  deletePaperComment,
  listFolderComments,
  listPaperComments,
} from './comments.service';

const s = initServer();

/**
 * requirements §7 Comments (docs/collaboration.md). Reading works without X-User-ID where the paper or folder
 * is public; writing needs a user, has its own rate-limit budget (`comment`) and a daily quota per user.
 */
export const createCommentsRouter = ({ db, config }: AppContext) =>
  s.router(contract.comments, {
    listShared: async ({ params, request }) => ({
      status: 200,
      body: await listFolderComments(db, { userId: request.userId }, params.folderId),
    }),
    createShared: async ({ body, request }) => ({
      status: 201,
      body: await createFolderComment(db, requireUser(request), body, config.USER_COMMENT_QUOTA_PER_DAY),
    }),
    deleteShared: async ({ params, request }) => {
      await deleteFolderComment(db, requireUser(request), params.id);
      return { status: 200, body: { ok: true } };
    },
    listPaper: async ({ params, query, request }) => ({
      status: 200,
      body: await listPaperComments(
        db,
        { userId: request.userId },
        { platform: query.platform, paper_id: params.paperId },
      ),
    }),
    createPaper: async ({ body, request }) => ({
      status: 201,
      body: await createPaperComment(db, requireUser(request), body, config.USER_COMMENT_QUOTA_PER_DAY),
    }),
    deletePaper: async ({ params, request }) => {
      await deletePaperComment(db, requireUser(request), params.id);
      return { status: 200, body: { ok: true } };
    },
  });
